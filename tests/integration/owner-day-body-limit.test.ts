import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../app/db/rows.server";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";
import { signedInUser } from "../support/users";

/**
 * Issue 28's new admin intents (bulk "Mark as shipped", the confirmed refund, resending an order's
 * mail, a user's role) sit behind the shop's one body limit (MAX_BODY_BYTES, 64 KiB): an admin's
 * oversized post is refused with 413 before any handler runs, and nothing is written.
 */
describe("the owner's new actions refuse an oversized body", () => {
  const { app, database } = useTestApp();
  let adminCookie = "";
  let orderId = "";
  let userId = "";
  beforeAll(async () => {
    adminCookie = (await signedInUser(app, database.db, { role: "admin" })).cookie;
    userId = (await signedInUser(app, database.db)).id;
    orderId = (await createOrder(database.db, (await createCustomer(database.db)).id)).id;
  });

  const counts = async () =>
    rowsOf<Record<string, number>>(
      await database.db.execute(
        sql`select (select count(*) from admin_changes)::int as changes, (select count(*) from outbox)::int as mails,
                   (select count(*) from order_refunds)::int as refunds, (select count(*) from orders where status = 'shipped')::int as shipped`,
      ),
    )[0];

  it.each([
    ["/admin/orders", "bulk-ship", { ship: "ORDER" }],
    [
      "/admin/orders/ORDER",
      "refund",
      { confirmedAmountCents: "100", refundKey: "0f3c2f6e-6a55-4d8e-9f3e-3b0a3f1c2d4e" },
    ],
    ["/admin/orders/ORDER", "resend-mail", { outboxId: "1" }],
    ["/admin/users", "role", { userId: "USER", role: "admin", confirm: "yes" }],
  ] as const)("POST %s (%s) over 64 KiB: 413 and no change", async (path, intent, fields) => {
    const before = await counts();
    const form = new URLSearchParams({ intent, ...fields })
      .toString()
      .replaceAll("ORDER", orderId)
      .replaceAll("USER", userId);
    const res = await app.get(path.replace("ORDER", orderId), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url, cookie: adminCookie },
      body: `${form}&pad=${"a".repeat(64 * 1024)}`,
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Het verzoek is te groot");
    expect(await counts()).toEqual(before);
  });
});
