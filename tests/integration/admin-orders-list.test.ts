import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { adminChanges, customers, orders, outbox } from "../../app/db/schema";
import { withdrawOrder } from "../../app/features/shopper-orders/index.server";
import { createPaymentProvider } from "../../app/features/payments/provider.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createPaidOrder, orderItemsOf } from "../support/checkout-factories";
import { useTestApp } from "../support/fixture";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

/**
 * All Orders, issue 28 items 4–6: the row badges (dropshipment, partly refunded, open withdrawal),
 * the filters with their counts, the date range in Amsterdam days, the sorts with keyset paging, the
 * CSV export and "Mark as shipped" for several orders. Every figure below is worked out by hand.
 */
const { app, database } = useTestApp();
let admin: Awaited<ReturnType<typeof signedInUser>>;
let customer: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser(app, database.db, { role: "admin", email: "lijstbeheer@trapkracht.test" });
  customer = await signedInUser(app, database.db, { email: "klant.lijst@example.nl" });
});

const db = () => database.db;
const asAdmin = (path: string) => app.html(path, { headers: { cookie: admin.cookie } });
const postAsAdmin = (path: string, body: URLSearchParams) =>
  app.get(path, {
    method: "POST",
    body,
    headers: { cookie: admin.cookie, "content-type": "application/x-www-form-urlencoded", origin: app.url },
  });

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;|\u00a0/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** The order ids (first 8 characters) in the All Orders table, top to bottom. */
const listedIds = (html: string) => [...html.matchAll(/<th scope="row"[^>]*>([0-9a-f]{8})<\/th>/g)].map((m) => m[1]);
const short = (order: { id: string }) => order.id.slice(0, 8);
const rowOf = (html: string, order: { id: string }) =>
  text([...html.matchAll(/<tr[^>]*>.*?<\/tr>/gs)].map((m) => m[0]).find((r) => r.includes(`>${short(order)}<`))!);
/** The text of a select's option (its count included), by the select's id and the option's value. */
const optionText = (html: string, select: string, value: string) => {
  const box = new RegExp(`<select[^>]*id="${select}"[^>]*>(.*?)</select>`, "s").exec(html)![1]!;
  return text(new RegExp(`<option value="${value}"[^>]*>(.*?)</option>`, "s").exec(box)![1]!);
};

