import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "../../app/db/rows.server";
import { couponCodes, orders } from "../../app/db/schema";
import { insertDemoCoupons } from "../../app/db/seed/coupons.server";
import { seedDemoIfEmpty } from "../../app/db/seed/demo.server";
import type { CouponCheck } from "../../app/features/cart-checkout/coupon-check";
import { COUPON_REASONS } from "../../app/features/coupons/coupon-rules";
import { countCouponUse, evaluateCoupon, lockCouponForOrder } from "../../app/features/coupons/coupons.server";
import type { DbExecutor } from "../../app/db/client.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createCoupon } from "../support/coupon-factories";
import { createProduct } from "../support/factories";
import { createCustomer } from "../support/order-factories";
import { postToAction } from "../support/single-fetch";
import { createTestDatabase } from "../support/db";
import { useTestApp } from "../support/fixture";

const nbsp = "\u00a0";

describe("coupons", () => {
  const { app, database } = useTestApp();
  let ipCounter = 1;
  let artNo = 0;

  /** The coupon field's post to /cart, from its own client address (the limit is per IP). */
  const check = (code: string, quantity = 2, ip = `198.51.100.${ipCounter++}`) =>
    postToAction<CouponCheck>(
      app,
      "/cart",
      { intent: "coupon", code, items: JSON.stringify([{ artNo, quantity, price: 0.01 }]) },
      { "x-forwarded-for": ip },
    );

  beforeAll(async () => {
    // €19,95 a piece, 21 % VAT, plenty in stock.
    artNo = (await createProduct(database.db, { consumerPriceCents: 1995, stockQuantity: 500 })).artNo;
  });

  describe("the rule (validate_and_apply_coupon)", () => {
    it("asks for a code when none is given", async () => {
      expect(await evaluateCoupon(database.db, "   ", 5000)).toEqual({
        code: "",
        valid: false,
        discountCents: 0,
        message: "Please enter a coupon code",
        couponId: null,
      });
    });

    it("trims and upper-cases the code before looking it up", async () => {
      const coupon = await createCoupon(database.db, { code: "HERFST20", discountPercentage: 20 });
      expect(await evaluateCoupon(database.db, "  herfst20\t", 5000)).toEqual({
        code: "HERFST20",
        valid: true,
        discountCents: 1000,
        message: `Kortingscode toegepast: €${nbsp}10,00 korting.`,
        couponId: coupon.id,
      });
    });

    it("refuses unknown, inactive, expired and used-up coupons with their reason", async () => {
      const inactive = await createCoupon(database.db, { isActive: false });
      const expired = await createCoupon(database.db, { validUntil: new Date(Date.now() - 86_400_000) });
      const future = await createCoupon(database.db, { validUntil: new Date(Date.now() + 86_400_000) });
      const usedUp = await createCoupon(database.db, { usageLimit: 2, usageCount: 2 });
      const left = await createCoupon(database.db, { usageLimit: 2, usageCount: 1 });
      const verdict = async (code: string) => {
        const r = await evaluateCoupon(database.db, code, 5000);
        return [r.valid, r.message, r.couponId === null];
      };
      expect(await verdict("BESTAATNIET")).toEqual([false, COUPON_REASONS.unknown, true]);
      expect(await verdict(inactive.code)).toEqual([false, COUPON_REASONS.inactive, true]);
      expect(await verdict(expired.code)).toEqual([false, COUPON_REASONS.expired, true]);
      expect(await verdict(usedUp.code)).toEqual([false, COUPON_REASONS.usedUp, true]);
      expect((await verdict(future.code))[0]).toBe(true);
      expect((await verdict(left.code))[0]).toBe(true);
    });

    it("applies a minimum order value, a maximum discount and never more than the total", async () => {
      const min = await createCoupon(database.db, { discountAmountCents: 500, minOrderValueCents: 2500 });
      expect(await evaluateCoupon(database.db, min.code, 2499)).toMatchObject({
        valid: false,
        discountCents: 0,
        message: `Deze kortingscode geldt vanaf een bestelbedrag van €${nbsp}25,00.`,
      });
      expect(await evaluateCoupon(database.db, min.code, 2500)).toMatchObject({ valid: true, discountCents: 500 });

      const capped = await createCoupon(database.db, { discountPercentage: 10, maxDiscountAmountCents: 1500 });
      expect((await evaluateCoupon(database.db, capped.code, 10_000)).discountCents).toBe(1000);
      expect((await evaluateCoupon(database.db, capped.code, 40_000)).discountCents).toBe(1500);

      const big = await createCoupon(database.db, { discountAmountCents: 5000 });
      expect((await evaluateCoupon(database.db, big.code, 1995)).discountCents).toBe(1995);
    });
  });

  describe("the coupon field's check over HTTP", () => {
    it("answers an empty code with 'Please enter a coupon code'", async () => {
      const res = await check("  ");
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ intent: "coupon", status: "empty", title: "Please enter a coupon code" });
    });

    it("answers 'Invalid coupon' with the rule's message", async () => {
      const res = await check("onbekend");
      expect(res.status).toBe(200);
      expect(res.data).toMatchObject({
        status: "invalid",
        code: "ONBEKEND",
        title: "Invalid coupon",
        message: COUPON_REASONS.unknown,
        discountCents: 0,
      });
      expect(res.data.quote?.totals.discountCents).toBe(0);
    });

    it("applies a valid code to the server's prices, whatever price the browser posts", async () => {
      const coupon = await createCoupon(database.db, { code: "WINTER10", discountPercentage: 10 });
      const res = await check(" winter10 ", 2);
      expect(res.data).toMatchObject({
        status: "applied",
        code: "WINTER10",
        title: "Kortingscode toegepast",
        message: `Kortingscode toegepast: €${nbsp}3,99 korting.`,
        discountCents: 399,
      });
      // 2 × €19,95 = €39,90; 10 % = €3,99; €35,91 is below €50, so shipping is charged.
      expect(res.data.quote?.totals).toMatchObject({
        subtotalCents: 3990,
        discountCents: 399,
        shippingCents: 495,
        totalCents: 4086,
      });
      expect(res.data.quote?.coupon).toMatchObject({ valid: true, couponId: coupon.id });
    });

    it("allows 30 checks per address in 10 minutes", async () => {
      const ip = "192.0.2.77";
      for (let i = 0; i < 30; i++) expect((await check("ONBEKEND", 1, ip)).status).toBe(200);
      const refused = await check("WINTER10", 1, ip);
      expect(refused.status).toBe(429);
      expect(refused.data).toMatchObject({ status: "limited", title: "Invalid coupon", discountCents: 0 });
      expect((await check("WINTER10", 1, "192.0.2.78")).data.status).toBe("applied");
    });

    it("answers 'Failed to apply coupon' when the check itself fails", async () => {
      await database.db.execute(sql`ALTER TABLE coupon_codes RENAME TO coupon_codes_weg`);
      try {
        const res = await check("WINTER10");
        expect(res.status).toBe(500);
        expect(res.data).toMatchObject({ status: "failed", title: "Failed to apply coupon", quote: null });
      } finally {
        await database.db.execute(sql`ALTER TABLE coupon_codes_weg RENAME TO coupon_codes`);
      }
    });
  });

  describe("counting uses", () => {
    const usage = async (id: string) =>
      (await database.db.select().from(couponCodes).where(eq(couponCodes.id, id)))[0]!.usageCount;

    it("counts a paid order's use once, and never past the limit when two payments confirm at once", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1 });
      const results = await Promise.all(
        [1, 2].map(() => database.db.transaction((tx) => countCouponUse(tx, coupon.id))),
      );
      expect(results.sort()).toEqual([false, true]);
      expect(await usage(coupon.id)).toBe(1);
      expect(await database.db.transaction((tx) => countCouponUse(tx, coupon.id))).toBe(false);
      expect(await usage(coupon.id)).toBe(1);
    });

    it("counts every use of a coupon without a limit, and none of an inactive one", async () => {
      const open = await createCoupon(database.db);
      await Promise.all([1, 2, 3].map(() => database.db.transaction((tx) => countCouponUse(tx, open.id))));
      expect(await usage(open.id)).toBe(3);
      const off = await createCoupon(database.db, { isActive: false });
      expect(await countCouponUse(database.db, off.id)).toBe(false);
      expect(await usage(off.id)).toBe(0);
    });
  });

  describe("reserving the last use at checkout", () => {
    const placeOrder = async (tx: DbExecutor, couponId: string, customerId: string) => {
      await tx.insert(orders).values({ customerId, totalAmountCents: 4500, couponId, couponCode: "X" });
    };

    it("gives the last use to one of two checkouts placed at the same moment", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1 });
      const customer = await createCustomer(database.db);

      if (database.kind === "pglite") {
        // One connection: the transactions run one after the other; the second sees the first's order.
        const first = await database.db.transaction(async (tx) => {
          const r = await lockCouponForOrder(tx, coupon.code, 5000);
          if (r.valid) await placeOrder(tx, coupon.id, customer.id);
          return r;
        });
        const second = await database.db.transaction((tx) => lockCouponForOrder(tx, coupon.code, 5000));
        expect(first.valid).toBe(true);
        expect(second).toMatchObject({ valid: false, message: COUPON_REASONS.usedUp, couponId: null });
        return;
      }

      // PostgreSQL: A holds the coupon lock with its order inserted but not committed while B asks.
      let bDone = false;
      let markLocked!: () => void;
      const aLocked = new Promise<void>((resolve) => (markLocked = resolve));
      let sawBWaiting = false;
      const a = database.db.transaction(async (tx) => {
        const r = await lockCouponForOrder(tx, coupon.code, 5000);
        await placeOrder(tx, coupon.id, customer.id);
        markLocked();
        // Keep the transaction open until B is seen waiting for the row lock (or has finished).
        while (!bDone && !sawBWaiting) {
          const waiting = rowsOf<{ n: number }>(
            await database.db.execute(sql`
              SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%coupon_codes%'`),
          );
          sawBWaiting = Number(waiting[0]?.n) > 0;
        }
        return r;
      });
      await aLocked;
      const b = database.db
        .transaction((tx) => lockCouponForOrder(tx, coupon.code, 5000))
        .finally(() => (bDone = true));
      const [ra, rb] = await Promise.all([a, b]);
      expect(sawBWaiting).toBe(true);
      expect(ra.valid).toBe(true);
      expect(rb).toMatchObject({ valid: false, message: COUPON_REASONS.usedUp });
    });

    it("frees a reservation when the order is cancelled, paid for (counted instead) or older than an hour", async () => {
      const coupon = await createCoupon(database.db, { usageLimit: 1 });
      const customer = await createCustomer(database.db);
      const lock = () =>
        database.db.transaction((tx) => lockCouponForOrder(tx, ` ${coupon.code.toLowerCase()} `, 5000));
      const [order] = await database.db
        .insert(orders)
        .values({ customerId: customer.id, totalAmountCents: 4500, couponId: coupon.id })
        .returning();
      expect((await lock()).valid).toBe(false);
      // Shown in the cart (no reservation counted): still valid there until it is paid.
      expect((await evaluateCoupon(database.db, coupon.code, 5000)).valid).toBe(true);

      await database.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order!.id));
      expect((await lock()).valid).toBe(true);

      // Held while its payment session could still be paid (30–31 minutes), released after 35.
      await database.db
        .update(orders)
        .set({ status: "pending", createdAt: sql`now() - interval '34 minutes'` })
        .where(eq(orders.id, order!.id));
      expect((await lock()).valid).toBe(false);
      await database.db
        .update(orders)
        .set({ createdAt: sql`now() - interval '36 minutes'` })
        .where(eq(orders.id, order!.id));
      expect((await lock()).valid).toBe(true);

      await database.db
        .update(orders)
        .set({ paymentStatus: "paid", createdAt: sql`now()` })
        .where(eq(orders.id, order!.id));
      expect(await countCouponUse(database.db, coupon.id)).toBe(true);
      expect(await lock()).toMatchObject({ valid: false, message: COUPON_REASONS.usedUp });
    });
  });

  it("seeds the demo coupons once: one of each kind and one expired", async () => {
    const fresh = await createTestDatabase();
    try {
      await seedDemoIfEmpty(fresh.db, createLogger("silent"));
      const rows = await fresh.db.select().from(couponCodes).orderBy(couponCodes.code);
      expect(
        rows.map((r) => ({
          code: r.code,
          pct: r.discountPercentage,
          amount: r.discountAmountCents,
          min: r.minOrderValueCents,
          max: r.maxDiscountAmountCents,
          limit: r.usageLimit,
          active: r.isActive,
          expired: r.validUntil !== null && r.validUntil < new Date(),
        })),
      ).toEqual([
        { code: "EENMALIG", pct: 10, amount: null, min: 0, max: null, limit: 1, active: true, expired: false },
        { code: "VERLOPEN", pct: 15, amount: null, min: 0, max: null, limit: null, active: true, expired: true },
        { code: "WELKOM5", pct: null, amount: 500, min: 2500, max: null, limit: null, active: true, expired: false },
        { code: "ZOMER10", pct: 10, amount: null, min: 0, max: 1500, limit: null, active: true, expired: false },
      ]);
      expect(await fresh.db.transaction((tx) => insertDemoCoupons(tx))).toEqual({ coupons: 0 });
      expect((await evaluateCoupon(fresh.db, "zomer10", 20_000)).discountCents).toBe(1500);
      expect((await evaluateCoupon(fresh.db, "welkom5", 2000)).valid).toBe(false);
      expect((await evaluateCoupon(fresh.db, "verlopen", 5000)).message).toBe(COUPON_REASONS.expired);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
