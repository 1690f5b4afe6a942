import { MAX_LINE_QUANTITY, type QuoteLine } from "./quote";
import { toEuros, type CartItem } from "./cart-items";

/*
 * Changing the stored cart on the cart page, and reading a posted cart on the server. Apart from
 * cart.ts because that module is in every page's JavaScript (header badge, add-to-cart button).
 */

/** The most lines a posted cart may hold; anything beyond is not a shopper's cart. */
export const MAX_CART_LINES = 100;

/** Sets a line's quantity (spec 1 §4: at least 1; removing is a separate, confirmed step). */
export function updateQuantity(items: readonly CartItem[], artNo: number, quantity: number): CartItem[] {
  const q = Math.max(1, Math.floor(Number.isFinite(quantity) ? quantity : 1));
  return items.map((i) => (i.ArtNo === artNo ? { ...i, quantity: q } : i));
}

export function removeItem(items: readonly CartItem[], artNo: number): CartItem[] {
  return items.filter((i) => i.ArtNo !== artNo);
}

/** What the server answered about one line (the part of the quote line the stored cart keeps). */
export type QuotedLine = Pick<
  QuoteLine,
  "artNo" | "name" | "brand" | "image" | "unitPriceCents" | "originalPriceCents" | "vatRate" | "quantity" | "problem"
>;

/**
 * Brings the stored lines in line with the server's quote (price, name, brand, image, VAT; the
 * quantity only clamped to the maximum), so the header badge and later pages agree with what the shop charges. Lines
 * the shop no longer sells keep what they had. Returns the same array when nothing changed.
 */
export function applyQuote(items: readonly CartItem[], lines: readonly QuotedLine[]): readonly CartItem[] {
  const byArtNo = new Map(lines.map((l) => [l.artNo, l]));
  let changed = false;
  const next = items.map((item) => {
    const line = byArtNo.get(item.ArtNo);
    if (!line || line.problem === "not-found") return item;
    const updated: CartItem = {
      ArtNo: item.ArtNo,
      Brand: line.brand,
      name: line.name,
      price: toEuros(line.unitPriceCents),
      // The shopper's quantity, not the quote's: an answer to an older request must not undo a click.
      quantity: Math.min(item.quantity, MAX_LINE_QUANTITY),
      image: line.image ?? item.image,
      ...(line.originalPriceCents != null ? { originalPrice: toEuros(line.originalPriceCents) } : {}),
      VAT: line.vatRate,
    };
    if (JSON.stringify(updated) === JSON.stringify(item)) return item;
    changed = true;
    return updated;
  });
  return changed ? next : items;
}

/** One entry of a posted cart as read: its article number and quantity (NaN when unreadable), or null. */
export type PostedLine = { artNo: number; quantity: number } | null;

/**
 * The one reader of a posted cart (a JSON list): of each entry ONLY the article number (`artNo`, or the
 * stored `ArtNo`) and the quantity are taken; prices, names and VAT in it are ignored, the server looks
 * them up. Null when the value is not a JSON list (or longer than `maxLength` characters); an entry
 * without a positive whole article number reads as null. Callers decide how strict to be.
 */
export function readPostedLines(raw: unknown, maxLength = 20_000): PostedLine[] | null {
  if (typeof raw !== "string" || raw.length > maxLength) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  return parsed.map((entry) => {
    if (typeof entry !== "object" || entry === null) return null;
    const e = entry as Record<string, unknown>;
    const artNo = Number(e.artNo ?? e.ArtNo);
    return Number.isSafeInteger(artNo) && artNo > 0 ? { artNo, quantity: Number(e.quantity) } : null;
  });
}

/**
 * Reads a posted cart leniently (the cart page's quote, the coupon check): unreadable entries are
 * skipped, an unreadable quantity counts as 1, malformed input yields an empty list; at most
 * MAX_CART_LINES lines.
 */
export function parsePostedItems(raw: unknown): { artNo: number; quantity: number }[] {
  const lines = readPostedLines(raw) ?? [];
  return lines
    .slice(0, MAX_CART_LINES)
    .filter((l) => l !== null)
    .map((l) => ({ artNo: l.artNo, quantity: Number.isFinite(l.quantity) ? l.quantity : 1 }));
}

/** The posted form of the stored cart: ArtNo and quantity only. */
export function postedItems(items: readonly CartItem[]): string {
  return JSON.stringify(items.map((i) => ({ artNo: i.ArtNo, quantity: i.quantity })));
}
