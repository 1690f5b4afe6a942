import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, DbExecutor } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { isSellable } from "~/features/catalogue";
import { enqueueJob } from "~/shared/jobs/queue.server";
import type { QueueDefinition } from "~/shared/jobs/worker.server";
import { enqueueMail } from "~/features/mail/index.server";
import { backInStockMail, stockAlertConfirmMail } from "~/features/mail-templates/index.server";
import { hitRateLimit } from "~/shared/security/rate-limit.server";

/** The job the database queues when a product with confirmed requests is back in stock (migration 0021). */
export const STOCK_ALERT_QUEUE = "stock-alert";

declare module "~/shared/jobs/queue.server" {
  interface JobPayloads {
    "stock-alert": { artNo: number };
  }
}

/** Per hour: requests from one IP address, and confirmation mails to one address. */
export const STOCK_ALERT_LIMITS = { perIp: 10, perEmail: 5, windowSeconds: 3600 } as const;

export type RequestStockAlertResult = { ok: true } | { ok: false; reason: "rate-limited" | "in-stock" | "unavailable" };

type ProductState = { name: string; listed: boolean; quantity: number | null };

async function productState(db: DbExecutor, artNo: number): Promise<ProductState | null> {
  const result = await db.execute(sql`
    SELECT concat_ws(' ', p.brand, p.short_description) AS name, p.is_listed AS listed, s.quantity
    FROM products p LEFT JOIN stock s ON s.art_no = p.art_no
    WHERE p.art_no = ${artNo}`);
  const row = rowsOf<{ name: string; listed: boolean; quantity: number | null }>(result)[0];
  return row
    ? { name: row.name, listed: row.listed, quantity: row.quantity == null ? null : Number(row.quantity) }
    : null;
}

const newToken = () => randomBytes(24).toString("base64url");

/**
 * "Mail me als het weer leverbaar is". The answer does not tell whether the address already asked:
 * an open unconfirmed request gets its confirmation mail again (within the limits), a confirmed one
 * nothing new.
 */
export async function requestStockAlert(
  db: Db,
  input: { artNo: number; email: string },
  opts: { clientIp: string; publicUrl: string },
): Promise<RequestStockAlertResult> {
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const product = await productState(tx, input.artNo);
    if (!product || !product.listed) return { ok: false, reason: "unavailable" } as const;
    if (isSellable(product.quantity)) return { ok: false, reason: "in-stock" } as const;
    const window = STOCK_ALERT_LIMITS.windowSeconds;
    const byIp = await hitRateLimit(tx, {
      key: `stock-alert:ip:${opts.clientIp}`,
      limit: STOCK_ALERT_LIMITS.perIp,
      windowSeconds: window,
    });
    if (!byIp.allowed) return { ok: false, reason: "rate-limited" } as const;
    const byEmail = await hitRateLimit(tx, {
      key: `stock-alert:email:${email}`,
      limit: STOCK_ALERT_LIMITS.perEmail,
      windowSeconds: window,
    });
    if (!byEmail.allowed) return { ok: false, reason: "rate-limited" } as const;

    const inserted = await tx.execute(sql`
      INSERT INTO stock_alerts (art_no, email, token) VALUES (${input.artNo}, ${email}, ${newToken()})
      ON CONFLICT (art_no, email) WHERE notified_at IS NULL DO UPDATE SET art_no = excluded.art_no
      RETURNING token, confirmed_at`);
    const alert = rowsOf<{ token: string; confirmed_at: Date | null }>(inserted)[0]!;
    if (alert.confirmed_at) return { ok: true } as const;
    const mail = stockAlertConfirmMail(product, `${opts.publicUrl}/voorraadmelding/${alert.token}`);
    await enqueueMail(tx, { kind: "stock-alert-confirm", to: email, ...mail });
    return { ok: true } as const;
  });
}

export type StockAlertView = {
  artNo: number;
  productName: string;
  confirmed: boolean;
  notified: boolean;
  inStock: boolean;
};

