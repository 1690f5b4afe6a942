import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { hitRateLimit, returnHit } from "~/shared/security/rate-limit.server";

/**
 * A guest's way back to their order (issue 13): order number plus e-mail address, or the signed link
 * in the confirmation mail and on the success page. What it opens is one order, held in a signed,
 * HttpOnly cookie, never an order id that works by itself in a URL.
 */

export const GUEST_ORDER_TEXT = {
  notFound:
    "We vinden geen bestelling met dit bestelnummer en e-mailadres. Controleer ze in je bevestigingsmail en probeer het opnieuw.",
  rateLimited: "Je hebt het te vaak geprobeerd. Probeer het over een kwartier opnieuw.",
  invalidNumber: "Vul het bestelnummer in zoals in je bevestigingsmail (8 tekens, bijvoorbeeld 1a2b3c4d)",
  invalidEmail: "Voer een geldig e-mailadres in",
} as const;

/**
 * Per 15 minutes: failed lookups from one IP address, and for one pair of order number and e-mail
 * address. Not per order number alone: then five wrong addresses from a stranger who saw the number
 * locked the rightful guest out (issue 27). Whoever guesses addresses for a known number is slowed
 * by the limit on their own IP address; the signed link in the mails never counts.
 */
export const GUEST_ORDER_LIMITS = { perIp: 10, perPair: 5, windowSeconds: 900 } as const;

const ORDER_NUMBER = /^#?\s*([0-9a-f]{8})$/i;

/** The 8 characters shoppers see ("#1a2b3c4d" or "1A2B3C4D" too), or null. */
export function parseOrderNumber(raw: string): string | null {
  const match = ORDER_NUMBER.exec(raw.trim());
  return match ? match[1]!.toLowerCase() : null;
}

function signature(secret: string, orderId: string): string {
  return createHmac("sha256", secret).update(`guest-order:${orderId}`).digest("base64url");
}

/** "<order id>.<signature>": opens that one order, for the link in the mails and the cookie. */
export function guestOrderToken(secret: string, orderId: string): string {
  return `${orderId}.${signature(secret, orderId)}`;
}

/** The order id of a token this shop signed, or null. */
export function verifyGuestOrderToken(secret: string, token: string | null | undefined): string | null {
  if (!secret || !token) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const orderId = token.slice(0, dot);
  if (!/^[0-9a-f-]{36}$/.test(orderId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(secret, orderId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? orderId : null;
}

/** The signed cookie that holds the one order a guest opened (Path=/, HttpOnly, a day). */
export const GUEST_ORDER_COOKIE = "trapkracht_bestelling";

export function guestOrderCookie(publicUrl: string, value: string, maxAge: number): string {
  const secure = publicUrl.startsWith("https:") ? "; Secure" : "";
  // Path=/: the page's own data requests go to /bestelling.data, which a Path=/bestelling cookie misses.
  return `${GUEST_ORDER_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export type GuestLookup = { ok: true; orderId: string } | { ok: false; reason: "not-found" | "rate-limited" };

/** The rate-limit key of one number and address; the address hashed, so the table holds no e-mail addresses. */
function pairKey(orderNumber: string, email: string): string {
  const hashed = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `guest-order:pair:${orderNumber}:${hashed}`;
}

/**
 * The order with this number and e-mail address. A wrong pair and a pair without an order get the
 * same answer, and both count against the limits; a lookup that finds the order does not.
 */
export async function lookUpGuestOrder(
  db: Db,
  input: { orderNumber: string; email: string },
  opts: { clientIp: string },
): Promise<GuestLookup> {
  const window = GUEST_ORDER_LIMITS.windowSeconds;
  const keys = { ip: `guest-order:ip:${opts.clientIp}`, pair: pairKey(input.orderNumber, input.email) };
  // Counted before the lookup (parallel tries cannot all pass under the limit), given back on success.
  const byIp = await hitRateLimit(db, { key: keys.ip, limit: GUEST_ORDER_LIMITS.perIp, windowSeconds: window });
  const byPair = await hitRateLimit(db, { key: keys.pair, limit: GUEST_ORDER_LIMITS.perPair, windowSeconds: window });
  if (!byIp.allowed || !byPair.allowed) return { ok: false, reason: "rate-limited" };
  // Through the customer's address first (customers_email_lower_idx), then the number's prefix.
  const result = await db.execute(sql`
    SELECT o.id FROM orders o JOIN customers c ON c.id = o.customer_id
    WHERE lower(c.email) = lower(${input.email}) AND o.id::text LIKE ${`${input.orderNumber}%`}
    ORDER BY o.created_at DESC LIMIT 1`);
  const row = rowsOf<{ id: string }>(result)[0];
  if (!row) return { ok: false, reason: "not-found" };
  await returnHit(db, keys.ip);
  await returnHit(db, keys.pair);
  return { ok: true, orderId: row.id };
}
