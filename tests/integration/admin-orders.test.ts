import { beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, sql } from "drizzle-orm";
import { adminChanges, customers, jobs, orders, outbox } from "../../app/db/schema";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

const { app, database } = useTestApp();
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser(app, database.db, { role: "admin", email: "orderbeheer@trapkracht.test" });
  customer = await signedInUser(app, database.db, { email: "nieuwsgierige.klant@example.nl" });
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
    .replace(/\s+/g, " ")
    .trim();

/** The order ids (first 8 characters) in the All Orders table, top to bottom. */
const listedIds = (html: string) => [...html.matchAll(/<th scope="row"[^>]*>([0-9a-f]{8})<\/th>/g)].map((m) => m[1]);

/** An order at a fixed moment, so "newest first" is known without asking the code under test. */
async function orderAt(
  at: string,
  who: { firstName?: string; lastName?: string; email: string },
  fields: Parameters<typeof createOrder>[2] = {},
) {
  const c = await createCustomer(db(), { firstName: "Test", lastName: "Klant", ...who });
  return createOrder(db(), c.id, { createdAt: new Date(at), ...fields });
}

describe("All Orders list", () => {
  let older: Awaited<ReturnType<typeof orderAt>>;
  let newer: Awaited<ReturnType<typeof orderAt>>;
  let cancelled: Awaited<ReturnType<typeof orderAt>>;

  beforeAll(async () => {
    older = await orderAt(
      "2026-01-05T10:00:00Z",
      { firstName: "Sanne", lastName: "de Vries", email: "Sanne.DeVries@Example.nl" },
      { items: [{ productName: "Kettingolie", priceCents: 1295, quantity: 2 }], paymentStatus: "paid" },
    );
    newer = await orderAt(
      "2026-02-07T09:30:00Z",
      { firstName: "Joost", lastName: "Bakker", email: "joost.bakker@fietsmail.nl" },
      { items: [{ productName: "Energiegel", priceCents: 250 }], status: "processing", paymentStatus: "paid" },
    );
    cancelled = await orderAt(
      "2026-01-20T12:00:00Z",
      { firstName: "Pieter", lastName: "Post", email: "pieter@posterij.nl" },
      { status: "cancelled", paymentStatus: "refunded" },
    );
  });

  it("shows Alle Bestellingen newest first with id, date, customer, status, payment, amount and Details", async () => {
    const { status, html } = await asAdmin("/admin/orders");
    expect(status).toBe(200);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/orders"/);
    expect(html).toContain(">Alle Bestellingen</h2>");
    const headers = [...html.matchAll(/<th scope="col"[^>]*>([^<]*)</g)].map((m) => m[1]);
    // The first column holds each row's "Mark as shipped" checkbox (issue 28).
    expect(headers).toEqual(["", "Order", "Date", "Customer", "Status", "Dropshipment", "Payment", "Amount", ""]);
    expect(listedIds(html)).toEqual([newer.id.slice(0, 8), cancelled.id.slice(0, 8), older.id.slice(0, 8)]);

    const row = [...html.matchAll(/<tr[^>]*>.*?<\/tr>/gs)]
      .map((m) => m[0])
      .find((r) => r.includes(older.id.slice(0, 8)))!;
    expect(text(row)).toBe(
      `${older.id.slice(0, 8)} 5 Jan 2026, 11:00 Sanne de Vries Sanne.DeVries@Example.nl In afwachting In afwachting Betaald € 25,90 Details order ${older.id.slice(0, 8)}`,
    );
    expect(row).toContain(`href="/admin/orders/${older.id}"`);
  });

  it.each([
    ["an e-mail fragment in any case", "devries@EXAMPLE", () => [older]],
    ["a name", "joost bak", () => [newer]],
    ["a last name", "post", () => [cancelled]],
    ["the order number (first 8 characters)", () => newer.id.slice(0, 8), () => [newer]],
    ["the whole order id in capitals", () => older.id.toUpperCase(), () => [older]],
    ["a status", "processing", () => [newer]],
    ["a status's Dutch label", "In behandeling", () => [newer]],
    ["a payment status's Dutch label", "terugbetaald", () => [cancelled]],
  ] as const)("finds orders by %s", async (_what, term, expected) => {
    const q = typeof term === "function" ? term() : term;
    const { status, html } = await asAdmin(`/admin/orders?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(listedIds(html)).toEqual(expected().map((o) => o.id.slice(0, 8)));
    expect(html).toContain(`value="${q}"`);
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    const { html } = await asAdmin(`/admin/orders?q=${encodeURIComponent("%_%")}`);
    expect(listedIds(html)).toEqual([]);
    expect(html).toContain("Geen bestellingen gevonden");
  });

  it("filters by status and by payment", async () => {
    expect(listedIds((await asAdmin("/admin/orders?status=cancelled")).html)).toEqual([cancelled.id.slice(0, 8)]);
    expect(listedIds((await asAdmin("/admin/orders?payment=paid")).html)).toEqual([
      newer.id.slice(0, 8),
      older.id.slice(0, 8),
    ]);
    expect(listedIds((await asAdmin("/admin/orders?payment=paid&status=pending")).html)).toEqual([
      older.id.slice(0, 8),
    ]);
    const { html } = await asAdmin("/admin/orders?status=cancelled");
    // The option counts its orders (issue 28): one cancelled order so far.
    expect(html).toMatch(/<option value="cancelled" selected="">Geannuleerd \(1\)<\/option>/);
  });

  it("says Geen bestellingen gevonden with a Zoekfilter wissen link when nothing matches", async () => {
    const { status, html } = await asAdmin("/admin/orders?q=bestaat-echt-niet");
    expect(status).toBe(200);
    expect(html).toContain("Geen bestellingen gevonden");
    expect(html).toMatch(/<a[^>]*href="\/admin\/orders"[^>]*>Zoekfilter wissen<\/a>/);
  });

  it("pages 25 at a time, older and newer, keeping the search", async () => {
    const many = [];
    for (let i = 0; i < 30; i++) {
      many.push(
        await orderAt(`2025-06-01T08:${String(i).padStart(2, "0")}:00Z`, { email: `pagina${i}@veelbesteld.nl` }),
      );
    }
    const newestFirst = many.reverse().map((o) => o.id.slice(0, 8));
    const first = await asAdmin("/admin/orders?q=veelbesteld");
    expect(listedIds(first.html)).toEqual(newestFirst.slice(0, 25));
    const olderLink = /<a[^>]*href="([^"]+)"[^>]*>Older orders<\/a>/.exec(first.html)![1]!.replace(/&amp;/g, "&");
    expect(olderLink).toBe(`/admin/orders?q=veelbesteld&after=${many[24]!.id}`);
    expect(first.html).not.toContain("Newer orders");

    const second = await asAdmin(olderLink);
    expect(listedIds(second.html)).toEqual(newestFirst.slice(25));
    expect(second.html).not.toContain("Older orders");
    const newerLink = /<a[^>]*href="([^"]+)"[^>]*>Newer orders<\/a>/.exec(second.html)![1]!.replace(/&amp;/g, "&");
    expect(newerLink).toBe(`/admin/orders?q=veelbesteld&before=${many[25]!.id}`);
    const back = await asAdmin(newerLink);
    expect(listedIds(back.html)).toEqual(newestFirst.slice(0, 25));
    expect(back.html).not.toContain("Newer orders");
    // The Details links keep the list's query, so closing the dialog returns to this very page.
    expect(second.html).toContain(`href="/admin/orders/${many[25]!.id}?q=veelbesteld&amp;after=${many[24]!.id}"`);
  });

  it("finds the orders of a term that matches hundreds of customers, newest first, page by page", async () => {
    // More customers than the search looks up one by one: the broad search path.
    const many = await db()
      .insert(customers)
      .values(
        Array.from({ length: 230 }, (_, i) => ({ firstName: "Breed", lastName: `${i}`, email: `k${i}@zoekbreed.nl` })),
      )
      .returning({ id: customers.id });
    const placed = await db()
      .insert(orders)
      .values(
        many.map((c, i) => ({
          customerId: c.id,
          totalAmountCents: 1000,
          createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)),
        })),
      )
      .returning({ id: orders.id, createdAt: orders.createdAt });
    const newestFirst = placed.reverse().map((o) => o.id.slice(0, 8));
    const first = await asAdmin("/admin/orders?q=zoekbreed");
    expect(listedIds(first.html)).toEqual(newestFirst.slice(0, 25));
    const second = await asAdmin(`/admin/orders?q=zoekbreed&after=${placed[24]!.id}`);
    expect(listedIds(second.html)).toEqual(newestFirst.slice(25, 50));
    const pending = await asAdmin("/admin/orders?q=zoekbreed&payment=paid");
    expect(listedIds(pending.html)).toEqual([]);
  });

  it("answers a search with a control character with 400, not a server error", async () => {
    const res = await app.get("/admin/orders?q=piet%00jan", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The search may not contain control characters.");
    const long = await app.get(`/admin/orders?q=${"a".repeat(101)}`, { headers: { cookie: admin.cookie } });
    expect(long.status).toBe(400);
  });

  it("redirects ?order=<id> to the order's dialog", async () => {
    const res = await app.get(`/admin/orders?q=sanne&order=${older.id}`, { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/orders/${older.id}?q=sanne`);
  });
});