/** What the link in a mail opens; null for an unknown (or cancelled) token. */
export async function findStockAlert(db: DbExecutor, token: string): Promise<StockAlertView | null> {
  const result = await db.execute(sql`
    SELECT a.art_no, a.confirmed_at, a.notified_at, concat_ws(' ', p.brand, p.short_description) AS name, s.quantity
    FROM stock_alerts a JOIN products p ON p.art_no = a.art_no LEFT JOIN stock s ON s.art_no = a.art_no
    WHERE a.token = ${token}`);
  const row = rowsOf<{
    art_no: number;
    confirmed_at: Date | null;
    notified_at: Date | null;
    name: string;
    quantity: number | null;
  }>(result)[0];
  if (!row) return null;
  return {
    artNo: Number(row.art_no),
    productName: row.name,
    confirmed: row.confirmed_at != null,
    notified: row.notified_at != null,
    inStock: isSellable(row.quantity == null ? null : Number(row.quantity)),
  };
}

/**
 * Confirms a request. When the product came back between the request and the confirmation, the
 * back-in-stock mail goes out at once (the stock change found no confirmed request to mail).
 */
export async function confirmStockAlert(db: Db, token: string): Promise<StockAlertView | null> {
  return db.transaction(async (tx) => {
    const confirmed = await tx.execute(sql`
      UPDATE stock_alerts SET confirmed_at = coalesce(confirmed_at, now())
      WHERE token = ${token} RETURNING art_no`);
    const row = rowsOf<{ art_no: number }>(confirmed)[0];
    if (!row) return null;
    const view = await findStockAlert(tx, token);
    if (view?.inStock && !view.notified) {
      await enqueueJob(
        tx,
        STOCK_ALERT_QUEUE,
        { artNo: view.artNo },
        { singletonKey: `stock-alert:confirm:${token}`, maxAttempts: 5 },
      );
    }
    return view;
  });
}

/** Cancels every open request of the token's address (the mails say "meld je af" for all of them). */
export async function cancelStockAlerts(db: Db, token: string): Promise<boolean> {
  const result = await db.execute(sql`
    DELETE FROM stock_alerts
    WHERE notified_at IS NULL AND email = (SELECT email FROM stock_alerts WHERE token = ${token})
    RETURNING id`);
  const cancelled = rowsOf<{ id: number }>(result).length;
  // A mailed request has nothing left to cancel but its link still says "afgemeld".
  if (cancelled > 0) return true;
  const known = await db.execute(sql`SELECT 1 FROM stock_alerts WHERE token = ${token}`);
  return rowsOf(known).length > 0;
}

/**
 * Mails every confirmed, not yet mailed request for a product that is listed and in stock now, once
 * each (row locks keep two workers from mailing the same request). Requests for a product that went
 * out of stock again before the job ran wait for the next time it comes back.
 */
export async function sendBackInStockMails(db: Db, artNo: number, publicUrl: string): Promise<number> {
  return db.transaction(async (tx) => {
    const product = await productState(tx, artNo);
    if (!product || !product.listed || !isSellable(product.quantity)) return 0;
    const due = await tx.execute(sql`
      SELECT id, email, token FROM stock_alerts
      WHERE art_no = ${artNo} AND confirmed_at IS NOT NULL AND notified_at IS NULL
      ORDER BY id FOR UPDATE SKIP LOCKED`);
    const alerts = rowsOf<{ id: number; email: string; token: string }>(due);
    for (const alert of alerts) {
      const mail = backInStockMail(
        product,
        `${publicUrl}/product/${artNo}`,
        `${publicUrl}/voorraadmelding/${alert.token}?afmelden=1`,
      );
      await enqueueMail(tx, { kind: "stock-alert", to: alert.email, ...mail });
      await tx.execute(sql`UPDATE stock_alerts SET notified_at = now() WHERE id = ${alert.id}`);
    }
    return alerts.length;
  });
}

export function stockAlertQueue(deps: { db: Db; publicUrl: string }): QueueDefinition<typeof STOCK_ALERT_QUEUE> {
  return {
    backoff: { baseMs: 30_000, maxMs: 10 * 60_000 },
    leaseMs: 5 * 60_000,
    run: async (payload, { logger }) => {
      const { artNo } = payload;
      if (!Number.isInteger(artNo)) return;
      const sent = await sendBackInStockMails(deps.db, artNo, deps.publicUrl);
      if (sent) logger.info({ artNo, sent }, "back-in-stock mails queued");
    },
  };
}
