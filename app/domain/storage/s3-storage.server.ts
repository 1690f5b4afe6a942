import { AwsClient } from "aws4fetch";
import { checkStorageKey, type Storage } from "./storage";

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  prefix: string;
};

export class S3StorageError extends Error {
  override name = "S3StorageError";
}

/** Per request; the images are at most a few hundred KiB. */
const TIMEOUT_MS = 20_000;

/**
 * An S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …) behind the Storage interface: path-style
 * requests (<endpoint>/<bucket>/<prefix><key>) signed with SigV4 by aws4fetch. Error answers are
 * reported by status only (their bodies can echo the request).
 */
export class S3Storage implements Storage {
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: "s3",
      retries: 2,
    });
  }

  private url(key: string): string {
    const { endpoint, bucket, prefix } = this.settings;
    return `${endpoint}/${bucket}/${prefix}${checkStorageKey(key)}`;
  }

  private async send(key: string, init: RequestInit): Promise<Response> {
    return this.client.fetch(this.url(key), { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.send(key, {
      method: "PUT",
      body: new Uint8Array(body),
      headers: { "content-type": contentType, "cache-control": "public, max-age=31536000, immutable" },
    });
    await res.arrayBuffer();
    if (!res.ok) throw new S3StorageError(`S3 PUT ${key} failed: HTTP ${res.status}`);
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    const res = await this.send(key, { method: "GET" });
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) {
      await res.arrayBuffer();
      throw new S3StorageError(`S3 GET ${key} failed: HTTP ${res.status}`);
    }
    return {
      body: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get("content-type") ?? "application/octet-stream",
    };
  }

  async exists(key: string): Promise<boolean> {
    const res = await this.send(key, { method: "HEAD" });
    await res.arrayBuffer();
    if (res.status === 404) return false;
    if (!res.ok) throw new S3StorageError(`S3 HEAD ${key} failed: HTTP ${res.status}`);
    return true;
  }

  async delete(key: string): Promise<void> {
    const res = await this.send(key, { method: "DELETE" });
    await res.arrayBuffer();
    if (!res.ok && res.status !== 404) throw new S3StorageError(`S3 DELETE ${key} failed: HTTP ${res.status}`);
  }
}