describe("Bestelling Details", () => {
  it("shows customer, address, items, totals with VAT per rate, coupon, payment and the progress", async () => {
    const c = await createCustomer(db(), {
      firstName: "Fenna",
      lastName: "Jansen",
      email: "fenna.jansen@example.nl",
      phone: "0612345678",
    });
    const order = await createOrder(db(), c.id, {
      items: [
        { productId: "10145", productName: "Kettingolie 100 ml", priceCents: 1295, quantity: 2 },
        { productId: "20001", productName: "Energiegel citroen", priceCents: 250, quantity: 4 },
      ],
      subtotalCents: 3590,
      discountCents: 359,
      couponCode: "ZOMER10",
      shippingCents: 495,
      totalAmountCents: 3726,
      vatLines: [
        { rate: 21, amountCents: 404 },
        { rate: 9, amountCents: 75 },
      ],
      paymentStatus: "paid",
      paymentProvider: "local",
      paidAt: new Date("2026-03-01T10:15:00Z"),
      createdAt: new Date("2026-03-01T10:10:00Z"),
    });
    const { status, html } = await asAdmin(`/admin/orders/${order.id}`);
    expect(status).toBe(200);
    expect(html).toMatch(/role="dialog"/);
    expect(html).toContain(">Bestelling Details</h2>");
    const t = text(html);
    expect(t).toContain("Fenna Jansen fenna.jansen@example.nl 0612345678 Guest order");
    expect(t).toContain("Fietsstraat 12 1234 AB Utrecht Nederland");
    expect(t).toContain("Kettingolie 100 ml ArtNo 10145 · 2 × € 12,95 · VAT 21% € 25,90");
    expect(t).toContain("Energiegel citroen ArtNo 20001 · 4 × € 2,50 · VAT 21% € 10,00");
    expect(t).toContain(
      "Subtotal € 35,90 Coupon ZOMER10 − € 3,59 Shipping € 4,95 Total € 37,26 incl. VAT 21% € 4,04 incl. VAT 9% € 0,75",
    );
    expect(t).toContain("Betaald via local paid 1 Mar 2026, 11:15");
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="25"[^>]*aria-valuetext="25% In afwachting"/);
    expect(t).toContain("Dropshipment In afwachting");
    expect(t).toContain("Mark as processing Cancel order");
    // The list stays underneath the dialog.
    expect(html).toContain(">Alle Bestellingen</h2>");
  });

  it("says Geen klantgegevens when the order has no customer details", async () => {
    const c = await createCustomer(db(), { firstName: "", lastName: "", email: "" });
    const order = await createOrder(db(), c.id, { withAddress: false });
    const { html } = await asAdmin(`/admin/orders/${order.id}`);
    expect(text(html)).toContain("Customer Geen klantgegevens");
    expect(text(html)).toContain("No shipping address");
  });

  it.each([
    ["completed", "100", "Voltooid"],
    ["processing", "50", "In behandeling"],
    ["failed", "100", "Mislukt"],
    ["onbekend-iets", "0", "onbekend-iets"],
  ])("draws a %s dropshipment at %s percent with %s", async (dropshipmentStatus, percent, label) => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id, {
      paymentStatus: "paid",
      dropshipmentStatus: dropshipmentStatus as "completed",
      dropshipmentReference: dropshipmentStatus === "completed" ? "TS-4F2A9C" : null,
    });
    const { html } = await asAdmin(`/admin/orders/${order.id}`);
    expect(html).toMatch(
      new RegExp(`role="progressbar"[^>]*aria-valuenow="${percent}"[^>]*aria-valuetext="${percent}% ${label}"`),
    );
    expect(html).toContain(`style="width:${percent}%"`);
    if (dropshipmentStatus === "completed") expect(text(html)).toContain("Supplier reference: TS-4F2A9C");
    // "Retry now" only for a failed dropshipment.
    expect(html.includes("Retry now")).toBe(dropshipmentStatus === "failed");
  });

  it("lists each attempt of the dropshipment job with its time and error", async () => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id, { paymentStatus: "paid", dropshipmentStatus: "failed" });
    await db()
      .insert(jobs)
      .values({
        queue: "dropshipment",
        payload: { orderId: order.id },
        status: "failed",
        attempts: 2,
        maxAttempts: 2,
        lastError: "Supplier answered 503",
        singletonKey: `dropshipment:${order.id}`,
        history: [
          {
            attempt: 1,
            startedAt: "2026-03-02T08:00:00.000Z",
            finishedAt: "2026-03-02T08:00:10.000Z",
            error: "No answer from the supplier within 15000 ms",
          },
          {
            attempt: 2,
            startedAt: "2026-03-02T08:00:40.000Z",
            finishedAt: "2026-03-02T08:00:41.000Z",
            error: "Supplier answered 503",
          },
        ],
      });
    const { html } = await asAdmin(`/admin/orders/${order.id}`);
    const t = text(html);
    expect(t).toContain("Attempts: 2 of 2");
    expect(t).toContain("Attempt 1 · 2 Mar 2026, 09:00:00 No answer from the supplier within 15000 ms");
    expect(t).toContain("Attempt 2 · 2 Mar 2026, 09:00:40 Supplier answered 503");
  });

  it.each([["00000000-0000-4000-8000-000000000000"], ["geen-uuid"]])(
    "answers the unknown order %s with 404 Bestelling niet gevonden",
    async (id) => {
      const { status, html } = await asAdmin(`/admin/orders/${id}`);
      expect(status).toBe(404);
      expect(html).toContain("Bestelling niet gevonden");
      expect(html).toMatch(/role="dialog"/);
    },
  );
});

