import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { orderRefunds, orderWithdrawalItems, orderWithdrawals, outbox, supplierFeedRuns } from "../../app/db/schema";
import { startTestApp } from "../support/app";
import { useTestApp } from "../support/fixture";
import { createProduct } from "../support/factories";
import { createCustomer, createOrder } from "../support/order-factories";
import { expectAdminOnly, guestAndCustomer } from "../support/refusals";
import { signedInUser } from "../support/users";

/**
 * The Dashboard at /admin (issue 29, item 1) over HTTP against a real migrated database: the guard,
 * the sales figures worked out by hand from orders placed in each period and the one before it
 * (a refund, an unpaid and a fully refunded order that do not count), and each to-do count with its
 * link — checked against the list the link opens where that list is this shop's own.
 */

const { app, database } = useTestApp();
let admin: Awaited<ReturnType<typeof signedInUser>>;
let shopper: Awaited<ReturnType<typeof signedInUser>>;
let emptyDashboard: string;

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

// ---- Amsterdam days, worked out here with Intl (not with the code under test) ----

const amsterdamParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
  hourCycle: "h23",
});

function wallClockOf(moment: Date) {
  const p: Record<string, number> = {};
  for (const part of amsterdamParts.formatToParts(moment))
    if (part.type !== "literal") p[part.type] = Number(part.value);
  return p as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The moment it is `hour`:00 in Amsterdam, `daysAgo` calendar days before the Amsterdam day of `now`. */
function amsterdamMoment(now: Date, daysAgo: number, hour = 0): Date {
  const today = wallClockOf(now);
  const wanted = Date.UTC(today.year, today.month - 1, today.day - daysAgo, hour);
  // Amsterdam is UTC+1 or +2: start from UTC+1 and correct by what the clock there then says.
  let guess = wanted - 3_600_000;
  for (let i = 0; i < 2; i++) {
    const c = wallClockOf(new Date(guess));
    guess += wanted - Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  }
  return new Date(guess);
}

let waitingIds: string[];
let failedIds: string[];
let withdrawnIds: string[];

beforeAll(async () => {
  admin = await signedInUser(app, db(), { role: "admin", email: "dashboard@trapkracht.test" });
  shopper = await signedInUser(app, db(), { email: "benieuwd@example.nl" });
  // Nothing happened yet: mails of the sign-ups aside, which are removed.
  await db().delete(outbox);
  emptyDashboard = (await asAdmin("/admin")).html;

  const now = new Date();
  const todayStart = amsterdamMoment(now, 0);
  const elapsed = now.getTime() - todayStart.getTime();
  // Halfway through today so far, and halfway through the same stretch of yesterday.
  const todayAt = new Date(todayStart.getTime() + elapsed / 2);
  const yesterdayAt = new Date(amsterdamMoment(now, 1).getTime() + elapsed / 2);
  const noon = (daysAgo: number) => amsterdamMoment(now, daysAgo, 12);
  const longAgo = noon(100);

  const customer = await createCustomer(db(), { firstName: "Femke", lastName: "Fietser", email: "femke@example.nl" });
  const paid = (totalAmountCents: number, paidAt: Date, extra: Parameters<typeof createOrder>[2] = {}) =>
    createOrder(db(), customer.id, {
      totalAmountCents,
      paymentStatus: "paid",
      status: "shipped",
      dropshipmentStatus: "completed",
      paidAt,
      createdAt: new Date(paidAt.getTime() - 60_000),
      withAddress: false,
      ...extra,
    });

  // Today: € 50,00, and € 30,00 of which € 10,00 was refunded. Not counted: an unpaid order and a
  // fully refunded one.
  await paid(5000, todayAt);
  await paid(3000, todayAt, { refundedCents: 1000 });
  await createOrder(db(), customer.id, { totalAmountCents: 9999, paymentStatus: "unpaid", withAddress: false });
  await paid(2000, todayAt, { paymentStatus: "refunded", refundedCents: 2000 });
  // Yesterday, in the stretch before now's time of day: € 40,00.
  await paid(4000, yesterdayAt);
  // 3 days ago (last 7 days): € 100,00. 10 days ago (the 7 days before): € 64,00.
  await paid(10000, noon(3));
  await paid(6400, noon(10));
  // 20 days ago (last 30 days): € 80,00. 45 days ago (the 30 days before): € 25,00.
  await paid(8000, noon(20));
  await paid(2500, noon(45));

  // To do: paid orders the supplier has not accepted (pending; processing and partly refunded).
  // Not counted: the unpaid order above (pending) and a fully refunded one still pending.
  const waiting = [
    await paid(1500, longAgo, { dropshipmentStatus: "pending" }),
    await paid(2500, longAgo, { dropshipmentStatus: "processing", refundedCents: 500 }),
  ];
  await paid(1200, longAgo, { dropshipmentStatus: "pending", paymentStatus: "refunded", refundedCents: 1200 });
  waitingIds = waiting.map((o) => o.id);
  // One failed dropshipment.
  failedIds = [(await paid(3300, longAgo, { dropshipmentStatus: "failed" })).id];
  // Two open withdrawals (nearest deadline 15 Jan 2099) and one already refunded in full.
  const withdraw = async (dueAt: Date, refunded: boolean) => {
    const order = await paid(2200, longAgo, refunded ? { refundedCents: 2200 } : {});
    const [line] = await db()
      .select({ id: sql<number>`id` })
      .from(sql`order_items`)
      .where(sql`order_id = ${order.id}`);
    const [w] = await db()
      .insert(orderWithdrawals)
      .values({ orderId: order.id, channel: "guest", refundDueAt: dueAt })
      .returning();
    await db().insert(orderWithdrawalItems).values({ withdrawalId: w!.id, orderItemId: line!.id, quantity: 1 });
    if (refunded) {
      await db()
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          amountCents: 2200,
          lines: [{ orderItemId: line!.id, quantity: 1, amountCents: 2200 }],
          provider: "local",
          idempotencyKey: `dashboard-refund-${order.id}`,
          status: "succeeded",
          createdBy: admin.id,
          createdByEmail: admin.email,
        });
    }
    return order.id;
  };
  withdrawnIds = [
    await withdraw(new Date("2099-02-01T10:00:00Z"), false),
    await withdraw(new Date("2099-01-15T10:00:00Z"), false),
  ];
  await withdraw(new Date("2099-01-10T10:00:00Z"), true);

  // Stock: out (0 and −1) and low (3 and 5) among active products; the rest not counted.
  await createProduct(db(), { shortDescription: "Uitverkocht A", stockQuantity: 0 });
  await createProduct(db(), { shortDescription: "Uitverkocht B", stockQuantity: -1 });
  await createProduct(db(), { shortDescription: "Bijna op A", stockQuantity: 3 });
  await createProduct(db(), { shortDescription: "Bijna op B", stockQuantity: 5 });
  await createProduct(db(), { shortDescription: "Genoeg", stockQuantity: 6 });
  await createProduct(db(), { shortDescription: "Onbekend", stockQuantity: null });
  await createProduct(db(), { shortDescription: "Inactief op", stockQuantity: 0, status: 0 });
  await createProduct(db(), { shortDescription: "Inactief bijna", stockQuantity: 2, status: 0 });

  // Feed runs: a failed stock import settled by a later successful one, a failed product import
  // (counted) and a failed dry run (not counted).
  const run = (kind: "products" | "stock", status: "failed" | "succeeded", minutesAgo: number, dryRun = false) =>
    db()
      .insert(supplierFeedRuns)
      .values({
        kind,
        source: "upload",
        fileName: `${kind}-${minutesAgo}.csv`,
        status,
        dryRun,
        error: status === "failed" ? "The file could not be read" : null,
        createdAt: new Date(now.getTime() - minutesAgo * 60_000),
      });
  await run("stock", "failed", 50);
  await run("stock", "succeeded", 40);
  await run("products", "failed", 30);
  await run("products", "failed", 20, true);

  // Mail: 3 waiting (no SMTP server in the test shop), 2 given up, the newest with its error.
  const mail = (status: "pending" | "failed" | "sent", lastError: string | null = null) => ({
    kind: "test",
    toAddress: "klant@example.nl",
    subject: "Test",
    textBody: "Test",
    status,
    lastError,
  });
  await db()
    .insert(outbox)
    .values([
      mail("pending"),
      mail("pending"),
      mail("pending"),
      mail("failed", "421 Try again later"),
      mail("failed", "550 5.1.1 Mailbox unavailable"),
      mail("sent"),
    ]);
});

