import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products, testSupplierOrders } from "~/db/schema";
import { buildSupplierAnswer, parseOrderMessage } from "./supplier-message";
import { TEST_SUPPLIER_ACCOUNT } from "./supplier-settings.server";

export type TestSupplierAnswer = { status: number; body: string };

const rejected = (status: number, code: string, message: string, reference?: string): TestSupplierAnswer => ({
  status,
  body: buildSupplierAnswer({ status: "rejected", code, message, reference }),
});

/**
 * The built-in test supplier: answers an order message exactly as docs/supplier-api.md says a real
 * supplier does, so the embedded demo shows the whole dropshipment flow. It knows the shop's own
 * catalogue as its articles and keeps what it accepted in test_supplier_orders (one row per
 * reference: a repeat is "already known", with the first supplier reference).
 */
export async function receiveTestSupplierOrder(db: Db, body: string): Promise<TestSupplierAnswer> {
  const parsed = parseOrderMessage(body);
  if (!parsed.ok) return rejected(400, "INVALID_MESSAGE", parsed.error);
  const order = parsed.order;
  if (order.username !== TEST_SUPPLIER_ACCOUNT.username || order.password !== TEST_SUPPLIER_ACCOUNT.password) {
    return rejected(401, "AUTHENTICATION_FAILED", "Unknown user name or password", order.reference);
  }
  if (order.debtorNumber !== TEST_SUPPLIER_ACCOUNT.debtorNumber) {
    return rejected(403, "UNKNOWN_DEBTOR", `Unknown debtor number ${order.debtorNumber}`, order.reference);
  }
  const wanted = [...new Set(order.lines.map((line) => Number(line.artNo)))];
  const known = new Set(
    (
      await db
        .select({ artNo: products.artNo })
        .from(products)
        .where(inArray(products.artNo, wanted.filter(Number.isSafeInteger)))
    ).map((row) => row.artNo),
  );
  const unknown = order.lines.find((line) => !known.has(Number(line.artNo)));
  if (unknown) return rejected(422, "UNKNOWN_ARTICLE", `Unknown article number ${unknown.artNo}`, order.reference);

  const [created] = await db
    .insert(testSupplierOrders)
    .values({
      reference: order.reference,
      supplierReference: `TS-${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
      debtorNumber: order.debtorNumber,
      recipientName: order.recipientName,
      postalCode: order.postalCode,
      country: order.country,
      lines: order.lines,
    })
    .onConflictDoNothing({ target: testSupplierOrders.reference })
    .returning({ supplierReference: testSupplierOrders.supplierReference });
  if (created) {
    return {
      status: 201,
      body: buildSupplierAnswer({
        status: "accepted",
        reference: order.reference,
        supplierReference: created.supplierReference,
      }),
    };
  }
  const [existing] = await db
    .select({ supplierReference: testSupplierOrders.supplierReference })
    .from(testSupplierOrders)
    .where(eq(testSupplierOrders.reference, order.reference))
    .limit(1);
  return {
    status: 200,
    body: buildSupplierAnswer({
      status: "already_known",
      reference: order.reference,
      supplierReference: existing!.supplierReference,
      message: "Reference already known",
    }),
  };
}
