import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, count, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminChanges, imageMigrationBatches, imageMigrationResults, jobs, products } from "../../app/db/schema";
import { pointDemoImagesAtTestSupplier } from "../../app/db/seed/supplier-images.server";
import { convertToWebp, NotAnImageError } from "../../app/features/image-migration/convert.server";
import { downloadImage, type DownloadOptions } from "../../app/features/image-migration/download.server";
import {
  IMAGE_MIGRATION_QUEUE,
  imageMigrationQueue,
  imageStatistics,
} from "../../app/features/image-migration/migration.server";
import { createJobWorker } from "../../app/shared/jobs/worker.server";
import { storageFor } from "../../app/shared/storage/index.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useTestApp, useTestDatabase } from "../support/fixture";
import { startImageServer, type ImageServer } from "../support/image-server";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

/** Short limits, so the huge file and the hanging server fail fast. */
const LIMITS = { connectTimeoutMs: 2_000, readTimeoutMs: 400, totalTimeoutMs: 5_000, maxBytes: 1024 * 1024 };
const HUGE = 3 * 1024 * 1024;

let images: ImageServer;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-images-"));
beforeAll(async () => {
  images = await startImageServer({ hugeBytes: HUGE });
});
afterAll(async () => {
  await images?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const allowed: DownloadOptions = { allowLoopback: true, ...LIMITS };
const refused: DownloadOptions = { allowLoopback: false, ...LIMITS };

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a failure");
}

describe("downloading an image", () => {
  it("downloads a real JPEG and PNG and turns them into WebP at 400 and 800 px (never enlarged)", async () => {
    const jpeg = await downloadImage(`${images.url}/good.jpg`, allowed);
    expect(jpeg.contentType).toBe("image/jpeg");
    const converted = await convertToWebp(jpeg.body);
    expect(converted.hash).toMatch(/^[0-9a-f]{16}$/);
    const sizes = await Promise.all(converted.variants.map(async (v) => (await sharp(v.body).metadata()).width));
    expect(converted.variants.map((v) => v.width)).toEqual([400, 800]);
    expect(sizes).toEqual([400, 800]);
    const formats = await Promise.all(converted.variants.map(async (v) => (await sharp(v.body).metadata()).format));
    expect(formats).toEqual(["webp", "webp"]);

    const png = await convertToWebp((await downloadImage(`${images.url}/good.png`, allowed)).body);
    // The PNG is 300 px wide: not blown up.
    expect(await Promise.all(png.variants.map(async (v) => (await sharp(v.body).metadata()).width))).toEqual([
      300, 300,
    ]);
  });

  it("refuses a 404, an HTML page, text posing as a JPEG, a huge file, a server that hangs and redirect loops", async () => {
    expect(await failure(downloadImage(`${images.url}/missing.jpg`, allowed))).toMatch(/^HTTP 404/);
    const html = await downloadImage(`${images.url}/page.html`, allowed);
    await expect(convertToWebp(html.body)).rejects.toBeInstanceOf(NotAnImageError);
    const fake = await downloadImage(`${images.url}/fake.jpg`, allowed);
    await expect(convertToWebp(fake.body)).rejects.toBeInstanceOf(NotAnImageError);
    expect(await failure(downloadImage(`${images.url}/huge.jpg`, allowed))).toMatch(/^Too large/);
    expect(await failure(downloadImage(`${images.url}/huge-chunked.jpg`, allowed))).toMatch(/^Too large/);
    expect(await failure(downloadImage(`${images.url}/hang.jpg`, allowed))).toMatch(/^No answer within 400 ms/);
    expect(await failure(downloadImage(`${images.url}/redirect-loop.jpg`, allowed))).toMatch(/^Too many redirects/);
    // A host name goes through the guarded DNS lookup (localhost: loopback, allowed here).
    const byName = await downloadImage(`http://localhost:${new URL(images.url).port}/good.png`, allowed);
    expect(byName.contentType).toBe("image/png");
    const redirected = await downloadImage(`${images.url}/redirect-good.jpg`, allowed);
    expect(redirected.finalUrl).toBe(`${images.url}/good.jpg`);
  });

  it("never goes to a private address, also not after a redirect", async () => {
    expect(await failure(downloadImage(`${images.url}/redirect-private.jpg`, allowed))).toMatch(
      /Refused: 10\.0\.0\.1 is not a public address/,
    );
  });

  it("refuses loopback without the allowance, before any request reaches the server", async () => {
    const before = images.requests.length;
    const port = new URL(images.url).port;
    for (const url of [
      `${images.url}/good.jpg`,
      `http://localhost:${port}/good.jpg`,
      `http://[::1]:${port}/good.jpg`,
      `http://[::ffff:127.0.0.1]:${port}/good.jpg`,
      `http://2130706433:${port}/good.jpg`,
    ]) {
      expect(await failure(downloadImage(url, refused)), url).toMatch(/^Refused/);
    }
    expect(images.requests.length).toBe(before);
  });

  it("refuses private, link-local, ULA and non-http addresses whatever the allowance", async () => {
    for (const url of [
      "http://10.1.2.3/a.jpg",
      "http://172.16.0.1/a.jpg",
      "http://192.168.1.1/a.jpg",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/a.jpg",
      "http://0.0.0.0/a.jpg",
      "http://[fd00::1]/a.jpg",
      "http://[fe80::1]/a.jpg",
      "http://[::ffff:10.0.0.1]/a.jpg",
      "file:///etc/passwd",
      "ftp://example.com/a.jpg",
      "http://user:pw@example.com/a.jpg",
    ]) {
      expect(await failure(downloadImage(url, allowed)), url).toMatch(/^Refused/);
    }
  });
});

describe("the image migration tool", () => {
  const { app, database } = useTestApp(() => ({ DATA_DIR: dataDir, OUTBOUND_ALLOW_LOOPBACK: "true" }));
  const db = () => database.db;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let customer: Awaited<ReturnType<typeof signedInUser>>;
  const art = {
    good: 700_001,
    missing: 700_002,
    html: 700_003,
    huge: 700_004,
    hang: 700_005,
    local: 700_006,
    goodLater: 700_007,
  };

  beforeAll(async () => {
    admin = await signedInUser(app, db(), { role: "admin", email: "beeldbeheer@trapkracht.test" });
    customer = await signedInUser(app, db(), { email: "kijker@example.nl" });
    await createProduct(db(), {
      artNo: art.good,
      images: [`${images.url}/good.jpg`, `/media/product/${art.good}-2.svg`, `${images.url}/redirect-good.jpg`],
    });
    await createProduct(db(), { artNo: art.missing, images: [`${images.url}/missing.jpg`] });
    await createProduct(db(), { artNo: art.html, images: [`${images.url}/page.html`] });
    await createProduct(db(), { artNo: art.huge, images: [`${images.url}/huge.jpg`] });
    await createProduct(db(), { artNo: art.hang, images: [`${images.url}/hang.jpg`] });
    await createProduct(db(), { artNo: art.local, images: [`/media/product/${art.local}-1.svg`] });
    await createProduct(db(), { artNo: art.goodLater, images: [`${images.url}/good.png`] });
  });

  const postAsAdmin = (fields: Record<string, string>) =>
    app.post("/admin/image-migration", fields, { headers: { cookie: admin.cookie } });
  const pageAsAdmin = (query = "") => app.html(`/admin/image-migration${query}`, { headers: { cookie: admin.cookie } });
  const worker = () =>
    createJobWorker({
      db: db(),
      logger: createLogger("silent"),
      queues: {
        [IMAGE_MIGRATION_QUEUE]: imageMigrationQueue({
          config: app.config,
          storage: storageFor(app.config, "images"),
          download: LIMITS,
        }),
      },
    });
  const imagesOf = async (artNo: number) =>
    (await db().select({ images: products.images }).from(products).where(eq(products.artNo, artNo)))[0]!.images;
  const results = () =>
    db()
      .select({
        artNo: imageMigrationResults.artNo,
        status: imageMigrationResults.status,
        message: imageMigrationResults.message,
        originalUrls: imageMigrationResults.originalUrls,
        newUrls: imageMigrationResults.newUrls,
      })
      .from(imageMigrationResults)
      .orderBy(asc(imageMigrationResults.artNo));

  it("shows the Statistics and Migration Tool tabs with the batch size input (1 to 50, default 10)", async () => {
    const tool = await pageAsAdmin();
    expect(tool.status).toBe(200);
    expect(tool.html).toContain(">Statistics</a>");
    expect(tool.html).toContain(">Migration Tool</a>");
    expect(tool.html).toMatch(/<input[^>]*id="batch-size"[^>]*>/);
    const input = /<input[^>]*id="batch-size"[^>]*>/.exec(tool.html)![0];
    expect(input).toContain('min="1"');
    expect(input).toContain('max="50"');
    expect(input).toContain('value="10"');
    expect(tool.html).toContain("10 to 20 is recommended");
    expect(tool.html).toContain(">Start Migration</button>");

    const stats = await pageAsAdmin("?tab=statistics");
    expect(stats.status).toBe(200);
    // 7 products: 7 external URLs (6 products), 2 local generated images (both products exist).
    expect(stats.html).toMatch(/Images on external URLs<\/dt><dd[^>]*>7<\/dd>/);
    expect(stats.html).toMatch(/Local images<\/dt><dd[^>]*>2<\/dd>/);
    expect(stats.html).toMatch(/Broken images<\/dt><dd[^>]*>0<\/dd>/);
  });

  it("refuses a batch size outside 1 to 50 and starts nothing", async () => {
    for (const batchSize of ["0", "51", "abc", "", "2.5", "-1"]) {
      const res = await postAsAdmin({ intent: "migrate", batchSize });
      expect(res.status, batchSize).toBe(400);
      expect(await res.text()).toContain("Invalid batch size");
    }
    expect((await db().select({ n: count() }).from(imageMigrationBatches))[0]!.n).toBe(0);
    expect((await db().select({ n: count() }).from(jobs).where(eq(jobs.queue, IMAGE_MIGRATION_QUEUE)))[0]!.n).toBe(0);
  });

  it("runs a batch as a job on the real queue: success, 404 and HTML page per product, images rewritten and recorded", async () => {
    const res = await postAsAdmin({ intent: "migrate", batchSize: "3" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Migration batch started");
    const [batch] = await db().select().from(imageMigrationBatches);
    expect(batch).toMatchObject({ status: "queued", batchSize: 3, startArtNo: null, actorEmail: admin.email });
    const [job] = await db().select().from(jobs).where(eq(jobs.queue, IMAGE_MIGRATION_QUEUE));
    expect(job).toMatchObject({ status: "pending", payload: { batchId: batch!.id } });
    const starts = await db().select().from(adminChanges).where(eq(adminChanges.entityType, "image-migration"));
    expect(starts).toMatchObject([
      { action: "start", after: { batchSize: 3, startArtNo: null }, actorEmail: admin.email },
    ]);

    // Only one batch at a time.
    const again = await postAsAdmin({ intent: "migrate", batchSize: "3" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already running");
    // And no reset while it waits.
    expect((await postAsAdmin({ intent: "reset" })).status).toBe(409);

    const waiting = await pageAsAdmin();
    expect(waiting.html).toContain(`Batch ${batch!.id} is waiting to start`);
    expect(waiting.html).toMatch(/<button[^>]*disabled=""[^>]*>Continue Migration<\/button>/);
    expect(waiting.html).toMatch(/<button[^>]*disabled=""[^>]*>Reset<\/button>/);

    expect(await worker().runOnce()).toBe(1);

    const rows = await results();
    expect(rows.map((r) => [r.artNo, r.status])).toEqual([
      [art.good, "success"],
      [art.missing, "error"],
      [art.html, "error"],
    ]);
    const good = rows[0]!;
    expect(good.message).toBe("Migrated 2 images");
    expect(good.originalUrls).toEqual([
      `${images.url}/good.jpg`,
      `/media/product/${art.good}-2.svg`,
      `${images.url}/redirect-good.jpg`,
    ]);
    expect(good.newUrls[0]).toMatch(new RegExp(`^/media/images/${art.good}-[0-9a-f]{16}-800\\.webp$`));
    expect(good.newUrls[1]).toBe(`/media/product/${art.good}-2.svg`);
    // The same picture (through a redirect) is one stored file.
    expect(good.newUrls[2]).toBe(good.newUrls[0]);
    expect(await imagesOf(art.good)).toEqual(good.newUrls);
    expect(rows[1]!.message).toContain("HTTP 404");
    expect(rows[2]!.message).toContain("Not an image");
    expect(await imagesOf(art.missing)).toEqual([`${images.url}/missing.jpg`]);

    const [done] = await db().select().from(imageMigrationBatches);
    expect(done).toMatchObject({
      status: "completed",
      lastArtNo: art.html,
      hasMore: true,
      summary: { processed: 3, success: 1, error: 2, skipped: 0 },
    });
    const rewrites = await db().select().from(adminChanges).where(eq(adminChanges.entityType, "product"));
    expect(rewrites).toMatchObject([
      {
        entityId: String(art.good),
        action: "migrate-images",
        before: { images: good.originalUrls },
        after: { images: good.newUrls },
        actorEmail: admin.email,
      },
    ]);

    // The shop serves the stored WebP files (both sizes) with the right headers.
    const served = await app.get(good.newUrls[0]!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800 });
    const small = await app.get(good.newUrls[0]!.replace("-800.webp", "-400.webp"));
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400);
    expect((await app.get("/media/images/700001-0000000000000000-800.webp")).status).toBe(404);
    expect((await app.get("/media/images/..%2F..%2Fpglite")).status).toBe(404);

    const page = await pageAsAdmin();
    expect(page.html).toContain(`Last processed ArtNo: ${art.html}. More products remain`);
    expect(page.html).toMatch(/<button[^>]*>Continue Migration<\/button>/);
    expect(page.html).not.toMatch(/<button[^>]*disabled=""[^>]*>Continue Migration<\/button>/);
    expect(page.html).toContain("Migrated 2 images");
  });

  it("continues after the last processed ArtNo: a huge file and a hanging server are errors, the rest succeeds", async () => {
    const res = await postAsAdmin({ intent: "migrate", batchSize: "10" });
    expect(res.status).toBe(200);
    const [second] = await db()
      .select()
      .from(imageMigrationBatches)
      .orderBy(sql`${imageMigrationBatches.id} desc`)
      .limit(1);
    expect(second!.startArtNo).toBe(art.html);
    expect(await worker().runOnce()).toBe(1);
    const rows = (await results()).filter((r) => r.artNo > art.html);
    expect(rows.map((r) => [r.artNo, r.status])).toEqual([
      [art.huge, "error"],
      [art.hang, "error"],
      [art.goodLater, "success"],
    ]);
    expect(rows[0]!.message).toContain("Too large");
    expect(rows[1]!.message).toContain("No answer within");
    const [done] = await db().select().from(imageMigrationBatches).where(eq(imageMigrationBatches.id, second!.id));
    expect(done).toMatchObject({ status: "completed", lastArtNo: art.goodLater, hasMore: false });
    const page = await pageAsAdmin();
    expect(page.html).toContain("All products with external images have been processed");
    expect(page.html).toMatch(/<button[^>]*disabled=""[^>]*>Continue Migration<\/button>/);
    // Nothing remains: the server refuses another batch (the button is disabled too).
    const more = await postAsAdmin({ intent: "migrate", batchSize: "10" });
    expect(more.status).toBe(409);
    expect(await more.text()).toContain("Nothing left to migrate");
    expect((await db().select({ n: count() }).from(imageMigrationBatches))[0]!.n).toBe(2);
    // The local-only product was never a candidate.
    expect(await imagesOf(art.local)).toEqual([`/media/product/${art.local}-1.svg`]);
  });

  it("Reset clears the results and is recorded; the next batch starts from the first product again", async () => {
    const res = await postAsAdmin({ intent: "reset" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Migration results cleared");
    expect((await db().select({ n: count() }).from(imageMigrationResults))[0]!.n).toBe(0);
    expect((await db().select({ n: count() }).from(imageMigrationBatches))[0]!.n).toBe(0);
    const [reset] = await db()
      .select()
      .from(adminChanges)
      .where(sql`${adminChanges.entityType} = 'image-migration' and ${adminChanges.action} = 'reset'`);
    expect(reset).toMatchObject({ before: { batches: 2, results: 6, lastArtNo: art.goodLater }, after: null });
    expect((await pageAsAdmin()).html).toContain(">Start Migration</button>");

    expect((await postAsAdmin({ intent: "migrate", batchSize: "1" })).status).toBe(200);
    const [batch] = await db().select().from(imageMigrationBatches);
    expect(batch!.startArtNo).toBeNull();
    expect(await worker().runOnce()).toBe(1);
    // The first product still on an external URL is now the 404 one.
    expect((await results()).map((r) => [r.artNo, r.status])).toEqual([[art.missing, "error"]]);
  });

  it("serves the test supplier's product photos as real JPEG and PNG files", async () => {
    const jpeg = await app.get(`/api/test-supplier/images/${art.good}-1.jpg`);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).format).toBe("jpeg");
    const png = await app.get(`/api/test-supplier/images/${art.good}-2.png`);
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).format).toBe("png");
    expect((await app.get(`/api/test-supplier/images/${art.good}-9.jpg`)).status).toBe(404);
    expect((await app.get(`/api/test-supplier/images/1-1.jpg`)).status).toBe(404);
    expect((await app.get(`/api/test-supplier/images/${art.good}-1.gif`)).status).toBe(404);
  });

  describe.each(guestAndCustomer(() => customer.cookie))("for $who", ({ cookie }) => {
    async function snapshot() {
      return {
        batches: await db().select().from(imageMigrationBatches).orderBy(asc(imageMigrationBatches.id)),
        results: await db().select().from(imageMigrationResults).orderBy(asc(imageMigrationResults.id)),
        jobs: (await db().select({ n: count() }).from(jobs))[0]!.n,
        changes: (await db().select({ n: count() }).from(adminChanges))[0]!.n,
        products: await db()
          .select({ artNo: products.artNo, images: products.images })
          .from(products)
          .orderBy(asc(products.artNo)),
      };
    }
    it("refuses every page and action and changes nothing", async () => {
      const before = await snapshot();
      const actions: Record<string, string>[] = [{ intent: "migrate", batchSize: "10" }, { intent: "reset" }];
      await expectAdminOnly(
        app,
        cookie(),
        [
          "/admin/image-migration",
          "/admin/image-migration?tab=statistics",
          "/admin/image-migration.data",
          "/admin/image-migration.data?tab=statistics",
          ...["/admin/image-migration", "/admin/image-migration.data"].flatMap((path) =>
            actions.map((fields) => ({ path, fields })),
          ),
        ],
        { hidden: ["Migration Tool"] },
      );
      expect(await snapshot()).toEqual(before);
    });
  });
});

describe("image statistics and the demo's supplier images", () => {
  const database = useTestDatabase();
  const storeDir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-stats-"));
  afterAll(() => rmSync(storeDir, { recursive: true, force: true }));

  it("counts external, local and broken images in the sample", async () => {
    const db = database.db;
    const storage = storageFor({ dataDir: storeDir }, "images");
    await storage.put("800001-0123456789abcdef-800.webp", Buffer.from("x"), "image/webp");
    await createProduct(db, {
      artNo: 800_001,
      images: ["https://cdn.example.com/a.jpg", "/media/images/800001-0123456789abcdef-800.webp", "/placeholder.svg"],
    });
    await createProduct(db, {
      artNo: 800_002,
      images: [
        "http://cdn.example.com/b.png",
        "/media/images/800002-ffffffffffffffff-800.webp",
        "/media/product/800002-1.svg",
      ],
    });
    await createProduct(db, {
      artNo: 800_003,
      images: ["/media/product/999999-1.svg", "/media/product/missing.svg", "javascript:alert(1)"],
    });
    await createProduct(db, { artNo: 800_004, images: [] });
    expect(await imageStatistics(db, storage)).toEqual({
      sampledProducts: 4,
      productsWithExternal: 2,
      withoutImages: 1,
      images: 9,
      external: 2,
      local: 3,
      broken: 4,
    });
  });

  it("points every 20th demo product's generated images at the test supplier, one with a missing photo", async () => {
    const db = database.db;
    await createProduct(db, { artNo: 10_001, images: ["/media/product/10001-1.svg", "/media/product/10001-2.svg"] });
    await createProduct(db, { artNo: 10_002, images: ["/media/product/10002-1.svg"] });
    await createProduct(db, { artNo: 10_021, images: ["/media/product/10021-1.svg"] });
    await createProduct(db, { artNo: 10_041, images: [] });
    expect(await pointDemoImagesAtTestSupplier(db)).toBe(2);
    const rows = await db
      .select({ artNo: products.artNo, images: products.images })
      .from(products)
      .where(sql`${products.artNo} between 10001 and 10041`)
      .orderBy(asc(products.artNo));
    expect(rows).toEqual([
      {
        artNo: 10_001,
        images: [
          "/api/test-supplier/images/10001-1.jpg",
          "/api/test-supplier/images/10001-2.png",
          "/api/test-supplier/images/10001-9.jpg",
        ],
      },
      { artNo: 10_002, images: ["/media/product/10002-1.svg"] },
      { artNo: 10_021, images: ["/api/test-supplier/images/10021-1.jpg"] },
      { artNo: 10_041, images: [] },
    ]);
  });
});
