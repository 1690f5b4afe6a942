import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsClient } from "aws4fetch";
import { checkStorageKey, type Storage, type StorageArea } from "./storage";

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Before every key, then the area: <prefix><area>/<key>. */
  prefix: string;
};

export class S3StorageError extends Error {
  override name = "S3StorageError";
}

/** A request that sends or answers with at most one part (a few MiB) gets this long. */
const REQUEST_TIMEOUT_MS = 60_000;
/**
 * Streams are sent in parts of this size (S3's minimum is 5 MiB, except the last part): one part is
 * in memory at a time. 10 000 parts of 8 MiB allow 78 GiB, far above FEED_MAX_BYTES.
 */
export const DEFAULT_PART_BYTES = 8 * 1024 * 1024;

const xmlText = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? null;
const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * One area of an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …) behind the Storage interface:
 * path-style requests (<endpoint>/<bucket>/<prefix><area>/<key>) signed with SigV4 by aws4fetch.
 * Large streams go up as a multipart upload, part by part. Error answers are reported by status only
 * (their bodies can echo the request); the secret never leaves the signature.
 */
export class S3Storage implements Storage {
  private readonly client: AwsClient;

  constructor(
    readonly area: StorageArea,
    private readonly settings: S3Settings,
    private readonly partBytes = DEFAULT_PART_BYTES,
  ) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: "s3",
      retries: 2,
    });
  }

  localPath(): null {
    return null;
  }

  private url(key: string, query = ""): string {
    const { endpoint, bucket, prefix } = this.settings;
    return `${endpoint}/${bucket}/${prefix}${this.area}/${checkStorageKey(key)}${query}`;
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    return this.client.fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  }

  /** Reads and drops the answer's body (a connection is only reused once it is read), then checks it. */
  private async expectOk(res: Response, what: string, allowed: number[] = []): Promise<string> {
    const text = await res.text();
    if (!res.ok && !allowed.includes(res.status)) throw new S3StorageError(`S3 ${what} failed: HTTP ${res.status}`);
    return text;
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const res = await this.send(this.url(key), {
      method: "PUT",
      body: new Uint8Array(body),
      headers: { "content-type": contentType, "cache-control": "public, max-age=31536000, immutable" },
    });
    await this.expectOk(res, `PUT ${key}`);
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    const url = this.url(key);
    const parts = partsOf(body, this.partBytes);
    const first = await parts.next();
    const firstPart = first.done ? Buffer.alloc(0) : first.value;
    if (firstPart.length < this.partBytes) {
      // All of it fits in one part: one PUT.
      await this.put(key, firstPart, contentType);
      return firstPart.length;
    }
    const created = await this.send(`${url}?uploads`, { method: "POST", headers: { "content-type": contentType } });
    const uploadId = xmlText(await this.expectOk(created, `multipart upload of ${key}`), "UploadId");
    if (!uploadId) throw new S3StorageError(`S3 multipart upload of ${key} failed: no UploadId`);
    const tags: string[] = [];
    let bytes = 0;
    try {
      let part: Buffer | undefined = firstPart;
      while (part) {
        const number = tags.length + 1;
        const res = await this.send(`${url}?partNumber=${number}&uploadId=${encodeURIComponent(uploadId)}`, {
          method: "PUT",
          body: new Uint8Array(part.buffer as ArrayBuffer, part.byteOffset, part.length),
        });
        await this.expectOk(res, `part ${number} of ${key}`);
        const etag = res.headers.get("etag");
        if (!etag) throw new S3StorageError(`S3 part ${number} of ${key} failed: no ETag`);
        tags.push(etag);
        bytes += part.length;
        const next = await parts.next();
        part = next.done ? undefined : next.value;
      }
      const list = tags.map(
        (etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`,
      );
      const done = await this.send(`${url}?uploadId=${encodeURIComponent(uploadId)}`, {
        method: "POST",
        body: `<CompleteMultipartUpload>${list.join("")}</CompleteMultipartUpload>`,
        headers: { "content-type": "application/xml" },
      });
      // S3 may answer 200 and still report a failure in the body.
      const answer = await this.expectOk(done, `completing ${key}`);
      if (answer.includes("<Error>"))
        throw new S3StorageError(`S3 completing ${key} failed: ${xmlText(answer, "Code")}`);
      return bytes;
    } catch (error) {
      // Parts already sent would otherwise be kept (and billed) by the bucket.
      await this.send(`${url}?uploadId=${encodeURIComponent(uploadId)}`, { method: "DELETE" })
        .then((res) => res.text())
        .catch(() => undefined);
      body.destroy();
      throw error;
    }
  }

  async get(key: string): Promise<{ body: Buffer; contentType: string } | null> {
    const res = await this.send(this.url(key), { method: "GET" });
    if (res.status === 404) {
      await res.text();
      return null;
    }
    if (!res.ok) await this.expectOk(res, `GET ${key}`);
    return {
      body: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get("content-type") ?? "application/octet-stream",
    };
  }

  /**
   * The answer's headers must come within the request timeout; the body then has no overall limit (a
   * gigabyte takes a while), and a body that goes silent is broken off by fetch itself (undici's
   * bodyTimeout, 5 minutes between chunks).
   */
  async getStream(key: string): Promise<{ body: Readable; contentType: string; bytes: number | null } | null> {
    const abort = new AbortController();
    const headersTimer = setTimeout(
      () => abort.abort(new S3StorageError(`S3 GET ${key}: no answer`)),
      REQUEST_TIMEOUT_MS,
    );
    let res: Response;
    try {
      res = await this.client.fetch(this.url(key), { method: "GET", signal: abort.signal });
    } finally {
      clearTimeout(headersTimer);
    }
    if (res.status === 404 || !res.ok || !res.body) {
      await this.expectOk(res, `GET ${key}`, [404]);
      return null;
    }
    const body = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    const length = res.headers.get("content-length");
    return {
      body,
      contentType: res.headers.get("content-type") ?? "application/octet-stream",
      bytes: length === null ? null : Number(length),
    };
  }

  async exists(key: string): Promise<boolean> {
    const res = await this.send(this.url(key), { method: "HEAD" });
    await this.expectOk(res, `HEAD ${key}`, [404]);
    return res.status !== 404;
  }

  async delete(key: string): Promise<void> {
    const res = await this.send(this.url(key), { method: "DELETE" });
    await this.expectOk(res, `DELETE ${key}`, [404]);
  }
}

/**
 * The stream in pieces of exactly `size` bytes (the last one shorter): a part is copied together
 * from the stream's chunks, so memory holds one part and one chunk, whatever the stream's length.
 */
async function* partsOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let part = Buffer.allocUnsafe(size);
  let filled = 0;
  for await (const chunk of stream as AsyncIterable<Buffer | string>) {
    let data = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    while (data.length > 0) {
      const taken = Math.min(size - filled, data.length);
      data.copy(part, filled, 0, taken);
      filled += taken;
      data = data.subarray(taken);
      if (filled === size) {
        yield part;
        part = Buffer.allocUnsafe(size);
        filled = 0;
      }
    }
  }
  if (filled > 0 || size === 0) yield part.subarray(0, filled);
}
