/**
 * Two shop instances on one database, each with its own DATA_DIR, sharing an S3-compatible bucket
 * (s3rver on loopback, STORAGE=s3; ADR 0041): a feed uploaded to A is imported by B, a feed B fetches
 * from the supplier's FTP server goes through the bucket, and a carousel image uploaded to A is served
 * by B. Nothing lands in either instance's DATA_DIR.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AdminActionResult } from "../../app/shared/admin-ui/admin-actions";
import { jobs, stock, supplierFeedRuns } from "../../app/db/schema";
import { createJobWorker } from "../../app/shared/jobs/worker.server";
import { feedQueues } from "../../app/features/supplier-feed/import-job.server";
import { FEED_QUEUE } from "../../app/features/supplier-feed/runs.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { storageFor } from "../../app/shared/storage/index.server";
import { startTestApp, type TestApp } from "../support/app";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { startTestFtpServer } from "../support/ftp-server";
import { startTestS3Server, type TestS3Server } from "../support/s3-server";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

const logger = createLogger("silent");
let s3: TestS3Server;
let ftp: Awaited<ReturnType<typeof startTestFtpServer>>;
beforeAll(async () => {
  [s3, ftp] = await Promise.all([startTestS3Server("trapkracht-shared"), startTestFtpServer()]);
  writeFileSync(path.join(ftp.root, "voorraad-feed.csv"), "ArtNo;ArtQuantity\n820001;61\n820002;62\n");
});
afterAll(async () => {
  await Promise.all([s3?.close(), ftp?.close()]);
});

const dataDirA = mkdtempSync(path.join(os.tmpdir(), "tk-instance-a-"));
const dataDirB = mkdtempSync(path.join(os.tmpdir(), "tk-instance-b-"));
afterAll(() => {
  for (const dir of [dataDirA, dataDirB]) rmSync(dir, { recursive: true, force: true });
});

const sharedEnv = () => ({
  ...s3.env,
  CONNECTION_TIMEOUT_MS: "5000",
  FTP_HOST: "127.0.0.1",
  FTP_PORT: String(ftp.port),
  FTP_USER: ftp.user,
  FTP_PASSWORD: ftp.password,
  FTP_REMOTE_PATH: "/",
});
const { app: appA, database } = useTestApp(() => ({ ...sharedEnv(), DATA_DIR: dataDirA }));
const db = () => database.db;
let appB: TestApp;
beforeAll(async () => {
  appB = await startTestApp(db(), { ...sharedEnv(), DATA_DIR: dataDirB });
});
afterAll(async () => {
  await appB?.close();
});

let admin: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  admin = await signedInUser(appA, db(), { role: "admin", email: "opslag.beheer@trapkracht.test" });
  await createProduct(db(), { artNo: 820001, stockQuantity: 1 });
  await createProduct(db(), { artNo: 820002, stockQuantity: 2 });
});
beforeEach(async () => {
  await db().delete(supplierFeedRuns);
  await db().delete(jobs);
});

/** The job worker of instance B: its config (its own DATA_DIR, the shared bucket). */
const runQueueOnB = () =>
  createJobWorker({
    db: db(),
    logger,
    queues: { [FEED_QUEUE]: feedQueues({ db: db(), config: appB.config, logger })[FEED_QUEUE]! },
    schedules: [],
  }).runOnce();

const quantity = async (artNo: number) => (await db().select().from(stock).where(eq(stock.artNo, artNo)))[0]!.quantity;
const objectsIn = (area: string) =>
  s3.requests.filter((r) => r.method === "PUT" && r.path.startsWith(`/${s3.bucket}/${area}/`)).map((r) => r.path);

