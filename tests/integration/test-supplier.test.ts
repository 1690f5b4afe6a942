import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, testSupplierOrders } from "../../app/db/schema";
import {
  buildOrderMessage,
  parseSupplierAnswer,
  type SupplierOrder,
} from "../../app/features/fulfilment/supplier-message";
import { createBackgroundJobs } from "../../server/job-registry";
import { confirmPayment } from "../../app/features/orders/index.server";
import { payLocalSession } from "../../app/features/payments/local-provider.server";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { setMaintenanceMode } from "../../app/features/site-settings/site-settings.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { startTestApp } from "../support/app";
import { createPendingOrder } from "../support/checkout-factories";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";

const logger = createLogger("silent");

/** The built-in test supplier: what the embedded demo sends its paid orders to when no supplier is configured. */
describe("the local test supplier", () => {
  const { app, database } = useTestApp({ SHOP_EMAIL: "winkel@trapkracht.test" });
  let artNo: number;

  const order = (overrides: Partial<SupplierOrder> = {}): SupplierOrder => ({
    username: "trapkracht-demo",
    password: "demo-leverancier",
    debtorNumber: "DEMO-0001",
    reference: "11111111-2222-4333-8444-555555555555",
    remark: "Trapkracht bestelling 11111111",
    company: "",
    building: "",
    recipientName: "Sanne de Vries",
    phone: "",
    email: "sanne@example.nl",
    street: "Fietsstraat",
    houseNumber: "12",
    houseNumberAddition: "",
    postalCode: "3511 AB",
    city: "Utrecht",
    country: "NL",
    deliveryNoteLanguage: "NL",
    lines: [{ indexNumber: 1, artNo: String(artNo), amount: 3 }],
    ...overrides,
  });
  const send = (body: string, path = "/api/test-supplier/orders") =>
    fetch(app.url + path, { method: "POST", headers: { "content-type": "text/xml; charset=utf-8" }, body });
  const answerOf = async (res: Response) => parseSupplierAnswer(res.status, await res.text());

  beforeAll(async () => {
    artNo = (await createProduct(database.db)).artNo;
  });

  it("accepts a new reference with a generated supplier reference and books it once", async () => {
    const first = await send(buildOrderMessage(order()));
    expect(first.status).toBe(201);
    expect(first.headers.get("content-type")).toBe("text/xml; charset=utf-8");
    const accepted = await answerOf(first);
    expect(accepted).toMatchObject({ kind: "accepted", alreadyKnown: false });
    const supplierReference = (accepted as { supplierReference: string }).supplierReference;
    expect(supplierReference).toMatch(/^TS-[0-9A-F]{10}$/);

    const again = await send(buildOrderMessage(order()));
    expect(again.status).toBe(200);
    expect(await answerOf(again)).toEqual({ kind: "accepted", supplierReference, alreadyKnown: true });

    const booked = await database.db
      .select()
      .from(testSupplierOrders)
      .where(eq(testSupplierOrders.reference, "11111111-2222-4333-8444-555555555555"));
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({
      supplierReference,
      debtorNumber: "DEMO-0001",
      recipientName: "Sanne de Vries",
      postalCode: "3511 AB",
      country: "NL",
      lines: [{ indexNumber: 1, artNo: String(artNo), amount: 3 }],
    });
  });

  it("rejects an unknown ArtNo, bad credentials, an unknown debtor and a message it cannot read", async () => {
    const reference = "99999999-2222-4333-8444-555555555555";
    let res = await send(buildOrderMessage(order({ reference, lines: [{ indexNumber: 1, artNo: "1", amount: 1 }] })));
    expect(res.status).toBe(422);
    expect(await answerOf(res)).toEqual({
      kind: "rejected",
      code: "UNKNOWN_ARTICLE",
      reason: "Unknown article number 1",
    });
    res = await send(buildOrderMessage(order({ reference, password: "fout" })));
    expect(res.status).toBe(401);
    expect(await answerOf(res)).toEqual({
      kind: "rejected",
      code: "AUTHENTICATION_FAILED",
      reason: "Unknown user name or password",
    });
    res = await send(buildOrderMessage(order({ reference, debtorNumber: "D-1" })));
    expect(res.status).toBe(403);
    expect(await answerOf(res)).toMatchObject({ kind: "rejected", code: "UNKNOWN_DEBTOR" });
    res = await send("<html>hallo</html>");
    expect(res.status).toBe(400);
    expect(await answerOf(res)).toEqual({
      kind: "rejected",
      code: "INVALID_MESSAGE",
      reason: "Not a well-formed DropshipOrder message",
    });
    res = await send(buildOrderMessage(order({ reference })).replace("</Reference>", "\u0000</Reference>"));
    expect(res.status).toBe(400);
    expect(await answerOf(res)).toMatchObject({ kind: "rejected", code: "INVALID_MESSAGE" });
    expect(
      await database.db.select().from(testSupplierOrders).where(eq(testSupplierOrders.reference, reference)),
    ).toEqual([]);
    expect((await app.get("/api/test-supplier/orders")).status).toBe(405);
  });

  it("keeps taking orders during maintenance (it stands in for an outside supplier)", async () => {
    await setMaintenanceMode(database.db, true);
    try {
      const res = await send(buildOrderMessage(order({ reference: "22222222-2222-4333-8444-555555555555" })));
      expect(res.status).toBe(201);
    } finally {
      await setMaintenanceMode(database.db, false);
    }
  });

  it("receives the demo's paid orders: pay, one pass of the app's background jobs, completed with its TS- reference", async () => {
    const payments = createPaymentProvider({ db: database.db, config: app.config, logger });
    const placed = await createPendingOrder(database.db, payments, { appUrl: app.url });
    await payLocalSession(database.db, placed.session.id, { method: "ideal", bank: "ING" });
    await confirmPayment({ db: database.db, payments, logger, config: app.config }, placed.session.id);
    const background = createBackgroundJobs({ db: database.db, config: app.config, logger, payments });
    try {
      await background.worker.runOnce();
    } finally {
      await background.stop();
    }
    const [row] = await database.db.select().from(orders).where(eq(orders.id, placed.order.id));
    expect(row).toMatchObject({ dropshipmentStatus: "completed", paymentStatus: "paid" });
    const [booked] = await database.db
      .select()
      .from(testSupplierOrders)
      .where(eq(testSupplierOrders.reference, placed.order.id));
    expect(row!.dropshipmentReference).toBe(booked!.supplierReference);
    expect(booked!.lines).toEqual([
      { indexNumber: 1, artNo: String(placed.products[0]!.artNo), amount: 2 },
      { indexNumber: 2, artNo: String(placed.products[1]!.artNo), amount: 1 },
    ]);
  });

  it("does not exist next to a real supplier", async () => {
    const withSupplier = await startTestApp(database.db, {
      SUPPLIER_API_URL: "http://127.0.0.1:9/orders",
      SUPPLIER_USERNAME: "trapkracht",
      SUPPLIER_PASSWORD: "geheim",
      SUPPLIER_DEBTOR_NUMBER: "D-10452",
    });
    try {
      const res = await fetch(withSupplier.url + "/api/test-supplier/orders", {
        method: "POST",
        body: buildOrderMessage(order({ reference: "33333333-2222-4333-8444-555555555555" })),
      });
      expect(res.status).toBe(404);
    } finally {
      await withSupplier.close();
    }
  });
});