describe("order status changes", () => {
  async function statusOf(id: string) {
    const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    return row!.status;
  }
  function mailsOf(address: string) {
    return db().select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(outbox.id);
  }
  async function changesOf(id: string) {
    return db()
      .select()
      .from(adminChanges)
      .where(and(eq(adminChanges.entityType, "order"), eq(adminChanges.entityId, id)))
      .orderBy(adminChanges.id);
  }

  it("moves an order pending → processing → completed, each change recorded and shown", async () => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id);
    const first = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: "processing" });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("The order is now processing (was pending).");
    expect(await statusOf(order.id)).toBe("processing");

    const second = await postAsAdmin(`/admin/orders/${order.id}.data`, { intent: "status", status: "completed" });
    expect(second.status).toBe(200);
    expect(await second.text()).toContain("The order is now completed (was processing).");
    expect(await statusOf(order.id)).toBe("completed");

    const changes = await changesOf(order.id);
    expect(changes.map((ch) => [ch.action, ch.before, ch.after, ch.actorId, ch.actorEmail])).toEqual([
      ["status", { status: "pending" }, { status: "processing" }, admin.id, "orderbeheer@trapkracht.test"],
      ["status", { status: "processing" }, { status: "completed" }, admin.id, "orderbeheer@trapkracht.test"],
    ]);
    const { html } = await asAdmin(`/admin/orders/${order.id}`);
    const t = text(html);
    expect(t).toMatch(/Status processing → completed by orderbeheer@trapkracht\.test .*Status pending → processing by/);
    expect(t).toContain("This order's status is final.");

    // The shopper heard of each change once, with the way to the order page.
    const mails = await mailsOf(c.email);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ["order-status-processing", `We zijn met je bestelling bezig – bestelling #${order.id.slice(0, 8)}`],
      ["order-status-completed", `Je bestelling is afgerond – bestelling #${order.id.slice(0, 8)}`],
    ]);
    expect(mails[1]!.textBody).toContain("/bestelling?code=");
    expect(mails[1]!.textBody).toContain("Bestelling herroepen");
    const [completed] = await db()
      .select({ completedAt: orders.completedAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(completed!.completedAt).toBeInstanceOf(Date);
  });

  it("marks a processing order shipped with a tracking link: the shopper's mail and order page carry it", async () => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id, { status: "processing" });
    const bad = await postAsAdmin(`/admin/orders/${order.id}`, {
      intent: "status",
      status: "shipped",
      trackingUrl: "javascript:alert(1)",
    });
    expect(bad.status).toBe(400);
    expect(await statusOf(order.id)).toBe("processing");
    const res = await postAsAdmin(`/admin/orders/${order.id}`, {
      intent: "status",
      status: "shipped",
      trackingUrl: "https://jouw.postnl.nl/track-and-trace/3SABCD1234567",
    });
    expect(res.status).toBe(200);
    expect(await statusOf(order.id)).toBe("shipped");
    const [mail] = await mailsOf(c.email);
    expect(mail!.kind).toBe("order-status-shipped");
    expect(mail!.subject).toBe(`Je bestelling is verzonden – bestelling #${order.id.slice(0, 8)}`);
    expect(mail!.textBody).toContain("Volg je pakket: https://jouw.postnl.nl/track-and-trace/3SABCD1234567");
    // Shipped orders can only be completed now.
    const back = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: "cancelled" });
    expect(back.status).toBe(409);
    expect((await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: "completed" })).status).toBe(
      200,
    );
  });

  it("cancels a pending order", async () => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id);
    const res = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: "cancelled" });
    expect(res.status).toBe(200);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect((await mailsOf(c.email)).map((m) => m.kind)).toEqual(["order-status-cancelled"]);
  });

  it.each([
    [
      "pending",
      "completed",
      "An order that is pending cannot be moved to completed; it can be moved to processing or cancelled.",
    ],
    ["completed", "processing", "An order that is completed cannot change its status."],
    ["cancelled", "pending", "An order that is cancelled cannot change its status."],
    ["processing", "processing", "The order is already processing."],
  ])("refuses %s → %s with a clear message and changes nothing", async (from, to, message) => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id, { status: from });
    const res = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: to });
    expect(res.status).toBe(409);
    const html = await res.text();
    expect(html).toContain("Failed to update order");
    expect(html).toContain(message);
    expect(await statusOf(order.id)).toBe(from);
    expect(await changesOf(order.id)).toEqual([]);
    expect(await mailsOf(c.email)).toEqual([]);
  });

  it("refuses an unknown status, an unknown order and NUL in a field with 4xx", async () => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id);
    const bad = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: "verzonden" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose a valid order status.");
    const nul = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "status", status: "processing\u0000" });
    expect(nul.status).toBe(400);
    const missing = await postAsAdmin("/admin/orders/00000000-0000-4000-8000-000000000000", {
      intent: "status",
      status: "processing",
    });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Bestelling niet gevonden");
    expect(await statusOf(order.id)).toBe("pending");
  });

  it("retries a failed dropshipment of a paid order and records who did it", async () => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id, { paymentStatus: "paid", dropshipmentStatus: "failed" });
    const res = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "retry-dropshipment" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Dropshipment queued again");
    const [row] = await db()
      .select({ dropshipmentStatus: orders.dropshipmentStatus })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.dropshipmentStatus).toBe("pending");
    const changes = await changesOf(order.id);
    expect(changes.map((ch) => [ch.action, ch.actorEmail])).toEqual([
      ["retry-dropshipment", "orderbeheer@trapkracht.test"],
    ]);

    const again = await postAsAdmin(`/admin/orders/${order.id}`, { intent: "retry-dropshipment" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("The dropshipment has not failed, so there is nothing to retry.");
  });
});

