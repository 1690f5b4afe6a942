import { beforeAll, describe, expect, it } from "vitest";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { adminChanges, orders, siteSettings, users } from "../../app/db/schema";
import { recordAdminChange } from "../../app/features/admin-changes/audit.server";
import { useTestApp } from "../support/fixture";
import { createSlide } from "../support/content-factories";
import { createCategory, createProduct } from "../support/factories";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { createUser, signedInUser } from "../support/users";

/**
 * Issue 9, "a record of every admin change": every admin write leaves a row in admin_changes with
 * who, before and after, and admins read the record at /admin/changes (one list, or one item).
 */
const { app, database } = useTestApp();
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser(app, database.db, {
    role: "admin",
    email: "logboek.beheer@trapkracht.test",
    name: "Lotte Logboek",
  });
  customer = await signedInUser(app, database.db, { email: "meekijker@example.nl" });
});

const db = () => database.db;
const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });
const postAsAdmin = (path: string, fields: Record<string, string>) =>
  app.post(path, fields, { headers: { cookie: admin.cookie } });

/** The page's visible text, tags removed and spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .trim();

async function changeCount() {
  const [row] = await db().select({ n: count() }).from(adminChanges);
  return Number(row!.n);
}

/** The newest record of one item. */
async function lastChangeOf(entityType: string, entityId: string) {
  const [row] = await db()
    .select()
    .from(adminChanges)
    .where(sql`${adminChanges.entityType} = ${entityType} and ${adminChanges.entityId} = ${entityId}`)
    .orderBy(desc(adminChanges.id))
    .limit(1);
  return row;
}

/** The entry ids of a change-log page, top to bottom (each entry's heading carries its row id). */
const entryIds = (html: string) => [...html.matchAll(/id="change-(\d+)"/g)].map((m) => Number(m[1]));