describe("badges, filters, counts and the date range", () => {
  // Orders of this block live in December 2030, so the date filter isolates them from the rest.
  const at = (iso: string) => new Date(iso);
  let plain: Awaited<ReturnType<typeof createOrder>>;
  let partly: Awaited<ReturnType<typeof createOrder>>;
  let failed: Awaited<ReturnType<typeof createOrder>>;
  let unpaid: Awaited<ReturnType<typeof createOrder>>;
  let refunded: Awaited<ReturnType<typeof createOrder>>;
  const december = "from=2030-12-01&to=2030-12-03";

  beforeAll(async () => {
    const c = await createCustomer(db(), { firstName: "Dirk", lastName: "Decembers", email: "dirk@december.nl" });
    plain = await createOrder(db(), c.id, {
      createdAt: at("2030-12-02T10:00:00Z"),
      status: "processing",
      paymentStatus: "paid",
      dropshipmentStatus: "completed",
    });
    partly = await createOrder(db(), c.id, {
      createdAt: at("2030-12-02T12:00:00Z"),
      items: [{ productName: "Zadel", priceCents: 4000 }],
      status: "processing",
      paymentStatus: "paid",
      dropshipmentStatus: "completed",
      refundedCents: 1250,
    });
    // 30 Nov 23:30 UTC is 1 Dec 00:30 in Amsterdam (UTC+1 in winter): a December order.
    failed = await createOrder(db(), c.id, {
      createdAt: at("2030-11-30T23:30:00Z"),
      status: "processing",
      paymentStatus: "paid",
      dropshipmentStatus: "failed",
    });
    unpaid = await createOrder(db(), c.id, { createdAt: at("2030-12-03T22:59:00Z") });
    refunded = await createOrder(db(), c.id, {
      createdAt: at("2030-12-03T23:00:00Z"), // 4 Dec 00:00 in Amsterdam: outside "to 3 Dec"
      status: "cancelled",
      paymentStatus: "refunded",
      dropshipmentStatus: "completed",
    });
  });

  it("shows the dropshipment (Mislukt in red) and Deels terugbetaald € X on the rows", async () => {
    const { status, html } = await asAdmin(`/admin/orders?${december}`);
    expect(status).toBe(200);
    const headers = [...html.matchAll(/<th scope="col"[^>]*>(.*?)<\/th>/gs)].map((m) => text(m[1]!));
    expect(headers).toEqual([
      "Select",
      "Order",
      "Date",
      "Customer",
      "Status",
      "Dropshipment",
      "Payment",
      "Amount",
      "Actions",
    ]);
    // Newest first; the 4 Dec (Amsterdam) order is outside the range.
    expect(listedIds(html)).toEqual([short(unpaid), short(partly), short(plain), short(failed)]);
    expect(rowOf(html, partly)).toBe(
      `${short(partly)} 2 Dec 2030, 13:00 Dirk Decembers dirk@december.nl In behandeling Voltooid Deels terugbetaald € 12,50 € 40,00 Details order ${short(partly)}`,
    );
    expect(rowOf(html, failed)).toContain(
      "1 Dec 2030, 00:30 Dirk Decembers dirk@december.nl In behandeling Mislukt Betaald",
    );
    const failedRow = [...html.matchAll(/<tr[^>]*>.*?<\/tr>/gs)]
      .map((m) => m[0])
      .find((r) => r.includes(short(failed)))!;
    expect(failedRow).toMatch(/<span class="[^"]*bg-red-100 text-danger[^"]*">Mislukt<\/span>/);
  });

  it.each([
    ["dropship=failed", () => [failed]],
    ["dropship=completed", () => [partly, plain]],
    ["payment=partly-refunded", () => [partly]],
    ["payment=paid", () => [plain, failed]],
    ["payment=unpaid", () => [unpaid]],
    ["status=processing&dropship=completed&payment=paid", () => [plain]],
    ["from=2030-12-01&to=2030-12-01", () => [failed]],
    ["from=2030-12-03&to=2030-12-04", () => [refunded, unpaid]],
  ] as const)("filters %s", async (filter, expected) => {
    const extra = filter.startsWith("from=") ? filter : `${december}&${filter}`;
    const { status, html } = await asAdmin(`/admin/orders?${extra}`);
    expect(status).toBe(200);
    expect(listedIds(html)).toEqual(expected().map(short));
  });

  it("counts per option: the period and the other filters apply, the option's own filter does not", async () => {
    const { html } = await asAdmin(`/admin/orders?${december}`);
    // In 1–3 Dec: plain, partly, failed (processing, paid), unpaid (pending, unpaid).
    expect(optionText(html, "orders-status", "processing")).toBe("In behandeling (3)");
    expect(optionText(html, "orders-status", "pending")).toBe("In afwachting (1)");
    expect(optionText(html, "orders-status", "cancelled")).toBe("Geannuleerd (0)");
    expect(optionText(html, "orders-payment", "paid")).toBe("Betaald (2)");
    expect(optionText(html, "orders-payment", "partly-refunded")).toBe("Deels terugbetaald (1)");
    expect(optionText(html, "orders-payment", "unpaid")).toBe("Niet betaald (1)");
    expect(optionText(html, "orders-dropship", "failed")).toBe("Mislukt (1)");
    expect(optionText(html, "orders-dropship", "completed")).toBe("Voltooid (2)");
    expect(optionText(html, "orders-dropship", "pending")).toBe("In afwachting (1)");
    // Waiting for the supplier (the Dashboard's to-do) counts paid orders only: the pending one is unpaid.
    expect(optionText(html, "orders-dropship", "waiting")).toBe("Paid, not yet accepted by supplier (0)");

    // With dropship=completed chosen: status and payment count within it; dropship keeps its own.
    const narrowed = (await asAdmin(`/admin/orders?${december}&dropship=completed`)).html;
    expect(optionText(narrowed, "orders-status", "processing")).toBe("In behandeling (2)");
    expect(optionText(narrowed, "orders-status", "pending")).toBe("In afwachting (0)");
    expect(optionText(narrowed, "orders-payment", "paid")).toBe("Betaald (1)");
    expect(optionText(narrowed, "orders-dropship", "failed")).toBe("Mislukt (1)");
    expect(narrowed).toMatch(/<option value="completed" selected="">Voltooid \(2\)<\/option>/);
  });

  it("keeps every filter in the URL of the pages, the Details links and the export", async () => {
    const { html } = await asAdmin(`/admin/orders?${december}&dropship=completed&sort=amount-asc`);
    expect(listedIds(html)).toEqual([short(plain), short(partly)]); // € 8,95 then € 40,00
    expect(html).toContain(
      `href="/admin/orders/${plain.id}?dropship=completed&amp;from=2030-12-01&amp;to=2030-12-03&amp;sort=amount-asc"`,
    );
    expect(html).toContain(
      `href="/admin/orders/export.csv?dropship=completed&amp;from=2030-12-01&amp;to=2030-12-03&amp;sort=amount-asc"`,
    );
    expect(html).toMatch(/<input[^>]*type="date"[^>]*value="2030-12-01"|<input[^>]*value="2030-12-01"[^>]*type="date"/);
    expect(html).toMatch(/<label for="orders-from"[^>]*>From<\/label>/);
  });

  it("refuses a date that is not a day, and a From after the To, with 400 and a message", async () => {
    const bad = await asAdmin("/admin/orders?from=2030-02-30");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Enter the dates as yyyy-mm-dd.");
    const reversed = await asAdmin("/admin/orders?from=2030-12-03&to=2030-12-01");
    expect(reversed.status).toBe(400);
    expect(reversed.html).toContain("The From date is after the To date.");
  });
});

