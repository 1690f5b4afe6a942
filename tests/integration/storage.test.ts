/**
 * The shop's one file store (app/shared/storage, ADR 0041): the same contract for the local folder and
 * for an S3-compatible bucket, the S3 side against a real server (s3rver on loopback, SigV4 checked).
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/shared/config/env.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import {
  LocalStorage,
  S3Storage,
  StorageKeyError,
  storageFor,
  withLocalFile,
  type Storage,
} from "../../app/shared/storage/index.server";
import { startTestS3Server, type TestS3Server } from "../support/s3-server";

let s3: TestS3Server;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "tk-storage-"));
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const MiB = 1024 * 1024;
const s3Settings = () => ({
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  region: "eu-central-1",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  prefix: "",
});

/** A feed-like CSV of `bytes` bytes, made 64 KiB at a time as it is read; `produced` says how far. */
function generatedFeed(bytes: number) {
  const line = "810001;42\n";
  const chunk = Buffer.from(line.repeat(Math.ceil((64 * 1024) / line.length))).subarray(0, 64 * 1024);
  const state = { produced: 0, hash: createHash("sha256") };
  const stream = Readable.from(
    (function* () {
      while (state.produced < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - state.produced));
        state.produced += piece.length;
        state.hash.update(piece);
        yield piece;
      }
    })(),
  );
  return { stream, state };
}

async function sha256Of(stream: Readable): Promise<{ hash: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done();
      },
    }),
  );
  return { hash: hash.digest("hex"), bytes };
}

const stores: [string, () => Storage][] = [
  ["a local folder", () => new LocalStorage("feeds", path.join(dataDir, "supplier-feeds"))],
  ["an S3 bucket (s3rver)", () => new S3Storage("feeds", s3Settings())],
];