describe("every admin write is recorded", () => {
  it("deactivating a user records who, before and after; reactivating too", async () => {
    const target = await createUser(db(), { email: "te.deactiveren@example.nl" });
    const res = await postAsAdmin("/admin/users", { intent: "deactivate", userId: target.id });
    expect(res.status).toBe(200);
    const deactivated = await lastChangeOf("user", target.id);
    expect(deactivated).toMatchObject({
      action: "deactivate",
      actorId: admin.id,
      actorEmail: admin.email,
      before: { email: target.email, isActive: true },
      after: { email: target.email, isActive: false, sessionsEnded: 0 },
    });

    expect((await postAsAdmin("/admin/users", { intent: "reactivate", userId: target.id })).status).toBe(200);
    const reactivated = await lastChangeOf("user", target.id);
    expect(reactivated!.id).toBeGreaterThan(deactivated!.id);
    expect(reactivated).toMatchObject({
      action: "reactivate",
      actorEmail: admin.email,
      before: { isActive: false },
      after: { isActive: true },
    });
  });

  it("without JavaScript, Deactivate first asks on the page: nothing changes until the answer", async () => {
    const target = await createUser(db(), { email: "eerst.vragen@example.nl" });
    const before = await changeCount();
    const res = await postAsAdmin("/admin/users?page=1", { intent: "confirm-deactivate", userId: target.id });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(text(html)).toContain(
      `Deactivate ${target.email}? They are signed out at once and can no longer sign in until an admin reactivates the account. Deactivate user Cancel`,
    );
    const question = html.slice(html.indexOf('id="deactivate-question"'));
    const form = question.slice(question.indexOf("<form"), question.indexOf("</form>"));
    expect(form).toMatch(/^<form[^>]*action="\/admin\/users\?page=1"/);
    expect(form).toMatch(/^<form[^>]*method="post"/);
    expect(form).toContain('<input type="hidden" name="intent" value="deactivate"/>');
    expect(form).toContain(`<input type="hidden" name="userId" value="${target.id}"/>`);
    expect(await changeCount()).toBe(before);
    const [row] = await db().select({ isActive: users.isActive }).from(users).where(eq(users.id, target.id));
    expect(row!.isActive).toBe(true);
    // Asking about one's own account is refused.
    expect((await postAsAdmin("/admin/users", { intent: "confirm-deactivate", userId: admin.id })).status).toBe(400);
  });

  it("a refused user change (own account, unknown user) records nothing", async () => {
    const before = await changeCount();
    expect((await postAsAdmin("/admin/users", { intent: "deactivate", userId: admin.id })).status).toBe(400);
    expect((await postAsAdmin("/admin/users", { intent: "deactivate", userId: "bestaat-niet" })).status).toBe(404);
    expect(await changeCount()).toBe(before);
  });

  it("switching maintenance mode records the setting before and after", async () => {
    const res = await postAsAdmin("/admin/settings", { intent: "maintenance", maintenance: "on" });
    expect(res.status).toBe(200);
    expect(await lastChangeOf("setting", "maintenance-mode")).toMatchObject({
      action: "update",
      actorId: admin.id,
      actorEmail: admin.email,
      before: { maintenanceMode: false },
      after: { maintenanceMode: true },
    });
    await postAsAdmin("/admin/settings", { intent: "maintenance", maintenance: "off" });
    expect(await lastChangeOf("setting", "maintenance-mode")).toMatchObject({
      before: { maintenanceMode: true },
      after: { maintenanceMode: false },
    });
    const [row] = await db().select({ on: siteSettings.maintenanceMode }).from(siteSettings);
    expect(row!.on).toBe(false);
  });

  it("changing the supplier API URL records the URL before and after", async () => {
    const res = await postAsAdmin("/admin/api", { intent: "api-url", url: "https://leverancier.example/orders" });
    expect(res.status).toBe(200);
    const change = await lastChangeOf("setting", "supplier-api-url");
    expect(change).toMatchObject({
      actorEmail: admin.email,
      after: { url: "https://leverancier.example/orders" },
    });
  });

  it("an order's status change and a dropshipment retry are recorded", async () => {
    const owner = await createCustomer(db(), { email: "besteller@example.nl" });
    const order = await createOrder(db(), owner.id, { paymentStatus: "paid", dropshipmentStatus: "failed" });
    const moved = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: "processing" });
    expect(moved.status).toBe(200);
    expect(await lastChangeOf("order", order.id)).toMatchObject({
      action: "status",
      actorEmail: admin.email,
      before: { status: "pending" },
      after: { status: "processing" },
    });
    const retried = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "retry-dropshipment" });
    expect(retried.status).toBe(200);
    expect(await lastChangeOf("order", order.id)).toMatchObject({
      action: "retry-dropshipment",
      actorEmail: admin.email,
      before: { dropshipmentStatus: "failed" },
      after: { dropshipmentStatus: "pending" },
    });
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe("processing");
  });
});

