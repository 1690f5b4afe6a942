import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/config/env.server";
import { S3Storage } from "../../app/domain/storage/s3-storage.server";
import { StorageKeyError, storageFor } from "../../app/domain/storage/storage.server";

/** A tiny S3 stand-in on loopback: objects in memory, every request's method, path and headers kept. */
let server: Server;
let endpoint = "";
const objects = new Map<string, { body: Buffer; contentType: string }>();
const seen: Array<{ method: string; path: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = decodeURIComponent((req.url ?? "").split("?")[0]!);
      seen.push({ method: req.method!, path, headers: req.headers });
      if (!String(req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 Credential=AKIDTEST/")) {
        res.writeHead(403).end("<Error><Code>AccessDenied</Code></Error>");
        return;
      }
      const object = objects.get(path);
      if (req.method === "PUT") {
        objects.set(path, { body: Buffer.concat(chunks), contentType: String(req.headers["content-type"]) });
        res.writeHead(200).end();
      } else if (req.method === "GET" || req.method === "HEAD") {
        if (!object) res.writeHead(404).end();
        else {
          res.writeHead(200, { "content-type": object.contentType, "content-length": object.body.length });
          res.end(req.method === "GET" ? object.body : undefined);
        }
      } else if (req.method === "DELETE") {
        objects.delete(path);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = () => ({
  endpoint,
  bucket: "trapkracht-media",
  region: "eu-central-1",
  accessKeyId: "AKIDTEST",
  secretAccessKey: "geheim-geheim",
  prefix: "images/",
});

describe("S3Storage", () => {
  it("puts, reads, checks and deletes objects with signed path-style requests", async () => {
    const store = new S3Storage(settings());
    const key = "10001-0123456789abcdef-800.webp";
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, Buffer.from("RIFF-webp-bytes"), "image/webp");
    expect(objects.get(`/trapkracht-media/images/${key}`)?.contentType).toBe("image/webp");
    expect(await store.exists(key)).toBe(true);
    const got = await store.get(key);
    expect(got?.body.toString()).toBe("RIFF-webp-bytes");
    expect(got?.contentType).toBe("image/webp");
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    const put = seen.find((r) => r.method === "PUT")!;
    expect(put.path).toBe(`/trapkracht-media/images/${key}`);
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/s3\/aws4_request/,
    );
    expect(put.headers["x-amz-content-sha256"]).toMatch(/^(UNSIGNED-PAYLOAD|[0-9a-f]{64})$/);
  });

  it("reports a refused request by its status only, and refuses keys that could leave the store", async () => {
    const store = new S3Storage({ ...settings(), accessKeyId: "WRONG" });
    await expect(store.put("a.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /^S3 PUT a\.webp failed: HTTP 403$/,
    );
    await expect(new S3Storage(settings()).get("../etc/passwd")).rejects.toBeInstanceOf(StorageKeyError);
    await expect(new S3Storage(settings()).get("a/b.webp")).rejects.toBeInstanceOf(StorageKeyError);
  });

  it("is the shop's store with IMAGE_STORAGE=s3, which needs endpoint, bucket and keys", () => {
    const config = loadConfig({
      IMAGE_STORAGE: "s3",
      S3_ENDPOINT: `${endpoint}/`,
      S3_BUCKET: "trapkracht-media",
      S3_ACCESS_KEY_ID: "AKIDTEST",
      S3_SECRET_ACCESS_KEY: "geheim-geheim",
    });
    expect(config.imageStorage).toEqual({
      kind: "s3",
      endpoint,
      bucket: "trapkracht-media",
      region: "us-east-1",
      accessKeyId: "AKIDTEST",
      secretAccessKey: "geheim-geheim",
      prefix: "images/",
    });
    expect(storageFor(config)).toBeInstanceOf(S3Storage);
    expect(loadConfig({}).imageStorage).toEqual({ kind: "local" });
    expect(() => loadConfig({ IMAGE_STORAGE: "s3", S3_BUCKET: "bucket" })).toThrow(
      /S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID en S3_SECRET_ACCESS_KEY: alle vier nodig met IMAGE_STORAGE=s3/,
    );
  });
});