describe("open withdrawals", () => {
  let payments: ReturnType<typeof createPaymentProvider>;
  beforeAll(() => {
    payments = createPaymentProvider({ db: db(), config: app.config, logger: createLogger("silent") });
  });

  /**
   * An order paid on the local payment page (2 × € 19,95 at 21 % and 1 × € 8,95 at 9 %, shipping
   * € 4,95: € 53,80), moved to `paidAt`, and a withdrawal of one € 19,95 piece received at `receivedAt`.
   */
  async function withdrawnOrder(paidAt: string, receivedAt: string) {
    const { order } = await createPaidOrder(app, db(), payments);
    await db()
      .update(orders)
      .set({ createdAt: new Date(paidAt), paidAt: new Date(paidAt) })
      .where(eq(orders.id, order.id));
    const items = await orderItemsOf(db(), order.id);
    const result = await withdrawOrder(db(), app.config, {
      orderId: order.id,
      channel: "guest",
      userId: null,
      form: { [`qty-${items[0]!.id}`]: "1" },
      now: new Date(receivedAt),
    });
    expect(result.ok).toBe(true);
    return { order, items };
  }
  /** A refund through the order page's form, with the amount the admin confirmed (no coupon: the prices). */
  const refund = (orderId: string, fields: Record<string, string>, confirmedCents: number) =>
    app.post(
      `/admin/orders/${orderId}`,
      { intent: "refund", refundKey: crypto.randomUUID(), confirmedAmountCents: String(confirmedCents), ...fields },
      { headers: { cookie: admin.cookie } },
    );

  it("shows 'Herroepen — terugbetalen vóór <day>' until the withdrawn pieces are paid back, and filters on it", async () => {
    // Received 5 Mar 2025 11:00 Amsterdam; refund due 14 days later: 19 Mar 2025, long past.
    const late = await withdrawnOrder("2025-03-01T10:00:00Z", "2025-03-05T10:00:00Z");
    // Received 3 Jun 2099; due 17 Jun 2099: not late.
    const future = await withdrawnOrder("2099-06-01T10:00:00Z", "2099-06-03T10:00:00Z");

    const listed = await asAdmin("/admin/orders?withdrawal=open");
    expect(listed.status).toBe(200);
    expect(listedIds(listed.html)).toEqual([short(future.order), short(late.order)]);
    expect(rowOf(listed.html, future.order)).toContain("Betaald Herroepen — terugbetalen vóór 17 jun € 53,80");
    expect(rowOf(listed.html, late.order)).toContain("Betaald Herroepen — terugbetalen vóór 19 mrt (te laat) € 53,80");
    expect(text(listed.html)).toContain("Open withdrawals only (2)");

    // Paying back the other line (the € 8,95 bar) leaves the withdrawn oil unpaid: still open.
    const bar = await refund(late.order.id, { [`refund-qty-${late.items[1]!.id}`]: "1" }, 895);
    expect(bar.status).toBe(200);
    expect(listedIds((await asAdmin("/admin/orders?withdrawal=open")).html)).toEqual([
      short(future.order),
      short(late.order),
    ]);

    // Paying back the withdrawn piece closes it: € 8,95 + € 19,95 = € 28,90 paid back so far.
    const oil = await refund(late.order.id, { [`refund-qty-${late.items[0]!.id}`]: "1" }, 1995);
    expect(oil.status).toBe(200);
    const after = await asAdmin("/admin/orders?withdrawal=open");
    expect(listedIds(after.html)).toEqual([short(future.order)]);
    expect(text(after.html)).toContain("Open withdrawals only (1)");
    const all = await asAdmin(`/admin/orders?q=${short(late.order)}`);
    expect(rowOf(all.html, late.order)).toContain("Deels terugbetaald € 28,90 € 53,80");
    expect(rowOf(all.html, late.order)).not.toContain("Herroepen");
    expect(
      listedIds((await asAdmin("/admin/orders?payment=partly-refunded&from=2025-03-01&to=2025-03-01")).html),
    ).toEqual([short(late.order)]);
  });
});

