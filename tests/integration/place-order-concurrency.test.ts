import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { localPaymentSessions, orders } from "../../app/db/schema";
import { CHECKOUT_SHOPPER } from "../support/checkout-factories";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

/**
 * Many simultaneous posts of one checkout form (a frantic double-click, a retrying proxy) make one
 * order and one payment session, and every answer sends the browser to that one payment page.
 */

const { app, database } = useTestApp({ PAYMENT_PROVIDER: "local" });

describe("simultaneous posts of one checkout form", () => {
  it.each([[1], [2], [3]])("make one order and one payment session (round %i)", async (round) => {
    const product = await createProduct(database.db, { stockQuantity: 50 });
    const token = crypto.randomUUID();
    const fields = {
      ...CHECKOUT_SHOPPER,
      email: `achtvoudig-${round}@example.nl`,
      intent: "place",
      checkoutToken: token,
      couponCode: "",
      items: JSON.stringify([{ artNo: product.artNo, quantity: 1 }]),
    };

    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.post("/checkout", fields, { headers: { "x-forwarded-for": `10.77.${round}.1` } }),
      ),
    );

    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(303));
    const placed = await database.db.select().from(orders).where(eq(orders.checkoutToken, token));
    expect(placed).toHaveLength(1);
    const [sessions] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(localPaymentSessions)
      .where(eq(localPaymentSessions.orderId, placed[0]!.id));
    expect(Number(sessions!.n)).toBe(1);
    const pageUrl = `${app.url}/betaalpagina/${placed[0]!.paymentSessionId}`;
    expect(answers.map((r) => r.headers.get("location"))).toEqual(Array(8).fill(pageUrl));
  });
});