describe("admin orders guard", () => {
  let order: Awaited<ReturnType<typeof createOrder>>;
  beforeAll(async () => {
    const c = await createCustomer(db(), { email: "bewaakt@example.nl" });
    order = await createOrder(db(), c.id, { paymentStatus: "paid", dropshipmentStatus: "failed" });
  });

  describe.each(guestAndCustomer(() => customer.cookie))("for $who", ({ cookie }) => {
    it("refuses every orders page", async () => {
      await expectAdminOnly(
        app,
        cookie(),
        [
          "/admin/orders",
          "/admin/orders?q=bewaakt",
          `/admin/orders?order=${order.id}`,
          `/admin/orders/${order.id}`,
          "/admin/orders.data",
          `/admin/orders/${order.id}.data`,
          "/admin?tab=orders",
        ],
        { hidden: ["bewaakt@example.nl"] },
      );
    });

    it("refuses every orders action and changes nothing", async () => {
      const actions: Record<string, string>[] = [
        { intent: "status", status: "cancelled" },
        { intent: "retry-dropshipment" },
      ];
      await expectAdminOnly(
        app,
        cookie(),
        [`/admin/orders/${order.id}`, `/admin/orders/${order.id}.data`].flatMap((path) =>
          actions.map((fields) => ({ path, fields })),
        ),
        { hidden: ["bewaakt@example.nl"] },
      );
      const [row] = await db()
        .select({ status: orders.status, dropshipmentStatus: orders.dropshipmentStatus })
        .from(orders)
        .where(eq(orders.id, order.id));
      expect(row).toEqual({ status: "pending", dropshipmentStatus: "failed" });
      const [changes] = await db().select({ n: count() }).from(adminChanges).where(eq(adminChanges.entityId, order.id));
      expect(changes!.n).toBe(0);
    });
  });
});

describe("a failing order lookup", () => {
  it("shows An unexpected error occurred while retrieving the order", async () => {
    const c = await createCustomer(db());
    const order = await createOrder(db(), c.id);
    // Take the customers table away for a moment: every order query now fails in the database.
    await db().execute(sql`alter table ${customers} rename to customers_weg`);
    try {
      const list = await asAdmin("/admin/orders");
      expect(list.status).toBe(500);
      expect(list.html).toContain("An unexpected error occurred while retrieving the order");
      expect(list.html).toContain("Admin Dashboard");
      const details = await asAdmin(`/admin/orders/${order.id}`);
      expect(details.status).toBe(500);
      expect(details.html).toContain("An unexpected error occurred while retrieving the order");
    } finally {
      await db().execute(sql`alter table customers_weg rename to customers`);
    }
  });
});