describe.each(stores)("the store in %s", (_name, makeStore) => {
  it("puts, reads, checks and deletes an object", async () => {
    const store = makeStore();
    const key = "10001-0123456789abcdef-800.webp";
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    expect(await store.getStream(key)).toBeNull();
    await store.put(key, Buffer.from("RIFF-webp-bytes"), "image/webp");
    expect(await store.exists(key)).toBe(true);
    const got = await store.get(key);
    expect(got?.body.toString()).toBe("RIFF-webp-bytes");
    expect(got?.contentType).toBe("image/webp");
    const streamed = await store.getStream(key);
    expect(streamed?.bytes).toBe(15);
    expect((await sha256Of(streamed!.body)).hash).toBe(createHash("sha256").update("RIFF-webp-bytes").digest("hex"));
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    // Deleting what is not there is no error.
    await store.delete(key);
  });

  it("streams a 13 MiB feed in and out whole, and a failing source leaves nothing", async () => {
    const store = makeStore();
    const feed = generatedFeed(13 * MiB);
    expect(await store.putStream("upload-big.feed", feed.stream, "application/octet-stream")).toBe(13 * MiB);
    const back = await store.getStream("upload-big.feed");
    expect(await sha256Of(back!.body)).toEqual({ hash: feed.state.hash.digest("hex"), bytes: 13 * MiB });
    const copied = await withLocalFile(store, "upload-big.feed", async (file) => statSync(file).size);
    expect(copied).toEqual({ value: 13 * MiB });

    const broken = Readable.from(
      (function* () {
        yield Buffer.alloc(6 * MiB, 65);
        throw new Error("connection reset by the browser");
      })(),
    );
    await expect(store.putStream("upload-broken.feed", broken, "application/octet-stream")).rejects.toThrow(
      "connection reset by the browser",
    );
    expect(await store.exists("upload-broken.feed")).toBe(false);
    await store.delete("upload-big.feed");
  });

  it("refuses keys that could leave its area, before any request or file access", async () => {
    const store = makeStore();
    const before = s3.requests.length;
    for (const key of ["../etc/passwd", "a/b.webp", "..", "", ".hidden", "A.webp", "x\u0000.webp"]) {
      await expect(store.get(key), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toBeInstanceOf(StorageKeyError);
      await expect(store.putStream(key, Readable.from(["x"]), "text/plain"), key).rejects.toBeInstanceOf(
        StorageKeyError,
      );
      await expect(store.delete(key), key).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(s3.requests.length).toBe(before);
  });
});

describe("the S3 store against s3rver", () => {
  it("keeps each area under its own prefix in the bucket, with signed path-style requests", async () => {
    const images = new S3Storage("images", { ...s3Settings(), prefix: "winkel/" });
    const carousel = new S3Storage("carousel", { ...s3Settings(), prefix: "winkel/" });
    await images.put("same-name.webp", Buffer.from("image"), "image/webp");
    await carousel.put("same-name.webp", Buffer.from("slide"), "image/webp");
    expect((await images.get("same-name.webp"))?.body.toString()).toBe("image");
    expect((await carousel.get("same-name.webp"))?.body.toString()).toBe("slide");
    const puts = s3.requests.filter((r) => r.method === "PUT" && r.path.endsWith("/same-name.webp")).map((r) => r.path);
    expect(puts).toEqual([
      `/${s3.bucket}/winkel/images/same-name.webp`,
      `/${s3.bucket}/winkel/carousel/same-name.webp`,
    ]);
  });

  // s3rver knows one access key and refuses others; it does not recompute SigV4 signatures (aws4fetch's
  // signing is what AWS, R2 and MinIO check).
  it("reports a refused request by its status only", async () => {
    const unknownKey = new S3Storage("images", { ...s3Settings(), accessKeyId: "SOMEONE-ELSE" });
    await expect(unknownKey.put("a.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      /^S3 PUT a\.webp failed: HTTP 403$/,
    );
    await expect(unknownKey.exists("a.webp")).rejects.toThrow(/^S3 HEAD a\.webp failed: HTTP 403$/);
  });

  it("sends a large stream as a multipart upload, one part in memory at a time", async () => {
    const PART = 5 * MiB;
    const store = new S3Storage("feeds", s3Settings(), PART);
    const size = 3 * PART + 123_457;
    const feed = generatedFeed(size);
    // How much of the source had been read when each part reached the server.
    const readWhenPartArrived: number[] = [];
    s3.onRequest = (request) => {
      if (request.query.has("partNumber")) readWhenPartArrived.push(feed.state.produced);
    };
    const first = s3.requests.length;
    try {
      expect(await store.putStream("upload-multipart.feed", feed.stream, "application/octet-stream")).toBe(size);
    } finally {
      s3.onRequest = null;
    }
    const sent = s3.requests.slice(first);
    expect(sent.filter((r) => r.method === "POST" && r.query.has("uploads"))).toHaveLength(1);
    const parts = sent.filter((r) => r.method === "PUT" && r.query.has("partNumber"));
    expect(parts.map((r) => [r.query.get("partNumber"), r.bytes])).toEqual([
      ["1", PART],
      ["2", PART],
      ["3", PART],
      ["4", 123_457],
    ]);
    expect(sent.filter((r) => r.method === "POST" && r.query.has("uploadId"))).toHaveLength(1);
    // Part n is sent before the source is read past part n+1 (plus one 64 KiB chunk): the stream is
    // never gathered whole, memory holds about a part.
    readWhenPartArrived.forEach((read, i) =>
      expect(read, `part ${i + 1}`).toBeLessThanOrEqual((i + 2) * PART + 64 * 1024),
    );
    const back = await store.getStream("upload-multipart.feed");
    expect(back?.bytes).toBe(size);
    expect(await sha256Of(back!.body)).toEqual({ hash: feed.state.hash.digest("hex"), bytes: size });
  });

  it("aborts a multipart upload whose source fails, so the bucket keeps no parts", async () => {
    const PART = 5 * MiB;
    const store = new S3Storage("feeds", s3Settings(), PART);
    const first = s3.requests.length;
    const broken = Readable.from(
      (function* () {
        yield Buffer.alloc(PART, 66);
        yield Buffer.alloc(PART, 67);
        throw new Error("the supplier's server hung up");
      })(),
    );
    await expect(store.putStream("run-9.feed", broken, "application/octet-stream")).rejects.toThrow(
      "the supplier's server hung up",
    );
    const sent = s3.requests.slice(first);
    expect(sent.filter((r) => r.query.has("partNumber")).length).toBeGreaterThanOrEqual(1);
    expect(sent.filter((r) => r.method === "DELETE" && r.query.has("uploadId"))).toHaveLength(1);
    expect(await store.exists("run-9.feed")).toBe(false);
  });

  it("copies an object to a scratch file for a reader, and removes the copy afterwards", async () => {
    const store = new S3Storage("feeds", s3Settings());
    await store.put("upload-scratch.feed", Buffer.from("ArtNo;ArtQuantity\n810001;4\n"), "text/csv");
    let seen = "";
    const result = await withLocalFile(store, "upload-scratch.feed", async (file) => {
      seen = file;
      return readdirSync(path.dirname(file)).includes(path.basename(file));
    });
    expect(result).toEqual({ value: true });
    expect(readdirSync(path.dirname(seen))).not.toContain(path.basename(seen));
    expect(await withLocalFile(store, "missing.feed", async () => "called")).toBeNull();
  });
});

describe("configuration", () => {
  const s3Env = () => ({
    S3_ENDPOINT: `${s3.endpoint}/`,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  });

  it("STORAGE=s3 puts every area in the bucket; IMAGE_STORAGE is still read; local is the default", () => {
    const config = loadConfig({ STORAGE: "s3", ...s3Env() });
    expect(config.storage).toEqual({
      kind: "s3",
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      prefix: "",
    });
    for (const area of ["images", "carousel", "feeds"] as const)
      expect(storageFor(config, area)).toBeInstanceOf(S3Storage);
    expect(loadConfig({ IMAGE_STORAGE: "s3", ...s3Env() }).storage.kind).toBe("s3");
    expect(loadConfig({ STORAGE: "local", IMAGE_STORAGE: "s3", ...s3Env() }).storage).toEqual({ kind: "local" });
    const local = loadConfig({ DATA_DIR: dataDir });
    expect(local.storage).toEqual({ kind: "local" });
    expect((storageFor(local, "carousel") as LocalStorage).dir).toBe(path.join(dataDir, "uploads", "carousel"));
    expect((storageFor(local, "feeds") as LocalStorage).dir).toBe(path.join(dataDir, "supplier-feeds"));
    expect((storageFor(local, "images") as LocalStorage).dir).toBe(path.join(dataDir, "images"));
    expect(() => loadConfig({ STORAGE: "s3", S3_BUCKET: "bucket" })).toThrow(
      /S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID en S3_SECRET_ACCESS_KEY: alle vier nodig met STORAGE=s3/,
    );
    expect(() => loadConfig({ STORAGE: "s3", ...s3Env(), S3_PREFIX: "../" })).toThrow(/S3_PREFIX/);
  });

  it("never writes the secret key to the log", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const config = loadConfig({ STORAGE: "s3", ...s3Env(), S3_SECRET_ACCESS_KEY: "zeer-geheime-sleutel" });
    logger.info({ config }, "configuration");
    logger.info({ storage: config.storage }, "storage");
    expect(lines.join("")).not.toContain("zeer-geheime-sleutel");
  });
});
