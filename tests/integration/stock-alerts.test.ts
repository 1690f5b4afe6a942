import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { jobs, outbox, stock, stockAlerts } from "../../app/db/schema";
import { createJobWorker } from "../../app/shared/jobs/worker.server";
import { STOCK_ALERT_TEXT } from "../../app/features/stock-alerts/stock-alert-schema";
import { STOCK_ALERT_QUEUE, stockAlertQueue } from "../../app/features/stock-alerts/stock-alerts.server";
import { createLogger } from "../../app/shared/logging/logger.server";
import { createProduct } from "../support/factories";
import { useTestApp } from "../support/fixture";
import { postToAction } from "../support/single-fetch";

type Answer = { ok: boolean; message: string; field?: string };
const logger = createLogger("silent");

describe("Mail me als het weer leverbaar is", () => {
  const { app, database } = useTestApp();
  const db = () => database.db;
  let ipCounter = 1;
  let ip = "";

  const request = (artNo: number, email: string, from = ip) =>
    postToAction<Answer>(app, "/voorraadmelding", { artNo: String(artNo), email }, { "x-forwarded-for": from });
  const mails = (kind: string) => db().select().from(outbox).where(eq(outbox.kind, kind)).orderBy(asc(outbox.id));
  const alertJobs = () => db().select().from(jobs).where(eq(jobs.queue, STOCK_ALERT_QUEUE));
  const runJobs = () =>
    createJobWorker({
      db: db(),
      logger,
      queues: { [STOCK_ALERT_QUEUE]: stockAlertQueue({ db: db(), publicUrl: app.config.publicUrl }) },
    }).runOnce();
  const setStock = (artNo: number, quantity: number | null) =>
    db().update(stock).set({ quantity }).where(eq(stock.artNo, artNo));
  const tokenIn = (text: string) => /\/voorraadmelding\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
  const soldOut = () =>
    createProduct(db(), { stockQuantity: 0, shortDescription: "Racebanden set", brand: "Vittoria" });

  /** Asks, confirms through the mailed link as a shopper does (GET shows, the button POSTs). */
  const confirmedRequest = async (artNo: number, email: string) => {
    expect((await request(artNo, email)).status).toBe(200);
    const [mail] = (await mails("stock-alert-confirm")).filter((m) => m.toAddress === email).slice(-1);
    const token = tokenIn(mail!.textBody);
    const confirmed = await postToAction(app, `/voorraadmelding/${token}`, { intent: "confirm" });
    expect(confirmed.status).toBe(200);
    return token;
  };

  beforeEach(async () => {
    ip = `198.51.100.${ipCounter++}`;
    await db().delete(outbox);
    await db().delete(jobs);
    await db().execute(sql`DELETE FROM rate_limits WHERE key LIKE 'stock-alert:%'`);
  });

  it("asks for a confirmation first; the mailed link confirms only when its button is pressed", async () => {
    const product = await soldOut();
    const answer = await request(product.artNo, "Fan@Example.nl");
    expect(answer).toEqual({ status: 200, data: { ok: true, message: STOCK_ALERT_TEXT.requested } });

    const [mail] = await mails("stock-alert-confirm");
    expect(mail!.toAddress).toBe("fan@example.nl");
    expect(mail!.subject).toBe("Bevestig je voorraadmelding voor Vittoria Racebanden set");
    const token = tokenIn(mail!.textBody);
    expect(mail!.textBody).toContain(`${app.config.publicUrl}/voorraadmelding/${token}`);

    // A mail scanner opening the link confirms nothing.
    const page = await app.html(`/voorraadmelding/${token}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Melding bevestigen");
    expect(page.html).toContain('name="robots" content="noindex"');
    const [before] = await db().select().from(stockAlerts).where(eq(stockAlerts.token, token));
    expect(before!.confirmedAt).toBeNull();

    const confirmed = await postToAction<{ outcome: string }>(app, `/voorraadmelding/${token}`, {
      intent: "confirm",
    });
    expect(confirmed.data.outcome).toBe("confirmed");
    const [after] = await db().select().from(stockAlerts).where(eq(stockAlerts.token, token));
    expect(after!.confirmedAt).not.toBeNull();
    expect((await app.html(`/voorraadmelding/${token}`)).html).toContain("Je melding is bevestigd");
  });

  it("mails a confirmed request once when the stock comes back, with the product and an unsubscribe link", async () => {
    const product = await soldOut();
    const token = await confirmedRequest(product.artNo, "wachtend@example.nl");
    const unconfirmed = "onbevestigd@example.nl";
    expect((await request(product.artNo, unconfirmed)).status).toBe(200);

    // Still out of stock, or stock that stays at 0: nothing happens.
    await setStock(product.artNo, 0);
    expect(await alertJobs()).toHaveLength(0);

    // However the stock comes back (here a plain UPDATE, as an admin edit or a stock feed writes it).
    await setStock(product.artNo, 12);
    expect(await alertJobs()).toHaveLength(1);
    await runJobs();

    const sent = await mails("stock-alert");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.toAddress).toBe("wachtend@example.nl");
    expect(sent[0]!.subject).toBe("Vittoria Racebanden set is weer leverbaar");
    expect(sent[0]!.textBody).toContain(`${app.config.publicUrl}/product/${product.artNo}`);
    expect(sent[0]!.textBody).toContain(`${app.config.publicUrl}/voorraadmelding/${token}?afmelden=1`);
    expect(sent[0]!.htmlBody).toContain("Meld je af");

    // Out of stock and back again: the request was mailed, so no second mail.
    await setStock(product.artNo, 0);
    await setStock(product.artNo, 3);
    await runJobs();
    expect(await mails("stock-alert")).toHaveLength(1);
    // A rise within stock queues nothing at all.
    await db().delete(jobs);
    await setStock(product.artNo, 30);
    expect(await alertJobs()).toHaveLength(0);
  });

  it("queues one job per restocked product when a stock feed writes many rows in one statement", async () => {
    const waiting = await soldOut();
    const noStockRow = await createProduct(db(), { stockQuantity: null, shortDescription: "Nieuwe band" });
    const staysOut = await soldOut();
    const alreadyIn = await soldOut();
    const unwatched = await soldOut();
    for (const p of [waiting, noStockRow, staysOut, alreadyIn])
      await confirmedRequest(p.artNo, `feed${p.artNo}@example.nl`);
    await setStock(alreadyIn.artNo, 5);
    await db().delete(jobs);

    // As the supplier's stock feed writes a batch: an upsert of new and existing rows together.
    await db().execute(sql`
      INSERT INTO stock (art_no, quantity, status, updated_at)
      VALUES (${waiting.artNo}, 4, NULL, now()), (${noStockRow.artNo}, 2, NULL, now()),
             (${staysOut.artNo}, 0, NULL, now()), (${alreadyIn.artNo}, 9, NULL, now()),
             (${unwatched.artNo}, 7, NULL, now())
      ON CONFLICT (art_no) DO UPDATE SET quantity = excluded.quantity, updated_at = now()`);
    const queued = (await alertJobs()).map((j) => (j.payload as { artNo: number }).artNo).sort((a, b) => a - b);
    expect(queued).toEqual([waiting.artNo, noStockRow.artNo].sort((a, b) => a - b));
  });

  it("mails at once when the product came back before the request was confirmed", async () => {
    const product = await soldOut();
    expect((await request(product.artNo, "laat@example.nl")).status).toBe(200);
    const token = tokenIn((await mails("stock-alert-confirm"))[0]!.textBody);
    await setStock(product.artNo, 8);
    expect(await alertJobs()).toHaveLength(0); // nothing confirmed yet

    await postToAction(app, `/voorraadmelding/${token}`, { intent: "confirm" });
    await runJobs();
    expect((await mails("stock-alert")).map((m) => m.toAddress)).toEqual(["laat@example.nl"]);
  });

  it("answers a repeated request the same way, without a second request or a second mail once confirmed", async () => {
    const product = await soldOut();
    await confirmedRequest(product.artNo, "dubbel@example.nl");
    const again = await request(product.artNo, "DUBBEL@example.nl");
    expect(again).toEqual({ status: 200, data: { ok: true, message: STOCK_ALERT_TEXT.requested } });
    expect(await mails("stock-alert-confirm")).toHaveLength(1);
    const rows = await db().select().from(stockAlerts).where(eq(stockAlerts.artNo, product.artNo));
    expect(rows).toHaveLength(1);
  });

  it("refuses a product in stock, an unknown product, a bad address and control characters, storing nothing", async () => {
    const inStock = await createProduct(db(), { stockQuantity: 40 });
    expect(await request(inStock.artNo, "a@example.nl")).toEqual({
      status: 409,
      data: { ok: false, message: STOCK_ALERT_TEXT.inStock },
    });
    expect((await request(99_999_001, "a@example.nl")).status).toBe(404);
    const product = await soldOut();
    expect(await request(product.artNo, "geen-adres")).toEqual({
      status: 400,
      data: { ok: false, message: STOCK_ALERT_TEXT.invalidEmail, field: "email" },
    });
    expect((await request(product.artNo, "a\u0000b@example.nl")).status).toBe(400);
    expect(await db().select().from(stockAlerts).where(eq(stockAlerts.artNo, product.artNo))).toHaveLength(0);
    expect(await db().select().from(outbox)).toHaveLength(0);
  });

  it("limits requests per address and per IP address", async () => {
    const products = await Promise.all(Array.from({ length: 12 }, () => soldOut()));
    for (const p of products.slice(0, 5)) expect((await request(p.artNo, "veel@example.nl")).status).toBe(200);
    expect(await request(products[5]!.artNo, "veel@example.nl")).toEqual({
      status: 429,
      data: { ok: false, message: STOCK_ALERT_TEXT.rateLimited },
    });
    ip = "198.51.100.250";
    for (const [i, p] of products.slice(0, 10).entries()) {
      expect((await request(p.artNo, `ander${i}@example.nl`)).status).toBe(200);
    }
    expect((await request(products[10]!.artNo, "nogeen@example.nl")).status).toBe(429);
    expect(await mails("stock-alert-confirm")).toHaveLength(15);
  });

  it("unsubscribes: the button cancels every open request of the address, and no mail follows", async () => {
    const first = await soldOut();
    const second = await soldOut();
    const token = await confirmedRequest(first.artNo, "weg@example.nl");
    await confirmedRequest(second.artNo, "weg@example.nl");

    const page = await app.html(`/voorraadmelding/${token}?afmelden=1`);
    expect(page.html).toContain("Afmelden");
    expect(await db().select().from(stockAlerts).where(eq(stockAlerts.email, "weg@example.nl"))).toHaveLength(2);

    const cancelled = await postToAction<{ outcome: string }>(app, `/voorraadmelding/${token}`, {
      intent: "cancel",
    });
    expect(cancelled.data.outcome).toBe("cancelled");
    expect(await db().select().from(stockAlerts).where(eq(stockAlerts.email, "weg@example.nl"))).toHaveLength(0);
    await setStock(first.artNo, 5);
    await setStock(second.artNo, 5);
    await runJobs();
    expect(await mails("stock-alert")).toHaveLength(0);
    expect((await app.html(`/voorraadmelding/${token}`)).status).toBe(404);
  });
});
