import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import {
  customers,
  customerSummaries,
  orderRefunds,
  orders,
  orderWithdrawalItems,
  orderWithdrawals,
  shippingAddresses,
  users,
} from "../../app/db/schema";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { createUser, signedInUser } from "../support/users";

const { app, database } = useTestApp();
let admin: Awaited<ReturnType<typeof signedInUser>>;
let shopper: Awaited<ReturnType<typeof signedInUser>>;

const db = () => database.db;
const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });

/** The page's visible text, tags removed, spaces (also non-breaking ones) collapsed. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/[\s\u00a0]+/g, " ")
    .trim();

/** The customers in the list's table, top to bottom, by the name (or address) their row shows. */
const listed = (html: string) =>
  [...html.matchAll(/<th scope="row"[^>]*><a[^>]*href="\/admin\/customers\/[0-9a-f-]+[^"]*"[^>]*>([^<]+)<\/a>/g)].map(
    (m) => m[1],
  );

const rowOf = (html: string, who: string) =>
  [...html.matchAll(/<tr[^>]*>.*?<\/tr>/gs)].map((m) => m[0]).find((row) => row.includes(`>${who}</a>`))!;

const summaryIdOf = async (email: string) => {
  const [row] = await db()
    .select({ id: customerSummaries.id })
    .from(customerSummaries)
    .where(eq(customerSummaries.emailKey, email.toLowerCase()));
  return row!.id;
};

let gijsPaid: typeof orders.$inferSelect;
let gijsUnpaid: typeof orders.$inferSelect;
let gijsRefunded: typeof orders.$inferSelect;
let sanneAccountOrder: typeof orders.$inferSelect;

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "klantbeheer@trapkracht.test" });
  shopper = await signedInUser(app, db(), { email: "nieuwsgierig@example.nl" });

  // Gijs, a guest buyer: two customer records whose addresses differ only in case.
  const gijsA = await createCustomer(db(), { firstName: "Gijs", lastName: "Gast", email: "Gijs.Gast@Example.nl" });
  const gijsB = await createCustomer(db(), { firstName: "Gijs", lastName: "Gast", email: "gijs.gast@example.nl" });
  const [gijsAddress] = await db()
    .insert(shippingAddresses)
    .values({ customerId: gijsA.id, address: "Oudegracht", houseNumber: "12", postalCode: "3511 KL", city: "Utrecht" })
    .returning();
  gijsPaid = await createOrder(db(), gijsA.id, {
    createdAt: new Date("2026-03-01T10:00:00Z"),
    paymentStatus: "paid",
    status: "completed",
    totalAmountCents: 4590,
    refundedCents: 1000,
    withAddress: false,
    shippingAddressId: gijsAddress!.id,
  });
  gijsRefunded = await createOrder(db(), gijsB.id, {
    createdAt: new Date("2026-02-01T10:00:00Z"),
    paymentStatus: "refunded",
    status: "cancelled",
    totalAmountCents: 1500,
    refundedCents: 1500,
    withAddress: false,
  });
  gijsUnpaid = await createOrder(db(), gijsB.id, {
    createdAt: new Date("2026-04-01T10:00:00Z"),
    paymentStatus: "unpaid",
    totalAmountCents: 2000,
    withAddress: false,
  });
  // A withdrawal of one line and a refund of € 10,00 on the paid order.
  const [line] = await db()
    .select({ id: sql<number>`id` })
    .from(sql`order_items`)
    .where(sql`order_id = ${gijsPaid.id}`);
  const [withdrawal] = await db()
    .insert(orderWithdrawals)
    .values({
      orderId: gijsPaid.id,
      channel: "guest",
      refundDueAt: new Date("2026-03-20T09:00:00Z"),
      createdAt: new Date("2026-03-06T09:00:00Z"),
    })
    .returning();
  await db().insert(orderWithdrawalItems).values({ withdrawalId: withdrawal!.id, orderItemId: line!.id, quantity: 1 });
  await db()
    .insert(orderRefunds)
    .values({
      orderId: gijsPaid.id,
      amountCents: 1000,
      provider: "local",
      idempotencyKey: "klanten-test-refund-1",
      status: "succeeded",
      createdBy: admin.id,
      createdByEmail: admin.email,
      createdAt: new Date("2026-03-08T13:30:00Z"),
    });

  // Sanne: an account, with a guest order from before it (capitals) and one placed in the account.
  const sanne = await createUser(db(), { email: "sanne@example.nl", name: "Sanne de Vries" });
  const sanneGuest = await createCustomer(db(), { firstName: "Sanne", lastName: "Vries", email: "SANNE@EXAMPLE.NL" });
  await createOrder(db(), sanneGuest.id, {
    createdAt: new Date("2026-01-15T12:00:00Z"),
    paymentStatus: "paid",
    totalAmountCents: 2500,
  });
  const sanneOwn = await createCustomer(db(), {
    firstName: "Sanne",
    lastName: "de Vries",
    email: "sanne@example.nl",
    userId: sanne.id,
  });
  sanneAccountOrder = await createOrder(db(), sanneOwn.id, {
    createdAt: new Date("2026-05-10T09:15:00Z"),
    paymentStatus: "paid",
    totalAmountCents: 12995,
  });

  // An account that never ordered.
  await createUser(db(), { email: "nog.niets@example.nl", name: "Nog Niets" });
});