describe("sorting with keyset pages", () => {
  it("pages by amount both ways, ties broken by id, and back", async () => {
    const c = await createCustomer(db(), { email: "sorteer@bedragen.nl" });
    // 30 orders on 2031-01-10 with totals 1000, 1100, …, 1400 repeating: six orders share each total.
    const placed = await db()
      .insert(orders)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          customerId: c.id,
          totalAmountCents: 1000 + (i % 5) * 100,
          createdAt: new Date(Date.UTC(2031, 0, 10, 8, i)),
        })),
      )
      .returning({ id: orders.id, total: orders.totalAmountCents });
    const byAmountDesc = [...placed]
      .sort((a, b) => b.total - a.total || (a.id < b.id ? 1 : -1))
      .map((o) => o.id.slice(0, 8));
    const filter = "from=2031-01-10&to=2031-01-10";
    const first = await asAdmin(`/admin/orders?${filter}&sort=amount-desc`);
    expect(listedIds(first.html)).toEqual(byAmountDesc.slice(0, 25));
    const next = /<a[^>]*href="([^"]+)"[^>]*>Next page<\/a>/.exec(first.html)![1]!.replace(/&amp;/g, "&");
    const second = await asAdmin(next);
    expect(listedIds(second.html)).toEqual(byAmountDesc.slice(25));
    expect(second.html).not.toContain("Next page");
    const previous = /<a[^>]*href="([^"]+)"[^>]*>Previous page<\/a>/.exec(second.html)![1]!.replace(/&amp;/g, "&");
    expect(listedIds((await asAdmin(previous)).html)).toEqual(byAmountDesc.slice(0, 25));

    const ascending = [...byAmountDesc].reverse();
    const up = await asAdmin(`/admin/orders?${filter}&sort=amount-asc`);
    expect(listedIds(up.html)).toEqual(ascending.slice(0, 25));
    const upNext = /<a[^>]*href="([^"]+)"[^>]*>Next page<\/a>/.exec(up.html)![1]!.replace(/&amp;/g, "&");
    expect(listedIds((await asAdmin(upNext)).html)).toEqual(ascending.slice(25));

    const oldest = await asAdmin(`/admin/orders?${filter}&sort=oldest`);
    expect(listedIds(oldest.html)).toEqual(placed.slice(0, 25).map((o) => o.id.slice(0, 8)));
    const oldestNext = /<a[^>]*href="([^"]+)"[^>]*>Next page<\/a>/.exec(oldest.html)![1]!.replace(/&amp;/g, "&");
    expect(listedIds((await asAdmin(oldestNext)).html)).toEqual(placed.slice(25).map((o) => o.id.slice(0, 8)));
  });
});

