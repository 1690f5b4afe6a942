import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { products } from "../../app/db/schema";
import { createCategory, createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { expectAccessDenied, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "trapkracht-product-images-"));
const imageDir = path.join(dataDir, "images");
const storedFiles = () => (existsSync(imageDir) ? readdirSync(imageDir).sort() : []);

const { app, database } = useTestApp({ DATA_DIR: dataDir });
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;
let artNo = 0;
let categoryId = 0;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "productbeeld.beheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "productbeeld.klant@example.nl" });
  categoryId = (await createCategory(db(), { name: "Remmen" })).id;
  artNo = (await createProduct(db(), { categoryId, shortDescription: "Remblok Testmodel", images: [] })).artNo;
});

function upload(cookie: string | null, file: Blob, name: string, target = artNo) {
  const body = new FormData();
  body.append("file", file, name);
  const headers = new Headers({ origin: app.url });
  if (cookie) headers.set("cookie", cookie);
  return app.get(`/admin/product-images/${target}`, { method: "POST", headers, body });
}

/** A real photo-like JPEG of 1600 × 1200 with EXIF (camera maker) in it, made here with sharp. */
async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 40, b: 30 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: "TestCamera", Model: "Trapkracht 1" } })
    .toBuffer();
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 120, b: 80, alpha: 1 } } })
    .png()
    .toBuffer();
}

const edit = (images: string) => ({
  intent: "update",
  artNo: String(artNo),
  brand: "Shimano",
  shortDescription: "Remblok Testmodel",
  longDescriptionHtml: "<p>Remblok</p>",
  categoryId: String(categoryId),
  consumerPrice: "12,95",
  discountedPrice: "",
  vatRate: "21",
  status: "1",
  stockQuantity: "5",
  images,
  colour: "",
  material: "",
  size: "",
  type: "",
  articleKeyword: "",
});

describe("uploading a product image in the Update Product dialog", () => {
  it("a JPEG becomes WebP at 800 and 400 px without its EXIF, and once saved the product page shows it", async () => {
    const res = await upload(
      admin.cookie,
      new Blob([new Uint8Array(await jpeg())], { type: "image/jpeg" }),
      "remblok.jpg",
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const answer = (await res.json()) as { ok: boolean; url: string };
    expect(answer.ok).toBe(true);
    expect(answer.url).toMatch(new RegExp(`^/media/images/${artNo}-[0-9a-f]{16}-800\\.webp$`));

    const served = await app.get(answer.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const big = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(big).toMatchObject({ format: "webp", width: 800, height: 600 });
    expect(big.exif).toBeUndefined();
    const small = await app.get(answer.url.replace(/-800\.webp$/, "-400.webp"));
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(400);

    // Not yet the product's: the dialog adds it to Images, Save changes keeps it.
    const [before] = await db().select({ images: products.images }).from(products).where(eq(products.artNo, artNo));
    expect(before!.images).toEqual([]);
    const saved = await app.post("/admin/products", edit(answer.url), { headers: { cookie: admin.cookie } });
    expect(saved.status).toBe(200);
    const [after] = await db().select({ images: products.images }).from(products).where(eq(products.artNo, artNo));
    expect(after!.images).toEqual([answer.url]);
    const page = await app.html(`/product/${artNo}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`src="${answer.url}"`);
  });

  it("a PNG is kept the same way (never enlarged: 300 px stays 300 px)", async () => {
    const res = await upload(admin.cookie, new Blob([new Uint8Array(await png())], { type: "image/png" }), "logo.png");
    const answer = (await res.json()) as { ok: boolean; url: string };
    expect(answer.ok).toBe(true);
    const served = await app.get(answer.url);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 300,
    });
  });

  it("refuses a file that is not an image, whatever its name and type say, and keeps nothing", async () => {
    const before = storedFiles();
    const res = await upload(admin.cookie, new Blob(["<?php echo 'hoi'; ?>"], { type: "image/jpeg" }), "foto.jpg");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ ok: false, message: "Only JPEG, PNG and WebP images can be uploaded" });
    // Starts like a JPEG, is none.
    const fake = await upload(admin.cookie, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])]), "x.jpg");
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { message: string }).message).toMatch(/^The file could not be read as an image/);
    const empty = await upload(admin.cookie, new Blob([]), "leeg.jpg");
    expect(await empty.json()).toEqual({ ok: false, message: "The file is empty" });
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a file over 5 MB: just over in the route (a clear message), far over at the body limit", async () => {
    const before = storedFiles();
    const justOver = new Uint8Array(5 * 1024 * 1024 + 1);
    justOver.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(admin.cookie, new Blob([justOver], { type: "image/jpeg" }), "groot.jpg");
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ ok: false, message: "The file is larger than 5 MB" });
    const farOver = await upload(admin.cookie, new Blob([new Uint8Array(7 * 1024 * 1024)]), "enorm.jpg");
    expect(farOver.status).toBe(413);
    expect(storedFiles()).toEqual(before);
    // Other admin posts keep the 64 KiB limit.
    const big = await app.post(
      "/admin/products",
      { ...edit("/media/products/1.svg"), longDescriptionHtml: "x".repeat(70 * 1024) },
      { headers: { cookie: admin.cookie } },
    );
    expect(big.status).toBe(413);
  });

  it("an unknown product is a 404 and keeps nothing", async () => {
    const before = storedFiles();
    const res = await upload(admin.cookie, new Blob([new Uint8Array(await png())]), "x.png", 987654321);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, message: "Product not found" });
    expect(storedFiles()).toEqual(before);
  });

  it("the dialog offers the upload next to Images", async () => {
    const { html } = await app.html(`/admin/products?edit=${artNo}`, { headers: { cookie: admin.cookie } });
    expect(html).toContain("Update Product");
    expect(html).toContain("Upload image (JPEG, PNG or WebP, max. 5 MB)");
  });
});

describe("refused for guests and customers, with nothing stored", () => {
  for (const { who, cookie } of guestAndCustomer(() => customer.cookie)) {
    it(`${who}: the upload redirects with Access Denied`, async () => {
      const before = storedFiles();
      const res = await upload(cookie(), new Blob([new Uint8Array(await png())], { type: "image/png" }), "x.png");
      await expectAccessDenied(res);
      expect(storedFiles()).toEqual(before);
    });
  }
});