describe("access", () => {
  it.each(guestAndCustomer(() => shopper.cookie))("refuses the dashboard to $who", async ({ cookie }) => {
    await expectAdminOnly(app, cookie(), ["/admin", "/admin?tab=dashboard", "/admin?tab=products"], {
      hidden: ["Revenue"],
    });
  });
});

describe("Dashboard", () => {
  it("is the first tab and what /admin shows; Product Management stays at /admin/products", async () => {
    const { status, html } = await asAdmin("/admin");
    expect(status).toBe(200);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin"[^>]*>Dashboard<\/a>/);
    expect(html).toContain('id="admin-panel-title" class="text-xl font-semibold">Dashboard</h2>');
    const products = await asAdmin("/admin/products");
    expect(products.html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/admin\/products"/);
    expect(products.html).toContain('id="admin-panel-title" class="text-xl font-semibold">Product Management</h2>');
  });

  it("says so when nothing needs attention", () => {
    const page = text(emptyDashboard);
    expect(page).toContain("Nothing needs your attention");
    expect(page).toContain("Today Revenue € 0,00 none yesterday either Orders 0 none yesterday either");
  });

  it("works out revenue, orders and average order value per period against the one before", async () => {
    const page = text((await asAdmin("/admin")).html);
    // Today: € 50,00 + (€ 30,00 − € 10,00) = € 70,00 in 2 orders, € 35,00 each. Yesterday up to
    // this time: € 40,00 in 1. Revenue +75 %, orders +100 %, average (35 − 40) / 40 = −12,5 % → −13 %.
    expect(page).toContain(
      "Today Revenue € 70,00 +75 % vs yesterday Orders 2 +100 % vs yesterday Average order value € 35,00 \u221213 % vs yesterday",
    );
    // Last 7 days: € 70,00 + € 40,00 + € 100,00 = € 210,00 in 4 orders, € 52,50 each. The 7 days
    // before: € 64,00 in 1. Revenue (210 − 64) / 64 = +228,1 %; orders +300 %; average
    // (52,50 − 64) / 64 = −17,97 % → −18 %.
    expect(page).toContain(
      "Last 7 days Revenue € 210,00 +228 % vs previous 7 days Orders 4 +300 % vs previous 7 days Average order value € 52,50 \u221218 % vs previous 7 days",
    );
    // Last 30 days: € 210,00 + € 64,00 + € 80,00 = € 354,00 in 6 orders, € 59,00 each. The 30 days
    // before: € 25,00 in 1. Revenue (354 − 25) / 25 = +1.316 %; orders +500 %; average +136 %.
    expect(page).toContain(
      "Last 30 days Revenue € 354,00 +1.316 % vs previous 30 days Orders 6 +500 % vs previous 30 days Average order value € 59,00 +136 % vs previous 30 days",
    );
  });

  it("counts each to-do and links it to the list that shows exactly those items", async () => {
    const { html } = await asAdmin("/admin");
    const todo = html.slice(html.indexOf('id="dashboard-todo-title"'), html.indexOf('id="dashboard-sales-title"'));
    const items = [...todo.matchAll(/<li><a[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a><\/li>/g)].map((m) => [
      m[1]!.replace(/&amp;/g, "&"),
      text(m[2]!),
    ]);
    expect(items).toEqual([
      ["/admin/orders?withdrawal=open", "2 open withdrawals Refund the first by 15 Jan 2099."],
      [
        "/admin/orders?dropship=failed",
        "1 dropshipment failed The supplier did not take these orders: send them again from the order's page.",
      ],
      [
        "/admin/orders?dropship=waiting",
        "2 paid orders not yet accepted by the supplier Sent or about to be sent to the supplier, with no answer yet.",
      ],
      [
        "/admin/emails?status=pending",
        "3 e-mails waiting to be sent No SMTP server is configured, so no e-mail leaves the shop. Set SMTP_URL to send them.",
      ],
      ["/admin/emails?status=failed", "2 e-mails not delivered Last error: 550 5.1.1 Mailbox unavailable"],
      [
        "/admin/feeds?runs=failed",
        "1 supplier feed import failed No successful import of the same feed came after it.",
      ],
      ["/admin/products?stock=out&status=active", "2 products out of stock Active products shoppers cannot order."],
      ["/admin/products?stock=low&status=active", "2 products low on stock Active products with 1 to 5 left."],
    ]);
    expect(text(html)).not.toContain("Nothing needs your attention");
  });

  it("the order links open All Orders with exactly the counted orders", async () => {
    const idsIn = (html: string) =>
      [...new Set([...html.matchAll(/href="\/admin\/orders\/([0-9a-f-]{36})[?"]/g)].map((m) => m[1]))].sort();
    expect(idsIn((await asAdmin("/admin/orders?dropship=waiting")).html)).toEqual([...waitingIds].sort());
    expect(idsIn((await asAdmin("/admin/orders?dropship=failed")).html)).toEqual([...failedIds].sort());
    expect(idsIn((await asAdmin("/admin/orders?withdrawal=open")).html)).toEqual([...withdrawnIds].sort());
  });

  it("the feed link shows only the failed import no later import settled", async () => {
    const { status, html } = await asAdmin("/admin/feeds?runs=failed");
    expect(status).toBe(200);
    const page = text(html);
    expect(page).toContain("Failed imports");
    expect(html.match(/href="\/admin\/feeds\/runs\/\d+"/g)).toHaveLength(1);
    expect(page).toContain("products-30.csv");
    expect(page).not.toContain("stock-50.csv");
    expect(page).not.toContain("products-20.csv");
  });

  it("with SMTP configured, waiting mail is the queue at work, not a to-do", async () => {
    const withSmtp = await startTestApp(db(), { SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const res = await withSmtp.get("/admin", { headers: { cookie: admin.cookie } });
      const page = text(await res.text());
      expect(page).not.toContain("waiting to be sent");
      expect(page).toContain("2 e-mails not delivered");
    } finally {
      await withSmtp.close();
    }
  });

  it("keeps the old tab links working", async () => {
    for (const [from, to] of [
      ["/admin?tab=products", "/admin/products"],
      ["/admin?tab=dashboard", "/admin"],
      ["/admin?tab=orders&dropship=failed", "/admin/orders?dropship=failed"],
    ]) {
      const res = await app.get(from!, { headers: { cookie: admin.cookie } });
      expect(res.status, from).toBe(302);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });
});
