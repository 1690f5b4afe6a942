import { isSellable } from "~/features/catalogue/header";

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
