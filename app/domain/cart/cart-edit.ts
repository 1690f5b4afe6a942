import { MAX_LINE_QUANTITY } from "~/domain/checkout/quote";
import { toEuros, type CartItem } from "./cart";

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

/** What the server answered about one line (a subset of the quote line, in cents). */
export type QuotedLine = {
  artNo: number;
  name: string;
  brand: string;
  image: string | null;
  unitPriceCents: number;
  originalPriceCents: number | null;
  vatRate: number;
  quantity: number;
  problem: string | null;
};

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

/**
 * Reads a posted cart: a JSON list of lines of which ONLY the article number (`artNo` or the stored
 * `ArtNo`) and the quantity are taken; prices, names and VAT in it are ignored, the server looks them
 * up. Malformed input yields an empty list; at most MAX_CART_LINES lines.
 */
export function parsePostedItems(raw: unknown): { artNo: number; quantity: number }[] {
  if (typeof raw !== "string" || raw.length > 20_000) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: { artNo: number; quantity: number }[] = [];
  for (const entry of parsed.slice(0, MAX_CART_LINES)) {
    if (typeof entry !== "object" || entry === null) continue;
    const e = entry as Record<string, unknown>;
    const artNo = Number(e.artNo ?? e.ArtNo);
    const quantity = Number(e.quantity);
    if (!Number.isSafeInteger(artNo) || artNo <= 0) continue;
    lines.push({ artNo, quantity: Number.isFinite(quantity) ? quantity : 1 });
  }
  return lines;
}

/** The posted form of the stored cart: ArtNo and quantity only. */
export function postedItems(items: readonly CartItem[]): string {
  return JSON.stringify(items.map((i) => ({ artNo: i.ArtNo, quantity: i.quantity })));
}
