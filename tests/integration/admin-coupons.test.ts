import { asc, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../app/db/client.server";
import { adminChanges, couponCodes, orders } from "../../app/db/schema";
import { evaluateCoupon } from "../../app/features/coupons/coupons.server";
import { createCoupon } from "../support/coupon-factories";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { postToAction } from "../support/single-fetch";
import { signedInUser } from "../support/users";

const { app, database } = useTestApp();
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "coupons.beheer@trapkracht.test" });
  customer = await signedInUser(app, db(), { email: "coupons.klant@example.nl" });
});

type Result = { ok: boolean; intent: string; title: string; description?: string; field?: string };

/** Posts like the page's fetcher does and returns the decoded answer. */
const send = (fields: Record<string, string>) =>
  postToAction<Result>(app, "/admin/coupons", fields, { cookie: admin.cookie });

const coupon = async (id: string) => (await db().select().from(couponCodes).where(eq(couponCodes.id, id)))[0];
const byCode = async (code: string) => (await db().select().from(couponCodes).where(eq(couponCodes.code, code)))[0];

async function lastChange() {
  const [row] = await db().select().from(adminChanges).orderBy(desc(adminChanges.id)).limit(1);
  return row!;
}

/** Every row this page can write, to prove a request changed nothing. */
async function snapshot(database: Db) {
  return {
    coupons: await database.select().from(couponCodes).orderBy(asc(couponCodes.id)),
    changes: await database.select().from(adminChanges).orderBy(asc(adminChanges.id)),
  };
}

const VALID = {
  intent: "save",
  code: "voorjaar10",
  discountType: "percentage",
  discountValue: "10",
  minOrderValue: "",
  maxDiscountAmount: "",
  usageLimit: "",
  validUntil: "",
};

beforeEach(async () => {
  await db().update(orders).set({ couponId: null });
  await db().delete(couponCodes);
});

describe("refused for guests and customers, with no change", () => {
  for (const { who, cookie } of guestAndCustomer(() => customer.cookie)) {
    it(`${who}: the page redirects to / with Access Denied and shows no coupon`, async () => {
      await createCoupon(db(), { code: "GEHEIM50" });
      await expectAdminOnly(app, cookie(), ["/admin/coupons", "/admin/coupons?coupon=new", "/admin/coupons.data"], {
        hidden: ["GEHEIM50"],
      });
    });

    it(`${who}: every action is refused and changes nothing`, async () => {
      const target = await createCoupon(db(), { code: "BLIJFT" });
      const actions: Record<string, string>[] = [
        VALID,
        { ...VALID, id: target.id, code: "GEKAAPT" },
        { intent: "toggle", id: target.id, active: "false" },
        { intent: "delete", id: target.id },
      ];
      await expectAdminOnly(
        app,
        cookie(),
        actions.flatMap((fields) => ["/admin/coupons", "/admin/coupons.data"].map((path) => ({ path, fields }))),
        { unchanged: () => snapshot(db()) },
      );
    });
  }
});

