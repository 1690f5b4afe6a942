import { asc, count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminChanges, productTags } from "../../app/db/schema";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { expectAdminOnly } from "../support/refusals";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

/**
 * Tags on the product page for admins (spec 1 §2.9, issue 29 item 3): an admin adds and removes tags
 * on /product/:artNo with Product Management's messages and change-log record; guests and customers
 * see no controls and are refused. The page is publicly cached (a minute here): an admin's page is
 * never served from nor kept in the cache, and a tag change empties it for the next guest.
 */
const { app, database } = useTestApp({ PAGE_CACHE_TTL_MS: "60000" });
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "tags.beheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "tags.klant@example.nl" });
});

type TagAnswer = { ok: boolean; title: string; description?: string };

async function tagsOf(artNo: number) {
  const rows = await db()
    .select({ tag: productTags.tag })
    .from(productTags)
    .where(eq(productTags.artNo, artNo))
    .orderBy(asc(productTags.tag));
  return rows.map((r) => r.tag);
}

async function changeCount() {
  const [row] = await db().select({ n: count() }).from(adminChanges);
  return Number(row!.n);
}

async function lastChange() {
  const [row] = await db().select().from(adminChanges).orderBy(desc(adminChanges.id)).limit(1);
  return row!;
}

const guestPage = async (artNo: number) => {
  const res = await app.get(`/product/${artNo}`);
  return {
    cache: res.headers.get("x-page-cache"),
    cacheControl: res.headers.get("cache-control"),
    html: await res.text(),
  };
};

describe("guests and customers", () => {
  for (const who of ["guest", "customer"] as const) {
    it(`a ${who} sees the tags without controls and cannot add or remove one: refused, nothing written`, async () => {
      const headers: Record<string, string> = who === "customer" ? { cookie: customer.cookie } : {};
      const { artNo } = await createProduct(db(), { shortDescription: `Tags voor ${who}`, tags: ["winter"] });
      const page = await app.get(`/product/${artNo}`, { headers });
      const html = await page.text();
      expect(html).toContain("winter");
      expect(html).not.toContain("Tag toevoegen");
      expect(html).not.toContain("Tag winter verwijderen");

      const changes = await changeCount();
      for (const fields of [
        { intent: "tag-add", tag: "zomer" },
        { intent: "tag-remove", tag: "winter" },
      ]) {
        // As a form post (without JavaScript) and as the page's fetcher posts it.
        await expectAdminOnly(
          app,
          headers.cookie ?? "",
          [
            { path: `/product/${artNo}`, fields },
            { path: `/product/${artNo}.data`, fields },
          ],
          { hidden: ["Tag toegevoegd", "Tag verwijderd"] },
        );
      }
      expect(await tagsOf(artNo)).toEqual(["winter"]);
      expect(await changeCount()).toBe(changes);
    });
  }
});