/** The export's rows, split on CRLF and semicolons (no cell below holds a quoted separator). */
async function exportOf(query: string) {
  const res = await app.get(`/admin/orders/export.csv?${query}`, { headers: { cookie: admin.cookie } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, body: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

describe("CSV export", () => {
  it("writes the filtered orders for Dutch Excel: BOM, semicolons, decimal commas, VAT per rate", async () => {
    const c = await createCustomer(db(), { firstName: "Fenna", lastName: "Müller", email: "fenna@csv.nl" });
    const order = await createOrder(db(), c.id, {
      items: [
        { productName: "Kettingolie", priceCents: 1295, quantity: 2 },
        { productName: "Energiegel", priceCents: 250, quantity: 4 },
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
      status: "shipped",
      paymentStatus: "paid",
      refundedCents: 500,
      createdAt: new Date("2032-07-01T08:05:00Z"),
    });
    const { res, bytes, body } = await exportOf("from=2032-07-01&to=2032-07-01");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(body.split("\r\n")).toEqual([
      "\uFEFFOrder;Date;Customer;E-mail;Status;Payment;Total incl. VAT;Total excl. VAT;VAT 21%;VAT 9%;Shipping;Discount;Refunded",
      // 10:05 in Amsterdam (UTC+2 in July). Excl. VAT: 37,26 − 4,04 − 0,75 = 32,47.
      `${order.id};2032-07-01 10:05;Fenna Müller;fenna@csv.nl;Verzonden;Deels terugbetaald;37,26;32,47;4,04;0,75;4,95;3,59;5,00`,
      "",
    ]);
  });

  it("puts an apostrophe before a cell that would start a formula", async () => {
    const evil = await createCustomer(db(), {
      firstName: '=HYPERLINK("http://x.nl")',
      lastName: "",
      email: "+31@csv.nl",
    });
    await createOrder(db(), evil.id, { createdAt: new Date("2032-08-01T10:00:00Z") });
    const minus = await createCustomer(db(), { firstName: "-Piet", lastName: "Post", email: "@piet@csv.nl" });
    await createOrder(db(), minus.id, { createdAt: new Date("2032-08-01T09:00:00Z") });
    const { body } = await exportOf("from=2032-08-01&to=2032-08-01");
    const rows = body.split("\r\n").slice(1, 3);
    // A cell with a quote is quoted, its quotes doubled; the apostrophe goes inside the quotes.
    expect(rows[0]).toContain(
      `;"'=HYPERLINK(""http://x.nl"")";'+31@csv.nl;In afwachting;Betaald;`.replace("Betaald", "Niet betaald"),
    );
    expect(rows[1]).toContain(";'-Piet Post;'@piet@csv.nl;");
  });

  it("streams thousands of orders in keyset batches: each once, in the list's order", async () => {
    const c = await createCustomer(db(), { email: "veel@export.nl" });
    // 2 345 orders (three batches of 1 000), seven totals repeating: ties inside and across batches.
    const placed = await db()
      .insert(orders)
      .values(
        Array.from({ length: 2345 }, (_, i) => ({
          customerId: c.id,
          totalAmountCents: 500 + (i % 7),
          createdAt: new Date(Date.UTC(2033, 2, 3, 9, 0, i)),
        })),
      )
      .returning({ id: orders.id, total: orders.totalAmountCents });
    const { body } = await exportOf("from=2033-03-03&to=2033-03-03&sort=amount-asc");
    const ids = body
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(";")[0]);
    const expected = [...placed].sort((a, b) => a.total - b.total || (a.id < b.id ? -1 : 1)).map((o) => o.id);
    expect(ids).toEqual(expected);
  });

  it("exports what the search finds", async () => {
    const { body } = await exportOf("q=fenna%40csv");
    expect(body.split("\r\n").length).toBe(3); // header, one order, the final empty line
    expect(body).toContain(";Fenna Müller;fenna@csv.nl;");
  });
});

describe("Mark as shipped for several orders", () => {
  const shippedMails = (emails: string[]) =>
    db()
      .select({ to: outbox.toAddress, kind: outbox.kind })
      .from(outbox)
      .where(and(inArray(outbox.toAddress, emails), eq(outbox.kind, "order-status-shipped")))
      .orderBy(outbox.id);
  const statusesOf = async (ids: string[]) =>
    Object.fromEntries(
      (await db().select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, ids))).map(
        (o) => [o.id, o.status],
      ),
    );
  const form = (ids: string[]) => new URLSearchParams([["intent", "bulk-ship"], ...ids.map((id) => ["orderId", id])]);

  async function three() {
    const made = [];
    for (const [i, status] of (["processing", "processing", "pending"] as const).entries()) {
      const c = await createCustomer(db(), { email: `bulk${i}-${crypto.randomUUID()}@example.nl` });
      made.push({ order: await createOrder(db(), c.id, { status, paymentStatus: "paid" }), email: c.email });
    }
    return made;
  }

  it("asks first: the confirmation lists what will ship and what cannot, from ?ship= and the select-all box", async () => {
    const [a, b, pending] = await three();
    const { status, html } = await asAdmin(
      `/admin/orders?status=processing&ship=${a!.order.id}&shipPage=${b!.order.id},${pending!.order.id}`,
    );
    expect(status).toBe(200);
    expect(html).toMatch(/role="dialog"/);
    const t = text(html);
    expect(t).toContain("Mark 2 orders as shipped?");
    expect(t).toContain("Each of these customers gets the “Je bestelling is verzonden” e-mail once:");
    expect(t).toContain(
      `1 order cannot be marked as shipped and will be reported back: ${short(pending!.order)} · Test`,
    );
    expect(t).toContain(
      "An order that is pending cannot be moved to shipped; it can be moved to processing or cancelled.",
    );
    const confirm = [...html.matchAll(/<form[^>]*>/g)].map((m) => m[0]).filter((f) => f.includes('method="post"'));
    // The confirmation posts to the list it sits on, without the selection in its URL.
    expect(confirm.filter((f) => f.includes('action="/admin/orders?status=processing"'))).toHaveLength(1);
    // Nothing changed by looking.
    expect(Object.values(await statusesOf([a!.order.id, b!.order.id]))).toEqual(["processing", "processing"]);
  });

  it("ships each order once with one mail each, reports the one that cannot move, and a second submit mails nobody", async () => {
    const [a, b, pending] = await three();
    const ids = [a!.order.id, b!.order.id, pending!.order.id];
    const emails = [a!.email, b!.email, pending!.email];
    const res = await postAsAdmin("/admin/orders", form(ids));
    expect(res.status).toBe(200);
    const t = text(await res.text());
    expect(t).toContain("2 orders marked as shipped");
    expect(t).toContain(
      `${short(pending!.order)} : An order that is pending cannot be moved to shipped; it can be moved to processing or cancelled.`,
    );
    expect(await statusesOf(ids)).toEqual({
      [a!.order.id]: "shipped",
      [b!.order.id]: "shipped",
      [pending!.order.id]: "pending",
    });
    expect((await shippedMails(emails)).map((m) => m.to)).toEqual([a!.email, b!.email]);
    const changes = await db().select().from(adminChanges).where(inArray(adminChanges.entityId, ids));
    expect(changes.map((c) => [c.entityId, c.after, c.actorEmail]).sort()).toEqual(
      [
        [a!.order.id, { status: "shipped" }, "lijstbeheer@trapkracht.test"],
        [b!.order.id, { status: "shipped" }, "lijstbeheer@trapkracht.test"],
      ].sort(),
    );

    // The same form again (back button, resend): nothing moves, nobody is mailed again, all reported.
    const again = await postAsAdmin("/admin/orders", form(ids));
    const t2 = text(await again.text());
    expect(t2).toContain("0 orders marked as shipped");
    expect(t2).toContain(`${short(a!.order)} : The order is already shipped.`);
    expect((await shippedMails(emails)).length).toBe(2);
  });

  it("a double click (two submits at once) mails each customer once", async () => {
    const [a, b] = await three();
    const ids = [a!.order.id, b!.order.id];
    const [one, two] = await Promise.all([
      postAsAdmin("/admin/orders", form(ids)),
      postAsAdmin("/admin/orders", form(ids)),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    await Promise.all([one.text(), two.text()]);
    expect((await shippedMails([a!.email, b!.email])).map((m) => m.to).sort()).toEqual([a!.email, b!.email].sort());
  });

  it("refuses an empty, a broken and an oversized selection with 400 and ships nothing", async () => {
    const [a] = await three();
    expect((await postAsAdmin("/admin/orders", form([]))).status).toBe(400);
    expect((await postAsAdmin("/admin/orders", form([a!.order.id, "geen-id"]))).status).toBe(400);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect((await postAsAdmin("/admin/orders", form([a!.order.id, ...many]))).status).toBe(400);
    expect(await statusesOf([a!.order.id])).toEqual({ [a!.order.id]: "processing" });
  });
});

describe("guests and customers are refused", () => {
  let order: Awaited<ReturnType<typeof createOrder>>;
  beforeAll(async () => {
    const c = await createCustomer(db(), { email: "geheim@lijst.nl" });
    order = await createOrder(db(), c.id, { status: "processing", paymentStatus: "paid" });
  });

  it.each(guestAndCustomer(() => customer.cookie))(
    "$who gets no export, no confirmation and cannot ship",
    async ({ cookie }) => {
      const ship = { intent: "bulk-ship", orderId: order.id };
      await expectAdminOnly(
        app,
        cookie(),
        [
          "/admin/orders/export.csv",
          "/admin/orders/export.csv?q=geheim",
          `/admin/orders?ship=${order.id}`,
          "/admin/orders.data?withdrawal=open",
          { path: "/admin/orders", fields: ship },
          { path: "/admin/orders.data", fields: ship },
        ],
        { hidden: ["geheim@lijst.nl"] },
      );
      const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
      expect(row!.status).toBe("processing");
      const mails = await db().select().from(outbox).where(eq(outbox.toAddress, "geheim@lijst.nl"));
      expect(mails).toEqual([]);
      void customers;
    },
  );
});