describe("the coupon table", () => {
  it("lists coupons newest first with type, value, minimum, maximum, used / limit, valid until and active", async () => {
    await createCoupon(db(), {
      code: "OUD5",
      discountPercentage: null,
      discountAmountCents: 500,
      minOrderValueCents: 2500,
      usageLimit: 10,
      usageCount: 3,
      createdAt: new Date("2026-01-01T10:00:00Z"),
      validUntil: new Date("2026-12-31T22:59:59.999Z"),
    });
    await createCoupon(db(), {
      code: "NIEUW20",
      discountPercentage: 20,
      maxDiscountAmountCents: 1500,
      isActive: false,
      createdAt: new Date("2026-06-01T10:00:00Z"),
    });
    const { status, html } = await app.html("/admin/coupons", { headers: { cookie: admin.cookie } });
    expect(status).toBe(200);
    expect(html).toContain("Coupon Management");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/coupons"/);
    expect(html).not.toContain("Coming soon");
    const rows = [...html.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].slice(1).map((m) =>
      m[1]!
        .replace(/<span aria-hidden="true" class="text-muted md:hidden">[^<]*<\/span>/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/&nbsp;|\u00a0/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    );
    expect(rows[0]).toMatch(/^NIEUW20 Percentage 20% € 0,00 € 15,00 0 \/ ∞ No expiry/);
    expect(rows[1]).toMatch(/^OUD5 Fixed € 5,00 € 25,00 — 3 \/ 10 31 Dec 2026/);
    expect(rows[1]).not.toContain("(expired)");
    expect(html).toMatch(/role="switch" aria-checked="false" aria-label="Active: NIEUW20"/);
    expect(html).toMatch(/role="switch" aria-checked="true" aria-label="Active: OUD5"/);
  });

  it("marks a coupon past its valid-until day as expired", async () => {
    await createCoupon(db(), { code: "VERLOPEN", validUntil: new Date("2024-12-31T22:59:59.999Z") });
    const { html } = await app.html("/admin/coupons", { headers: { cookie: admin.cookie } });
    // Valid until 23:59:59.999 Amsterdam winter time (UTC+1) on 31 Dec 2024: that day, in the admin's format.
    expect(html).toContain(
      '<time dateTime="2024-12-31T22:59:59.999Z">31 Dec 2024</time><span class="block text-xs text-danger">(expired)',
    );
  });

  it("opens the create dialog and the edit dialog from the URL, filled in", async () => {
    const existing = await createCoupon(db(), {
      code: "ZOMER",
      discountPercentage: null,
      discountAmountCents: 1250,
      validUntil: new Date("2026-07-31T21:59:59.999Z"),
    });
    const created = await app.html("/admin/coupons?coupon=new", { headers: { cookie: admin.cookie } });
    expect(created.html).toContain("New coupon");
    expect(created.html).toMatch(/name="minOrderValue"[^>]*value="0"/);
    expect(created.html).toMatch(/<input[^>]*type="checkbox"[^>]*name="isActive"[^>]*checked=""/);
    const edit = await app.html(`/admin/coupons?coupon=${existing.id}`, { headers: { cookie: admin.cookie } });
    expect(edit.html).toContain("Edit coupon ZOMER");
    expect(edit.html).toMatch(/name="discountValue"[^>]*value="12,50"/);
    expect(edit.html).toMatch(/name="validUntil"[^>]*value="2026-07-31"/);
  });

  it("shows the load failure with a way to try again", async () => {
    await db().execute("ALTER TABLE coupon_codes RENAME TO coupon_codes_away");
    try {
      const { status, html } = await app.html("/admin/coupons", { headers: { cookie: admin.cookie } });
      expect(status).toBe(200);
      expect(html).toContain("Failed to load coupons");
      expect(html).toContain("Try again");
    } finally {
      await db().execute("ALTER TABLE coupon_codes_away RENAME TO coupon_codes");
    }
  });
});

describe("creating and editing", () => {
  it("creates an active percentage coupon with its code upper-cased and empty optionals as null, recorded", async () => {
    const { status, data } = await send(VALID);
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, title: "Coupon created successfully" });
    const row = await byCode("VOORJAAR10");
    expect(row).toMatchObject({
      discountPercentage: 10,
      discountAmountCents: null,
      minOrderValueCents: 0,
      maxDiscountAmountCents: null,
      usageLimit: null,
      validUntil: null,
      isActive: true,
      usageCount: 0,
    });
    const change = await lastChange();
    expect(change).toMatchObject({
      actorEmail: admin.email,
      entityType: "coupon",
      entityId: row!.id,
      action: "create",
    });
    expect(change.before).toBeNull();
    expect(change.after).toMatchObject({ code: "VOORJAAR10", discountPercentage: 10 });
  });

  it("keeps a fixed coupon's code as typed, reads euros as cents, and the checkout finds it in any case", async () => {
    const { data } = await send({
      ...VALID,
      code: " Welkom5 ",
      discountType: "fixed",
      discountValue: "5,00",
      minOrderValue: "25",
      maxDiscountAmount: "",
      usageLimit: "100",
    });
    expect(data.ok).toBe(true);
    const row = await byCode("Welkom5");
    expect(row).toMatchObject({
      discountAmountCents: 500,
      discountPercentage: null,
      minOrderValueCents: 2500,
      usageLimit: 100,
    });
    const applied = await evaluateCoupon(db(), "welkom5", 3000);
    expect(applied).toMatchObject({ valid: true, discountCents: 500 });
  });

  it("saves valid-until as the end of that day in Amsterdam, in winter and in summer time", async () => {
    await send({ ...VALID, code: "WINTER", validUntil: "2026-01-15" });
    await send({ ...VALID, code: "ZOMERTIJD", validUntil: "2026-07-15" });
    expect((await byCode("WINTER"))!.validUntil!.toISOString()).toBe("2026-01-15T22:59:59.999Z");
    expect((await byCode("ZOMERTIJD"))!.validUntil!.toISOString()).toBe("2026-07-15T21:59:59.999Z");
  });

  it.each([
    [{ code: "ab" }, "code", "Code must be at least 3 characters"],
    [{ code: "   " }, "code", "Code must be at least 3 characters"],
    [{ discountValue: "0" }, "discountValue", "Must be a positive number"],
    [{ discountValue: "" }, "discountValue", "Must be a positive number"],
    [{ discountValue: "-5" }, "discountValue", "Must be a positive number"],
    [{ discountValue: "tien" }, "discountValue", "Must be a positive number"],
    [{ discountValue: "150" }, "discountValue", "A percentage can be at most 100"],
    [{ discountType: "fixed", discountValue: "0,00" }, "discountValue", "Must be a positive number"],
    [{ minOrderValue: "-1" }, "minOrderValue", "Must be zero or a positive number"],
    [{ minOrderValue: "veel" }, "minOrderValue", "Must be zero or a positive number"],
    [{ maxDiscountAmount: "0" }, "maxDiscountAmount", "Must be a positive number"],
    [{ usageLimit: "0" }, "usageLimit", "Must be a positive number"],
    [{ usageLimit: "2,5" }, "usageLimit", "Must be a positive number"],
    [{ validUntil: "2026-02-30" }, "validUntil", "Enter a valid date"],
    [{ discountType: "gratis" }, "discountType", "Choose percentage or fixed"],
    [{ code: "ZOMER\u0000" }, "code", "Ongeldige tekens in dit veld"],
  ])("refuses %j with its message on field %s and stores nothing", async (change, field, message) => {
    const { status, data } = await send({ ...VALID, ...change });
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, field, title: message });
    expect(await db().select().from(couponCodes)).toEqual([]);
  });

  it("shows a refused form's message next to its field when sent without JavaScript", async () => {
    const res = await app.post("/admin/coupons", { ...VALID, code: "ab" }, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Code must be at least 3 characters");
  });

  it("refuses a code that exists already, in any case", async () => {
    await createCoupon(db(), { code: "DUBBEL" });
    const { status, data } = await send({ ...VALID, code: "dubbel" });
    expect(status).toBe(400);
    expect(data).toMatchObject({ ok: false, field: "code", title: "A coupon with this code already exists" });
    expect(await db().select().from(couponCodes)).toHaveLength(1);
  });

  it("updates a coupon, records before and after, and can clear optional values", async () => {
    const existing = await createCoupon(db(), { code: "BEWERK", usageLimit: 5, maxDiscountAmountCents: 1000 });
    const { data } = await send({
      ...VALID,
      id: existing.id,
      code: "bewerk",
      discountValue: "15",
      usageLimit: "",
      maxDiscountAmount: "",
      isActive: "false",
    });
    expect(data).toMatchObject({ ok: true, title: "Coupon updated successfully" });
    expect(await coupon(existing.id)).toMatchObject({
      code: "BEWERK",
      discountPercentage: 15,
      usageLimit: null,
      maxDiscountAmountCents: null,
      isActive: false,
    });
    const change = await lastChange();
    expect(change).toMatchObject({ entityId: existing.id, action: "update" });
    expect(change.before).toMatchObject({ discountPercentage: 10, usageLimit: 5, isActive: true });
    expect(change.after).toMatchObject({ discountPercentage: 15, usageLimit: null, isActive: false });
  });

  it("refuses an unknown coupon or intent", async () => {
    expect((await send({ ...VALID, id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    expect((await send({ ...VALID, id: "../1" })).status).toBe(404);
    expect((await send({ intent: "wipe" })).status).toBe(400);
    expect(await db().select().from(couponCodes)).toEqual([]);
  });
});

describe("activating, deactivating and deleting", () => {
  it("deactivates and activates a coupon from the table; the checkout follows; both are recorded", async () => {
    const target = await createCoupon(db(), { code: "AANUIT" });
    const off = await send({ intent: "toggle", id: target.id, active: "false" });
    expect(off.data).toMatchObject({ ok: true, title: "Coupon deactivated successfully" });
    expect((await coupon(target.id))!.isActive).toBe(false);
    expect(await lastChange()).toMatchObject({
      action: "deactivate",
      before: { isActive: true },
      after: { isActive: false },
    });
    expect(await evaluateCoupon(db(), "AANUIT", 5000)).toMatchObject({
      valid: false,
      message: "Deze kortingscode is niet meer geldig.",
    });

    const on = await send({ intent: "toggle", id: target.id, active: "true" });
    expect(on.data).toMatchObject({ ok: true, title: "Coupon activated successfully" });
    expect(await evaluateCoupon(db(), "AANUIT", 5000)).toMatchObject({ valid: true, discountCents: 500 });
  });

  it("answers Failed to update coupon for a switch without a state", async () => {
    const target = await createCoupon(db(), { code: "HALF" });
    const { status, data } = await send({ intent: "toggle", id: target.id, active: "misschien" });
    expect(status).toBe(400);
    expect(data.title).toBe("Failed to update coupon");
    expect((await coupon(target.id))!.isActive).toBe(true);
  });

  it("deletes an unused coupon after asking, and records it", async () => {
    const target = await createCoupon(db(), { code: "WEG" });
    const page = await app.html(`/admin/coupons?delete=${target.id}`, { headers: { cookie: admin.cookie } });
    expect(page.html).toContain("Delete coupon WEG? This cannot be undone.");
    const { data } = await send({ intent: "delete", id: target.id });
    expect(data).toMatchObject({ ok: true, title: "Coupon deleted successfully" });
    expect(await coupon(target.id)).toBeUndefined();
    expect(await lastChange()).toMatchObject({ action: "delete", after: null, before: { code: "WEG" } });
  });

  it("refuses to delete a coupon that has been used (paid, or carried by an order) and offers no delete button", async () => {
    const paid = await createCoupon(db(), { code: "BETAALD", usageCount: 1 });
    const held = await createCoupon(db(), { code: "INBESTELLING" });
    const buyer = await createCustomer(db());
    await createOrder(db(), buyer.id, { couponId: held.id, couponCode: "INBESTELLING" });
    for (const target of [paid, held]) {
      const { status, data } = await send({ intent: "delete", id: target.id });
      expect(status).toBe(400);
      expect(data.title).toBe("This coupon has been used and cannot be deleted; deactivate it instead");
      expect(await coupon(target.id)).toBeDefined();
    }
    const { html } = await app.html("/admin/coupons", { headers: { cookie: admin.cookie } });
    expect(html).not.toContain("Delete BETAALD");
    expect(html).not.toContain("Delete INBESTELLING");
    expect(html).toContain("Edit BETAALD");
  });
});