describe("a supplier feed with STORAGE=s3", () => {
  it("uploaded to instance A is imported by instance B, and removed from the bucket once done", async () => {
    const form = new FormData();
    form.set("kind", "stock");
    form.set("file", new Blob(["ArtNo;ArtQuantity\n820001;17\n820002;18\n"], { type: "text/csv" }), "voorraad.csv");
    const res = await appA.get("/admin/feeds/upload", {
      method: "POST",
      body: form,
      headers: { cookie: admin.cookie, origin: appA.url },
    });
    expect(res.status).toBe(303);
    const [run] = await db().select().from(supplierFeedRuns);
    expect(run).toMatchObject({ source: "upload", status: "queued" });
    const key = run!.storedPath!;
    expect(key).toMatch(/^upload-[0-9a-f-]{36}\.feed$/);
    expect(objectsIn("feeds")).toContain(`/${s3.bucket}/feeds/${key}`);
    expect(existsSync(path.join(dataDirA, "supplier-feeds"))).toBe(false);

    await runQueueOnB();
    const [done] = await db().select().from(supplierFeedRuns);
    expect(done).toMatchObject({ status: "succeeded", rowsRead: 2, rejected: 0 });
    expect(await quantity(820001)).toBe(17);
    expect(await quantity(820002)).toBe(18);
    expect(await storageFor(appB.config, "feeds").exists(key)).toBe(false);
    expect(existsSync(path.join(dataDirB, "supplier-feeds"))).toBe(false);
  });

  it("fetched from the supplier's FTP server by instance B goes through the bucket", async () => {
    const { status, data } = await postToAction<AdminActionResult>(
      appA,
      "/admin/feeds",
      { intent: "start-remote", source: "ftp", remotePath: "/voorraad-feed.csv", kind: "stock" },
      { cookie: admin.cookie },
    );
    expect(status).toBe(200);
    expect(data.title).toMatch(/^Import #\d+ started$/);
    const [run] = await db().select().from(supplierFeedRuns);
    await runQueueOnB();
    const [done] = await db().select().from(supplierFeedRuns);
    expect(done).toMatchObject({ status: "succeeded", source: "ftp", rowsRead: 2, storedPath: `run-${run!.id}.feed` });
    expect(await quantity(820001)).toBe(61);
    expect(objectsIn("feeds")).toContain(`/${s3.bucket}/feeds/run-${run!.id}.feed`);
    expect(existsSync(path.join(dataDirB, "supplier-feeds"))).toBe(false);
  });

  it("whose file is gone from the bucket fails with a reason, without touching the stock", async () => {
    const form = new FormData();
    form.set("kind", "stock");
    form.set("file", new Blob(["ArtNo;ArtQuantity\n820001;99\n"], { type: "text/csv" }), "voorraad.csv");
    await appA.get("/admin/feeds/upload", {
      method: "POST",
      body: form,
      headers: { cookie: admin.cookie, origin: appA.url },
    });
    const [run] = await db().select().from(supplierFeedRuns);
    const feeds = storageFor(appA.config, "feeds");
    expect(await feeds.exists(run!.storedPath!)).toBe(true);
    await feeds.delete(run!.storedPath!);
    const before = await quantity(820001);
    await runQueueOnB();
    const [done] = await db().select().from(supplierFeedRuns);
    expect(done).toMatchObject({
      status: "failed",
      error: "The uploaded file is gone from the shop's file store (was it cleaned?); upload it again",
    });
    expect(await quantity(820001)).toBe(before);
  });
});

describe("a carousel image with STORAGE=s3", () => {
  it("uploaded to instance A is served by instance B, from the bucket", async () => {
    const photo = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#c0392b" } })
      .png()
      .toBuffer();
    const body = new FormData();
    body.append("file", new Blob([new Uint8Array(photo)], { type: "image/png" }), "dia.png");
    const res = await appA.get("/admin/homepage/upload", {
      method: "POST",
      body,
      headers: { cookie: admin.cookie, origin: appA.url },
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; url: string };
    expect(answer.url).toMatch(/^\/uploads\/carousel\/[0-9a-f-]{36}\.webp$/);
    const name = answer.url.split("/").at(-1)!;
    expect(objectsIn("carousel")).toEqual([`/${s3.bucket}/carousel/${name}`]);
    expect(existsSync(path.join(dataDirA, "uploads"))).toBe(false);

    const served = await appB.get(answer.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const image = Buffer.from(await served.arrayBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: "webp", width: 64, height: 36 });

    const missing = await appB.get("/uploads/carousel/00000000-0000-4000-8000-000000000000.webp");
    expect(missing.status).toBe(404);
  });
});