describe("the change log at /admin/changes", () => {
  it("lists who (name and e-mail), what, when in Amsterdam time and the changed fields before → after", async () => {
    const target = await createUser(db(), { email: "zichtbaar.in.logboek@example.nl" });
    await postAsAdmin("/admin/users", { intent: "deactivate", userId: target.id });
    const change = await lastChangeOf("user", target.id);
    const { status, html } = await asAdmin("/admin/changes");
    expect(status).toBe(200);
    expect(entryIds(html)[0]).toBe(change!.id);
    const page = text(html);
    expect(page).toContain(`User ${target.email} Deactivated`);
    expect(page).toContain(`By Lotte Logboek (${admin.email})`);
    // The exact Amsterdam text is checked on a fixed moment below; here: the shape, and the moment itself.
    expect(page).toMatch(/\b\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}\b/);
    expect(html).toContain(`dateTime="${change!.createdAt.toISOString()}"`);
    // Only the field that changed, before → after; the e-mail did not change and is not listed as a change.
    const entry = html.slice(html.indexOf("<dl", html.indexOf(`id="change-${change!.id}"`)));
    const fields = text(entry.slice(0, entry.indexOf("</dl>")));
    expect(fields).toBe("Account from Active to Inactive");
  });

  it("shows the time of a change and a changed moment in Amsterdam time, across the clock change", async () => {
    // Written straight into the table to fix its time: 01:00 UTC on 29 Mar 2026 is the first minute
    // of summer time, 03:00 in Amsterdam (UTC+2). The coupon's valid-until moved from the end of
    // 31 Dec 2026 (22:59:59.999 UTC, UTC+1: 23:59) to the end of 31 Mar 2027 (21:59:59.999 UTC, UTC+2: 23:59).
    const [row] = await db()
      .insert(adminChanges)
      .values({
        entityType: "coupon",
        entityId: "ZOMERTIJD",
        action: "update",
        before: { validUntil: "2026-12-31T22:59:59.999Z" },
        after: { validUntil: "2027-03-31T21:59:59.999Z" },
        actorId: admin.id,
        actorEmail: admin.email,
        createdAt: new Date("2026-03-29T01:00:00Z"),
      })
      .returning({ id: adminChanges.id });
    const { html } = await asAdmin("/admin/changes?type=coupon&id=ZOMERTIJD");
    expect(entryIds(html)).toEqual([row!.id]);
    expect(html).toContain('<time dateTime="2026-03-29T01:00:00.000Z">29 Mar 2026, 03:00:00</time>');
    expect(text(html)).toContain("Valid until from 31 Dec 2026 to 31 Mar 2027");
  });

  it("filters on item type and on one item, and links each item's history", async () => {
    const owner = await createCustomer(db(), { email: "gefilterd@example.nl" });
    const order = await createOrder(db(), owner.id);
    await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: "cancelled" });

    const settings = await asAdmin("/admin/changes?type=setting");
    const settingIds = entryIds(settings.html);
    const expected = await db()
      .select({ id: adminChanges.id })
      .from(adminChanges)
      .where(eq(adminChanges.entityType, "setting"))
      .orderBy(desc(adminChanges.id));
    expect(settingIds).toEqual(expected.map((r) => r.id));
    expect(settings.html).not.toContain(order.id);

    const one = await asAdmin(`/admin/changes?type=order&id=${order.id}`);
    expect(text(one.html)).toContain(`Change history: Order ${order.id.slice(0, 8)}`);
    const [only] = await db()
      .select({ id: adminChanges.id })
      .from(adminChanges)
      .where(eq(adminChanges.entityId, order.id));
    expect(entryIds(one.html)).toEqual([only!.id]);
    expect(text(one.html)).toContain("Status changed to Geannuleerd");
    expect(text(one.html)).toContain("Status from In afwachting to Geannuleerd");

    // The order's own page links its history; a malformed filter shows the whole log, never an error.
    const details = await asAdmin(`/admin/orders/${order.id}`);
    expect(details.html).toContain(`href="/admin/changes?type=order&amp;id=${order.id}"`);
    const odd = await asAdmin("/admin/changes?type=%00bad&before=abc");
    expect(odd.status).toBe(200);
    expect(entryIds(odd.html).length).toBeGreaterThan(0);
  });

  it("a slide's change (written by the carousel admin) shows under the slide's title, linked from its row", async () => {
    const slide = await createSlide(db(), { title: "Voorjaarsactie", isActive: true });
    const res = await postAsAdmin("/admin/homepage", { intent: "toggle", id: String(slide.id), active: "false" });
    expect(res.status).toBeLessThan(400);
    const panel = await asAdmin("/admin/homepage");
    expect(panel.html).toContain(`href="/admin/changes?type=slide&amp;id=${slide.id}"`);
    // The toggle records only isActive; the page names the slide from any entry that has its title.
    await recordAdminChange(db(), admin, {
      entityType: "slide",
      entityId: String(slide.id),
      action: "update",
      before: { title: "Voorjaarsactie", isActive: false },
      after: { title: "Voorjaarsactie", isActive: false, ctaText: "Bekijk" },
    });
    const { html } = await asAdmin(`/admin/changes?type=slide&id=${slide.id}`);
    const page = text(html);
    expect(page).toContain("Change history: Homepage slide Voorjaarsactie");
    expect(page).toContain("Status from Active to Inactive");
    expect(page).toContain("Button text from empty to Bekijk");
    // The switch recorded only isActive; its entry names the slide by its title all the same.
    expect(page).toContain("Homepage slide Voorjaarsactie Deactivated");
  });

  it("pages 50 at a time on a cursor, older and back to newer, without gaps or repeats", async () => {
    for (let i = 0; i < 120; i++) {
      await recordAdminChange(db(), admin, {
        entityType: "coupon",
        entityId: "PAGINA",
        action: "update",
        before: { value: i },
        after: { value: i + 1 },
      });
    }
    const all = (
      await db()
        .select({ id: adminChanges.id })
        .from(adminChanges)
        .where(eq(adminChanges.entityId, "PAGINA"))
        .orderBy(asc(adminChanges.id))
    )
      .map((r) => r.id)
      .reverse();
    const first = await asAdmin("/admin/changes?type=coupon&id=PAGINA");
    expect(entryIds(first.html)).toEqual(all.slice(0, 50));
    expect(first.html).not.toContain("Newer changes");
    const older = first.html.match(/href="(\/admin\/changes\?[^"]*before=\d+)"/)![1]!.replace(/&amp;/g, "&");
    const second = await asAdmin(older);
    expect(entryIds(second.html)).toEqual(all.slice(50, 100));
    const third = await asAdmin(
      second.html.match(/href="(\/admin\/changes\?[^"]*before=\d+)"/)![1]!.replace(/&amp;/g, "&"),
    );
    expect(entryIds(third.html)).toEqual(all.slice(100, 120));
    expect(third.html).not.toContain("Older changes");
    const back = await asAdmin(
      third.html.match(/href="(\/admin\/changes\?[^"]*after=\d+)"/)![1]!.replace(/&amp;/g, "&"),
    );
    expect(entryIds(back.html)).toEqual(all.slice(50, 100));
  });

  it("never shows a secret: password-like fields and a URL's credentials are masked", async () => {
    await recordAdminChange(db(), admin, {
      entityType: "setting",
      entityId: "geheim-test",
      action: "update",
      before: { password: "oud-wachtwoord-123", url: "https://jan:supergeheim@leverancier.example/a" },
      after: {
        password: "nieuw-wachtwoord-456",
        url: "https://leverancier.example/b",
        nested: { apiKey: "sk_live_xyz" },
      },
    });
    const { html } = await asAdmin("/admin/changes?type=setting&id=geheim-test");
    const page = text(html);
    for (const secret of ["oud-wachtwoord-123", "nieuw-wachtwoord-456", "supergeheim", "sk_live_xyz"]) {
      expect(html).not.toContain(secret);
    }
    expect(page).toContain("Password from •••••• (hidden) to •••••• (hidden)");
    expect(page).toContain("https://••••••@leverancier.example/a");
  });
});