describe("an admin on the product page", () => {
  it("adds and removes a tag with the spec's messages, recorded in the change log like the admin tab's", async () => {
    const { artNo } = await createProduct(db(), { shortDescription: "Zadel Comfort" });
    const page = await app.html(`/product/${artNo}`, { headers: { cookie: admin.cookie } });
    expect(page.html).toContain("Tag toevoegen");
    expect(page.html).toContain("Nog geen tags.");

    const add = await postToAction<TagAnswer>(
      app,
      `/product/${artNo}`,
      { intent: "tag-add", tag: "  Wegrace  " },
      { cookie: admin.cookie },
    );
    expect(add.status).toBe(200);
    expect(add.data).toMatchObject({ ok: true, title: "Tag toegevoegd" });
    expect(await tagsOf(artNo)).toEqual(["Wegrace"]);
    expect(await lastChange()).toMatchObject({
      entityType: "product-tag",
      entityId: String(artNo),
      action: "add",
      before: null,
      after: { tag: "Wegrace" },
      actorId: admin.id,
      actorEmail: admin.email,
    });
    const withTag = await app.html(`/product/${artNo}`, { headers: { cookie: admin.cookie } });
    expect(withTag.html).toContain('aria-label="Tag Wegrace verwijderen"');

    const remove = await postToAction<TagAnswer>(
      app,
      `/product/${artNo}`,
      { intent: "tag-remove", tag: "Wegrace" },
      { cookie: admin.cookie },
    );
    expect(remove.status).toBe(200);
    expect(remove.data).toMatchObject({ ok: true, title: "Tag verwijderd" });
    expect(await tagsOf(artNo)).toEqual([]);
    expect(await lastChange()).toMatchObject({
      entityType: "product-tag",
      action: "remove",
      before: { tag: "Wegrace" },
      after: null,
    });
    // The change log words it as for the admin tab's tag change.
    const log = await app.html(`/admin/changes?type=product-tag&id=${artNo}`, { headers: { cookie: admin.cookie } });
    expect(log.html).toContain("Tag &#x27;Wegrace&#x27; removed");
    expect(log.html).toContain("Tag &#x27;Wegrace&#x27; added");
  });

  it("a blank, duplicate or unknown tag: 'Fout' with the server's message, nothing written", async () => {
    const { artNo } = await createProduct(db(), { shortDescription: "Bidon 750 ml", tags: ["winter"] });
    const changes = await changeCount();
    const post = (fields: Record<string, string>) =>
      postToAction<TagAnswer>(app, `/product/${artNo}`, fields, { cookie: admin.cookie });

    const blank = await post({ intent: "tag-add", tag: "   " });
    expect(blank).toEqual({
      status: 400,
      data: { ok: false, intent: "tag-add", title: "Fout", description: "De tag mag niet leeg zijn." },
    });
    const duplicate = await post({ intent: "tag-add", tag: "WINTER" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.data).toMatchObject({
      ok: false,
      title: "Fout",
      description: 'Dit product heeft de tag "WINTER" al.',
    });
    const missing = await post({ intent: "tag-remove", tag: "zomer" });
    expect(missing.status).toBe(404);
    expect(missing.data).toMatchObject({
      ok: false,
      title: "Fout",
      description: 'Dit product heeft geen tag "zomer".',
    });
    const control = await post({ intent: "tag-add", tag: "a\u0007b" });
    expect(control.status).toBe(400);
    expect(control.data.title).toBe("Fout");
    const unknownProduct = await postToAction<TagAnswer>(
      app,
      "/product/2147000000",
      { intent: "tag-add", tag: "x" },
      { cookie: admin.cookie },
    );
    expect(unknownProduct.status).toBe(404);
    expect(unknownProduct.data).toMatchObject({ ok: false, title: "Fout", description: "Product niet gevonden." });

    expect(await tagsOf(artNo)).toEqual(["winter"]);
    expect(await changeCount()).toBe(changes);
  });

  it("refuses a body over 64 KiB (413) and writes nothing", async () => {
    const { artNo } = await createProduct(db(), { shortDescription: "Groot verzoek" });
    const changes = await changeCount();
    const res = await app.post(
      `/product/${artNo}`,
      { intent: "tag-add", tag: "x".repeat(70_000) },
      { headers: { cookie: admin.cookie } },
    );
    expect(res.status).toBe(413);
    expect(await tagsOf(artNo)).toEqual([]);
    expect(await changeCount()).toBe(changes);
  });
});

describe("the page cache and the admin's view", () => {
  it("never serves an admin a kept page nor keeps theirs; a tag change shows to the next guest at once", async () => {
    const { artNo } = await createProduct(db(), { shortDescription: "Stuurlint Zwart", tags: ["racefiets"] });
    // A guest's visit keeps the page.
    expect((await guestPage(artNo)).cache).toBe("miss");
    const kept = await guestPage(artNo);
    expect(kept.cache).toBe("hit");
    expect(kept.cacheControl).toMatch(/^public/);

    // The admin gets their own page, with the controls, marked private and never from the cache.
    const adminView = await app.get(`/product/${artNo}`, { headers: { cookie: admin.cookie } });
    const adminHtml = await adminView.text();
    expect(adminView.headers.get("x-page-cache")).toBeNull();
    expect(adminView.headers.get("cache-control")).toBe("private, no-store");
    expect(adminHtml).toContain("Tag toevoegen");
    expect(adminHtml).toContain('aria-label="Tag racefiets verwijderen"');
    // Their single-fetch data too.
    const adminData = await app.get(`/product/${artNo}.data`, { headers: { cookie: admin.cookie } });
    expect(adminData.headers.get("x-page-cache")).toBeNull();
    expect(adminData.headers.get("cache-control")).toBe("private, no-store");
    await adminData.text();

    // The guest still gets the kept page, without any control: the admin's page was not kept.
    const afterAdmin = await guestPage(artNo);
    expect(afterAdmin.cache).toBe("hit");
    expect(afterAdmin.html).not.toContain("Tag toevoegen");
    expect(afterAdmin.html).not.toContain("verwijderen");

    // A tag added on the product page empties the cache: the next guest sees it.
    const add = await postToAction<TagAnswer>(
      app,
      `/product/${artNo}`,
      { intent: "tag-add", tag: "stuur" },
      { cookie: admin.cookie },
    );
    expect(add.data.ok).toBe(true);
    const fresh = await guestPage(artNo);
    expect(fresh.cache).toBe("miss");
    expect(fresh.html).toContain(">stuur<");
    expect(fresh.html).not.toContain("Tag toevoegen");
    expect((await guestPage(artNo)).cache).toBe("hit");

    // And removed again: gone for the next guest.
    await postToAction<TagAnswer>(
      app,
      `/product/${artNo}`,
      { intent: "tag-remove", tag: "stuur" },
      { cookie: admin.cookie },
    );
    const removed = await guestPage(artNo);
    expect(removed.cache).toBe("miss");
    expect(removed.html).not.toContain(">stuur<");
    expect(removed.html).toContain(">racefiets<");
  });
});
