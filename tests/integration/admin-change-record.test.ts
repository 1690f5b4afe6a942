import { beforeAll, describe, expect, it } from "vitest";
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { adminChanges, orders, siteSettings, users } from "../../app/db/schema";
import { recordAdminChange } from "../../app/domain/admin/audit.server";
import { useTestApp } from "../support/fixture";
import { createSlide } from "../support/content-factories";
import { createCustomer, createOrder } from "../support/order-factories";
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
    expect(page).toContain(`User ${target.email} · deactivate id ${target.id}`);
    expect(page).toContain(`By Lotte Logboek (${admin.email})`);
    // The exact Amsterdam text is checked on a fixed moment below; here: the shape, and the moment itself.
    expect(page).toMatch(/\b\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}\b/);
    expect(html).toContain(`dateTime="${change!.createdAt.toISOString()}"`);
    // Only the field that changed, before → after; the e-mail did not change and is not listed as a change.
    const entry = html.slice(html.indexOf("<dl", html.indexOf(`id="change-${change!.id}"`)));
    const fields = text(entry.slice(0, entry.indexOf("</dl>")));
    expect(fields).toContain("isActive from yes to no");
    expect(fields).toContain("sessionsEnded from (none) to 0");
    expect(fields).not.toContain(target.email);
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
    expect(text(html)).toContain("validUntil from 31 Dec 2026, 23:59 to 31 Mar 2027, 23:59");
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
    expect(text(one.html)).toContain(`Change history: Order ${order.id}`);
    const [only] = await db()
      .select({ id: adminChanges.id })
      .from(adminChanges)
      .where(eq(adminChanges.entityId, order.id));
    expect(entryIds(one.html)).toEqual([only!.id]);
    expect(text(one.html)).toContain("status from pending to cancelled");

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
    expect(page).toContain("isActive from yes to no");
    expect(page).toContain("ctaText from (none) to Bekijk");
    // The switch recorded only isActive; its entry borrows the title from the other entry.
    expect(page).toContain("Homepage slide Voorjaarsactie · deactivate");
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
    expect(page).toContain("password from •••••• (hidden) to •••••• (hidden)");
    expect(page).toContain("https://••••••@leverancier.example/a");
  });
});

describe("the change log is for admins only and read-only", () => {
  async function snapshot() {
    const changes = await db().select().from(adminChanges).orderBy(asc(adminChanges.id));
    const people = await db().select().from(users).orderBy(asc(users.id));
    return JSON.stringify({ changes, people });
  }

  for (const who of ["guest", "customer"] as const) {
    it(`refuses a ${who} the page, its data and any post, with no change in the database`, async () => {
      const headers: Record<string, string> = who === "customer" ? { cookie: customer.cookie } : {};
      const before = await snapshot();
      for (const path of ["/admin/changes", "/admin/changes?type=user", "/admin/changes.data"]) {
        const res = await app.get(path, { headers, redirect: "manual" });
        const body = await res.text();
        expect(body).not.toContain(admin.email);
        expect(body).not.toContain("Change log");
        if (path.endsWith(".data")) expect(body).toMatch(/redirect/);
        else {
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toBe("/");
        }
      }
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