describe("the change log in the owner's words (issue 29)", () => {
  /** nl-NL writes a no-break space between € and the amount; text() makes it a plain space. */
  const EUR = "€ ";
  /** One entry's text, from its heading to the end of its article. */
  const entryText = (html: string, id: number) => {
    const start = html.indexOf(`id="change-${id}"`);
    expect(start).toBeGreaterThan(-1);
    const articleStart = html.lastIndexOf("<article", start);
    return text(html.slice(articleStart, html.indexOf("</article>", start)));
  };

  it("a product edit, set inactive, a tag and a delete: the product's name and ArtNo, euros, labels, a sentence each", async () => {
    const chains = await createCategory(db(), { name: "Kettingen logboek" });
    const brakes = await createCategory(db(), { name: "Remmen logboek" });
    const product = await createProduct(db(), {
      shortDescription: "Kettingolie 100 ml",
      brand: "Finish Line",
      categoryId: chains.id,
      consumerPriceCents: 3295,
      stockQuantity: 4,
    });
    const artNo = String(product.artNo);
    const edit = await postAsAdmin("/admin/products", {
      intent: "update",
      artNo,
      brand: "Finish Line",
      shortDescription: "Kettingolie 100 ml",
      longDescriptionHtml: "<p>Beschrijving</p>",
      categoryId: String(brakes.id),
      consumerPrice: "34,95",
      discountedPrice: "",
      vatRate: "21",
      status: "1",
      stockQuantity: "4",
      images: "",
      colour: "",
      material: "",
      size: "",
      type: "",
      articleKeyword: "",
    });
    expect(edit.status).toBe(200);
    const edited = await lastChangeOf("product", artNo);
    expect((await postAsAdmin("/admin/products", { intent: "tag-add", artNo, tag: "winter" })).status).toBe(200);
    const tagged = await lastChangeOf("product-tag", artNo);
    expect((await postAsAdmin("/admin/products", { intent: "set-inactive", artNo })).status).toBe(200);
    const inactive = await lastChangeOf("product", artNo);

    const { html } = await asAdmin(`/admin/changes?type=product&id=${artNo}`);
    expect(text(html)).toContain(`Change history: Product Finish Line Kettingolie 100 ml (ArtNo ${artNo})`);
    expect(entryText(html, edited!.id)).toContain(
      `Product Finish Line Kettingolie 100 ml (ArtNo ${artNo}) Edited: Category, Consumer price`,
    );
    expect(entryText(html, edited!.id)).toContain(
      `Category from Kettingen logboek to Remmen logboek Consumer price from ${EUR}32,95 to ${EUR}34,95`,
    );
    expect(entryText(html, inactive!.id)).toContain(
      `Product Finish Line Kettingolie 100 ml (ArtNo ${artNo}) Set inactive`,
    );
    expect(entryText(html, inactive!.id)).toContain("Status from Active to Inactive");
    // No cents and no field names anywhere on the page.
    expect(text(html)).not.toMatch(/consumerPriceCents|categoryId|3295|3495/);

    const tags = await asAdmin(`/admin/changes?type=product-tag&id=${artNo}`);
    expect(entryText(tags.html, tagged!.id)).toContain(
      `Product tag Finish Line Kettingolie 100 ml (ArtNo ${artNo}) Tag 'winter' added`,
    );

    // Deleted: named by what the record kept, its values folded away under one line.
    expect((await postAsAdmin("/admin/products", { intent: "delete", artNo })).status).toBe(200);
    const deleted = await lastChangeOf("product", artNo);
    const after = await asAdmin(`/admin/changes?type=product&id=${artNo}`);
    const entry = entryText(after.html, deleted!.id);
    expect(entry).toContain(`Product Finish Line Kettingolie 100 ml (ArtNo ${artNo}) Deleted`);
    expect(entry).toContain(
      `Values it had ArtNo ${artNo} Brand Finish Line Short description Kettingolie 100 ml Long description Beschrijving ` +
        `Category Remmen logboek Consumer price ${EUR}34,95 VAT rate 21 % Status Inactive Stock quantity 4 Tags winter`,
    );
    expect(entry).not.toContain("Open product");
  });

  it("filters by the admin who made the change, and lists everyone who did", async () => {
    const other = await signedInUser(app, db(), { role: "admin", email: "tweede.beheerder@trapkracht.test" });
    const coupon = {
      entityType: "coupon",
      entityId: "PERSOON",
      before: { isActive: true },
      after: { isActive: false },
    };
    await recordAdminChange(db(), { id: other.id, email: other.email }, { ...coupon, action: "deactivate" });
    await recordAdminChange(db(), admin, { ...coupon, action: "activate", before: coupon.after, after: coupon.before });
    const mine = await db()
      .select({ id: adminChanges.id })
      .from(adminChanges)
      .where(eq(adminChanges.actorEmail, other.email))
      .orderBy(desc(adminChanges.id));

    const { html } = await asAdmin(`/admin/changes?by=${encodeURIComponent(other.email)}`);
    expect(entryIds(html)).toEqual(mine.map((r) => r.id));
    expect(text(html)).toContain("Coupon PERSOON Deactivated");
    expect(text(html)).not.toContain("Activated");
    // The person select offers both admins, this one chosen.
    const select = html.slice(
      html.indexOf('id="changes-by"'),
      html.indexOf("</select>", html.indexOf('id="changes-by"')),
    );
    expect(select).toContain(`<option value="${admin.email}">`);
    expect(select).toMatch(new RegExp(`<option value="${other.email.replace(/\./g, "\\.")}" selected="">`));
    // With a kind: both filters at once; an unknown person shows nothing rather than everything.
    const both = await asAdmin(`/admin/changes?type=coupon&by=${encodeURIComponent(admin.email)}`);
    expect(text(both.html)).toContain("Coupon PERSOON Activated");
    expect(text(both.html)).not.toContain("Coupon PERSOON Deactivated");
    const nobody = await asAdmin("/admin/changes?by=niemand%40example.nl");
    expect(entryIds(nobody.html)).toEqual([]);
    expect(text(nobody.html)).toContain("No changes recorded for this filter.");
  });

  it("filters by a range of Amsterdam days, both ends included, across the clock change", async () => {
    // 22:30 UTC on 28 Mar 2026 is 23:30 in Amsterdam (winter time, UTC+1): still the 28th.
    // 22:30 UTC on 29 Mar 2026 is 00:30 on the 30th (summer time, UTC+2).
    const at = async (iso: string, entityId: string) => {
      const [row] = await db()
        .insert(adminChanges)
        .values({
          entityType: "setting",
          entityId,
          action: "update",
          before: { maintenanceMode: false },
          after: { maintenanceMode: true },
          actorId: admin.id,
          actorEmail: admin.email,
          createdAt: new Date(iso),
        })
        .returning({ id: adminChanges.id });
      return row!.id;
    };
    const lateOn28 = await at("2026-03-28T22:30:00Z", "DAG-28");
    const on29 = await at("2026-03-29T12:00:00Z", "DAG-29");
    const earlyOn30 = await at("2026-03-29T22:30:00Z", "DAG-30");

    const day29 = await asAdmin("/admin/changes?type=setting&from=2026-03-29&to=2026-03-29");
    expect(entryIds(day29.html)).toEqual([on29]);
    const both = await asAdmin("/admin/changes?type=setting&from=2026-03-28&to=2026-03-29");
    expect(entryIds(both.html)).toEqual([on29, lateOn28]);
    const fromThe30th = await asAdmin("/admin/changes?type=setting&from=2026-03-30&to=2026-03-30");
    expect(entryIds(fromThe30th.html)).toEqual([earlyOn30]);
    // Written the wrong way round: the same range; a date that does not exist is no filter.
    const reversed = await asAdmin("/admin/changes?type=setting&from=2026-03-29&to=2026-03-28");
    expect(entryIds(reversed.html)).toEqual([on29, lateOn28]);
    const odd = await asAdmin("/admin/changes?type=setting&from=2026-02-30&to=2026-03-28");
    expect(entryIds(odd.html)).toContain(lateOn28);
    expect(entryIds(odd.html)).not.toContain(on29);
    // The filter form keeps the days, and the older/newer links keep every filter.
    expect(day29.html).toContain('name="from" value="2026-03-29"');
    expect(day29.html).toContain('name="to" value="2026-03-29"');
  });

  it("pages on the cursor inside a person's changes, the links keeping the filter", async () => {
    const pager = await signedInUser(app, db(), { role: "admin", email: "pagina.beheerder@trapkracht.test" });
    for (let i = 0; i < 55; i++) {
      await recordAdminChange(
        db(),
        { id: pager.id, email: pager.email },
        {
          entityType: "coupon",
          entityId: "PERSOONPAGINA",
          action: "update",
          before: { usageLimit: i },
          after: { usageLimit: i + 1 },
        },
      );
    }
    const first = await asAdmin(`/admin/changes?by=${encodeURIComponent(pager.email)}`);
    expect(entryIds(first.html)).toHaveLength(50);
    const older = first.html.match(/href="(\/admin\/changes\?[^"]*before=\d+)"/)![1]!.replace(/&amp;/g, "&");
    expect(older).toContain(`by=${encodeURIComponent(pager.email)}`);
    const second = await asAdmin(older);
    expect(entryIds(second.html)).toHaveLength(5);
    expect(text(second.html)).toContain("Usage limit from 0 to 1");
  });

  it("a real bulk price change (+10 % on a category) reads as one sentence with each product's prices", async () => {
    const category = await createCategory(db(), { name: "Bulk logboek" });
    const one = await createProduct(db(), {
      categoryId: category.id,
      brand: "Schwalbe",
      shortDescription: "Binnenband 28 inch",
      consumerPriceCents: 599,
    });
    const two = await createProduct(db(), {
      categoryId: category.id,
      brand: "Conti",
      shortDescription: "Conti Buitenband 700c",
      consumerPriceCents: 2995,
    });
    const res = await postAsAdmin("/admin/products", {
      intent: "bulk-price",
      scope: "filter",
      cat: String(category.id),
      mode: "percent",
      amount: "10",
    });
    expect(res.status).toBe(200);
    const entry = await lastChangeOf("product", "bulk");
    const { html } = await asAdmin("/admin/changes?type=product&id=bulk");
    const shown = entryText(html, entry!.id);
    // 5,99 × 1,1 = 6,589 → 6,59; 29,95 × 1,1 = 32,945 → 32,95 (worked out by hand).
    expect(shown).toContain("Product 2 products Price changed on 2 products (+10 %)");
    expect(shown).toContain(
      `Show the 2 products Schwalbe Binnenband 28 inch (ArtNo ${one.artNo}) from Consumer price ${EUR}5,99 to Consumer price ${EUR}6,59 ` +
        `Conti Buitenband 700c (ArtNo ${two.artNo}) from Consumer price ${EUR}29,95 to Consumer price ${EUR}32,95`,
    );
    expect(shown).not.toMatch(/consumerPriceCents|basisPoints/);
  });

  it("a bulk entry reads as one sentence, its products listed under a fold", async () => {
    const [row] = await db()
      .insert(adminChanges)
      .values({
        entityType: "product",
        entityId: "bulk-test",
        action: "bulk-price",
        before: null,
        after: {
          percent: 5,
          products: [
            { artNo: 7001, name: "Binnenband 28 inch", before: 599, after: 629 },
            { artNo: 7002, name: "Ventieldopjes", before: 195, after: 205 },
          ],
        },
        actorId: admin.id,
        actorEmail: admin.email,
      })
      .returning({ id: adminChanges.id });
    const { html } = await asAdmin("/admin/changes?type=product&id=bulk-test");
    const entry = entryText(html, row!.id);
    expect(entry).toContain("Product 2 products Price changed on 2 products (+5 %)");
    expect(entry).toContain(
      `Show the 2 products Binnenband 28 inch (ArtNo 7001) from ${EUR}5,99 to ${EUR}6,29 Ventieldopjes (ArtNo 7002) from ${EUR}1,95 to ${EUR}2,05`,
    );
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Show the 2 products<\/summary>/);
  });
});