describe("Customers list", () => {
  it("is the tab after All Orders, and lists accounts and guest buyers, most recent buyer first", async () => {
    const { status, html } = await asAdmin("/admin/customers");
    expect(status).toBe(200);
    const tabs = [...html.matchAll(/<a[^>]*href="\/admin\/(\w+)"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
    expect(tabs.slice(tabs.indexOf("orders"), tabs.indexOf("orders") + 2)).toEqual(["orders", "customers"]);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/customers"/);
    const headers = [...html.matchAll(/<th scope="col"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(headers).toEqual(["Customer", "Account", "Orders", "Spent", "Last order"]);
    // Sanne's last paid order is 10 May, Gijs's 1 Mar; then the accounts without any paid order.
    const names = listed(html);
    expect(names.slice(0, 2)).toEqual(["Sanne de Vries", "Gijs Gast"]);
    expect(names.slice(2).sort()).toEqual(["Nog Niets", "klantbeheer@trapkracht.test", "nieuwsgierig@example.nl"]);
  });

  it("adds up each customer's paid orders by hand-checked figures, all e-mail cases together", async () => {
    const { html } = await asAdmin("/admin/customers");
    // Gijs: paid € 45,90 − € 10,00 back = € 35,90, plus a fully refunded € 15,00 − € 15,00 = € 0,00;
    // the unpaid € 20,00 does not count. Orders: 2 (the paid and the refunded one). Last: 1 Mar 11:00 CET.
    expect(text(rowOf(html, "Gijs Gast"))).toBe("Gijs Gast gijs.gast@example.nl Guest 2 € 35,90 1 Mar 2026, 11:00");
    // Sanne: € 25,00 as a guest + € 129,95 in the account = € 154,95 over 2 orders; 10 May 11:15 CEST.
    expect(text(rowOf(html, "Sanne de Vries"))).toBe(
      "Sanne de Vries sanne@example.nl Account 2 € 154,95 10 May 2026, 11:15",
    );
    expect(text(rowOf(html, "Nog Niets"))).toBe("Nog Niets nog.niets@example.nl Account 0 € 0,00 — No paid order");
  });

  it("follows a payment at once: the unpaid order paid adds € 20,00 and makes it the last order", async () => {
    await db().update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, gijsUnpaid.id));
    try {
      const { html } = await asAdmin("/admin/customers");
      // € 35,90 + € 20,00 = € 55,90 over 3 orders; 1 Apr 2026 10:00 UTC is 12:00 CEST.
      expect(text(rowOf(html, "Gijs Gast"))).toBe("Gijs Gast gijs.gast@example.nl Guest 3 € 55,90 1 Apr 2026, 12:00");
    } finally {
      await db().update(orders).set({ paymentStatus: "unpaid" }).where(eq(orders.id, gijsUnpaid.id));
    }
    const { html } = await asAdmin("/admin/customers");
    expect(text(rowOf(html, "Gijs Gast"))).toContain("Guest 2 € 35,90 1 Mar 2026, 11:00");
  });

  it.each([
    ["a guest buyer's e-mail, any case", "GIJS.GAST@example", ["Gijs Gast"]],
    ["part of a name", "de vries", ["Sanne de Vries"]],
    ["a whole postcode", "3511 KL", ["Gijs Gast"]],
    ["a postcode without its space, in lower case", "3511kl", ["Gijs Gast"]],
    ["the digits of a postcode", "3511", ["Gijs Gast"]],
    ["nothing that exists", "bestaat-echt-niet", []],
    ["LIKE wildcards, as plain characters", "%_%", []],
  ])("finds customers by %s", async (_what, q, expected) => {
    const { status, html } = await asAdmin(`/admin/customers?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(listed(html)).toEqual(expected);
    if (expected.length === 0) expect(html).toContain("No customers found");
  });

  it("pages 25 at a time on a keyset, forwards and back, keeping the search", async () => {
    const many: string[] = [];
    for (let i = 0; i < 30; i++) {
      const email = `koper${String(i).padStart(2, "0")}@veelkoper.nl`;
      const c = await createCustomer(db(), { firstName: "", lastName: "", email });
      await createOrder(db(), c.id, {
        createdAt: new Date(`2025-06-01T08:${String(i).padStart(2, "0")}:00Z`),
        paymentStatus: "paid",
      });
      many.push(email);
    }
    const newestFirst = many.reverse();
    const first = await asAdmin("/admin/customers?q=veelkoper");
    expect(listed(first.html)).toEqual(newestFirst.slice(0, 25));
    expect(first.html).not.toContain("Previous page");
    const next = /<a[^>]*href="([^"]+)"[^>]*>Next page<\/a>/.exec(first.html)![1]!.replace(/&amp;/g, "&");
    expect(next).toBe(`/admin/customers?q=veelkoper&after=${await summaryIdOf(newestFirst[24]!)}`);
    const second = await asAdmin(next);
    expect(listed(second.html)).toEqual(newestFirst.slice(25));
    expect(second.html).not.toContain("Next page");
    const previous = /<a[^>]*href="([^"]+)"[^>]*>Previous page<\/a>/.exec(second.html)![1]!.replace(/&amp;/g, "&");
    expect(previous).toBe(`/admin/customers?q=veelkoper&before=${await summaryIdOf(newestFirst[25]!)}`);
    expect(listed((await asAdmin(previous)).html)).toEqual(newestFirst.slice(0, 25));
  });

  it("refuses a search with control characters with a clear message", async () => {
    const { status, html } = await asAdmin("/admin/customers?q=gi%00js");
    expect(status).toBe(400);
    expect(html).toContain("The search may not contain control characters.");
  });
});

describe("a customer's page", () => {
  it("shows a guest buyer's figures, orders (linked), address, withdrawal and refund", async () => {
    const id = await summaryIdOf("gijs.gast@example.nl");
    const { status, html } = await asAdmin(`/admin/customers/${id}?q=gijs`);
    expect(status).toBe(200);
    const page = text(html);
    expect(page).toContain("Gijs Gast gijs.gast@example.nl Guest");
    expect(page).toContain("Paid orders 2 Spent € 35,90 Last order 1 Mar 2026, 11:00 Orders placed 3");
    // Newest first: the unpaid one (1 Apr), the paid one (1 Mar), the refunded one (1 Feb).
    const orderLinks = [...html.matchAll(/href="\/admin\/orders\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(orderLinks.slice(0, 3)).toEqual([gijsUnpaid.id, gijsPaid.id, gijsRefunded.id]);
    expect(page).toContain(
      `${gijsPaid.id.slice(0, 8)} 1 Mar 2026, 11:00 Voltooid Deels terugbetaald € 10,00 € 45,90 Guest`,
    );
    expect(page).toContain(`${gijsRefunded.id.slice(0, 8)} 1 Feb 2026, 11:00 Geannuleerd Terugbetaald € 15,00 Guest`);
    expect(page).toContain("Oudegracht 12 3511 KL Utrecht Nederland");
    // Withdrawal received 6 Mar 10:00, one item, refund due 20 Mar 10:00 (CET), by the guest link.
    expect(page).toContain(`6 Mar 2026, 10:00 ${gijsPaid.id.slice(0, 8)} 1 20 Mar 2026, 10:00 Guest link`);
    // Refund 8 Mar 13:30 UTC = 14:30 CET.
    expect(page).toContain(`8 Mar 2026, 14:30 ${gijsPaid.id.slice(0, 8)} € 10,00 Succeeded ${admin.email}`);
    // Back to the list with its search.
    expect(html).toMatch(/<a[^>]*href="\/admin\/customers\?q=gijs"[^>]*>.*Back to customers<\/a>/s);
  });

  it("shows an account's orders from before and after the account, and links to Users", async () => {
    const id = await summaryIdOf("sanne@example.nl");
    const { html } = await asAdmin(`/admin/customers/${id}`);
    const page = text(html);
    expect(page).toContain("Sanne de Vries sanne@example.nl Account Customer Open in Users");
    expect(page).toContain("Paid orders 2 Spent € 154,95 Last order 10 May 2026, 11:15");
    expect(page).toContain(`${sanneAccountOrder.id.slice(0, 8)} 10 May 2026, 11:15`);
    expect(page).toMatch(/15 Jan 2026, 13:00 In afwachting Betaald € 25,00 Guest/);
    expect(html).toContain('href="/admin/users?q=sanne%40example.nl"');
    expect(page).toContain("No withdrawals.");
    expect(page).toContain("No refunds.");
  });

  it("answers 404 Customer not found for an unknown or malformed id, and 404 for control characters", async () => {
    for (const key of ["0f3c2f6e-6a55-4d8e-9f3e-3b0a3f1c2d4e", "niet-een-id"]) {
      const { status, html } = await asAdmin(`/admin/customers/${key}`);
      expect(status).toBe(404);
      expect(html).toContain("Customer not found");
    }
    // The layout refuses a path with control characters before any loader reads it.
    expect((await asAdmin("/admin/customers/a%00b")).status).toBe(404);
  });
});

describe("the summaries kept by the database", () => {
  it("drop an address that has neither an account nor a customer record any more", async () => {
    const lonely = await createUser(db(), { email: "even.weg@example.nl" });
    expect(await summaryIdOf("even.weg@example.nl")).toBeTruthy();
    await db().delete(users).where(eq(users.id, lonely.id));
    const rows = await db()
      .select()
      .from(customerSummaries)
      .where(eq(customerSummaries.emailKey, "even.weg@example.nl"));
    expect(rows).toEqual([]);
  });

  it("move a customer record's orders when its e-mail address changes", async () => {
    const c = await createCustomer(db(), { firstName: "Wim", lastName: "Wissel", email: "wim.oud@example.nl" });
    await createOrder(db(), c.id, { paymentStatus: "paid", totalAmountCents: 1234 });
    await db().update(customers).set({ email: "wim.nieuw@example.nl" }).where(eq(customers.id, c.id));
    const rows = await db()
      .select({
        key: customerSummaries.emailKey,
        n: customerSummaries.ordersCount,
        spent: customerSummaries.spentCents,
      })
      .from(customerSummaries)
      .where(sql`${customerSummaries.emailKey} like 'wim.%'`);
    expect(rows).toEqual([{ key: "wim.nieuw@example.nl", n: 1, spent: 1234 }]);
  });
});

describe("access", () => {
  it.each(guestAndCustomer(() => shopper.cookie))("refuses every customers page to $who", async ({ cookie }) => {
    const id = await summaryIdOf("gijs.gast@example.nl");
    await expectAdminOnly(
      app,
      cookie(),
      [
        "/admin/customers",
        "/admin/customers?q=gijs",
        "/admin/customers.data",
        `/admin/customers/${id}`,
        `/admin/customers/${id}.data`,
      ],
      { hidden: ["gijs.gast@example.nl"] },
    );
  });
});
