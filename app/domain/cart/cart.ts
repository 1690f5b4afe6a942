import { isSellable } from "~/domain/catalog/stock";
import { MAX_LINE_QUANTITY } from "~/domain/checkout/quote";

/**
 * A cart line as the spec keeps it in browser storage (spec 1 §3, "Cart item"). Prices are euro
 * numbers here, not cents, because the stored shape is the original's; convert at the edges
 * with `toCents`.
 */
export type CartItem = {
  ArtNo: number;
  Brand: string;
  name: string;
  /** What the shopper pays per unit, in euros (e.g. 12.95). */
  price: number;
  quantity: number;
  image: string;
  /** The struck-through consumer price when the product was on offer. */
  originalPrice?: number;
  /** VAT rate in percent; 21 by default. */
  VAT: number;
};

/** Storage key and version of the persisted cart (spec 2 §9), in zustand-persist's envelope. */
export const CART_STORAGE_KEY = "cart-storage";
export const CART_STORAGE_VERSION = 0;
export const DEFAULT_VAT = 21;

export type AddResult = { ok: true; items: CartItem[] } | { ok: false; reason: "out-of-stock" };

export function toEuros(cents: number): number {
  return Math.round(cents) / 100;
}

export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/**
 * Adds a line, or adds to the quantity of the line with the same ArtNo (spec 1 §4).
 * Refused when the stock is unknown or ≤ 0: the shop cannot promise what it cannot deliver.
 */
export function addItem(
  items: readonly CartItem[],
  item: CartItem,
  stockQuantity: number | null | undefined,
): AddResult {
  if (!isSellable(stockQuantity)) return { ok: false, reason: "out-of-stock" };
  const quantity = Math.max(1, Math.floor(item.quantity || 1));
  const existing = items.find((i) => i.ArtNo === item.ArtNo);
  if (!existing) return { ok: true, items: [...items, { ...item, quantity }] };
  return {
    ok: true,
    // The newest price and image win: they come from the page the shopper just looked at.
    items: items.map((i) => (i.ArtNo === item.ArtNo ? { ...i, ...item, quantity: i.quantity + quantity } : i)),
  };
}

/** The header badge number: the sum of quantities, not the number of lines. */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

export function serializeCart(items: readonly CartItem[]): string {
  return JSON.stringify({ state: { items }, version: CART_STORAGE_VERSION });
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.ArtNo === "number" &&
    Number.isInteger(v.ArtNo) &&
    typeof v.name === "string" &&
    typeof v.price === "number" &&
    Number.isFinite(v.price) &&
    typeof v.quantity === "number" &&
    Number.isInteger(v.quantity) &&
    v.quantity >= 1
  );
}

/**
 * Reads what `serializeCart` (or the original shop's zustand store) wrote. Storage is shopper-
 * editable, so malformed data yields an empty cart and malformed lines are dropped.
 */
export function parseStoredCart(raw: string | null | undefined): CartItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  const items = (parsed as { state?: { items?: unknown } } | null)?.state?.items;
  if (!Array.isArray(items)) return [];
  return items.filter(isCartItem).map((i) => ({
    ArtNo: i.ArtNo,
    Brand: typeof i.Brand === "string" ? i.Brand : "",
    name: i.name,
    price: i.price,
    quantity: i.quantity,
    image: typeof i.image === "string" ? i.image : "",
    ...(typeof i.originalPrice === "number" ? { originalPrice: i.originalPrice } : {}),
    VAT: typeof i.VAT === "number" ? i.VAT : DEFAULT_VAT,
  }));
}

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