describe("the change log is for admins only and read-only", () => {
  async function snapshot() {
    const changes = await db().select().from(adminChanges).orderBy(asc(adminChanges.id));
    const people = await db().select().from(users).orderBy(asc(users.id));
    return JSON.stringify({ changes, people });
  }

  for (const { who, cookie } of guestAndCustomer(() => customer.cookie)) {
    it(`refuses ${who} the page, its data and any post, with no change in the database`, async () => {
      const before = await snapshot();
      await expectAdminOnly(app, cookie(), ["/admin/changes", "/admin/changes?type=user", "/admin/changes.data"], {
        hidden: [admin.email, "Change log"],
      });
      const headers: Record<string, string> = cookie() ? { cookie: cookie() } : {};
      const posted = await app.post("/admin/changes", { intent: "deactivate", userId: admin.id }, { headers });
      expect([302, 403, 405]).toContain(posted.status);
      expect(await posted.text()).not.toContain(admin.email);
      expect(await snapshot()).toBe(before);
    });
  }

  it("has no action: a post by an admin changes nothing either", async () => {
    const before = await snapshot();
    const res = await postAsAdmin("/admin/changes", { intent: "deactivate", userId: customer.id });
    expect(res.status).toBe(405);
    expect(await snapshot()).toBe(before);
  });

  it("the database refuses to update, delete or truncate the record", async () => {
    const before = await changeCount();
    expect(before).toBeGreaterThan(0);
    await expect(db().update(adminChanges).set({ actorEmail: "iemand.anders@example.nl" })).rejects.toThrow();
    await expect(db().delete(adminChanges)).rejects.toThrow();
    await expect(db().execute(sql`truncate admin_changes`)).rejects.toThrow();
    expect(await changeCount()).toBe(before);
  });
});
