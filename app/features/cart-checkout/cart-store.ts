import { useSyncExternalStore } from "react";
import {
  addItem,
  CART_STORAGE_KEY,
  cartCount,
  parseStoredCart,
  serializeCart,
  type AddResult,
  type CartItem,
} from "./cart-items";

/**
 * The browser's cart: one module-level store persisted to localStorage, read by components through
 * useSyncExternalStore. The server always renders an empty cart (it cannot see localStorage);
 * React swaps in the stored cart right after hydration.
 */

const EMPTY: CartItem[] = [];
let items: CartItem[] = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings); the cart then lives for this page only.
    return null;
  }
}

function load() {
  if (loaded) return;
  loaded = true;
  items = parseStoredCart(storage()?.getItem(CART_STORAGE_KEY));
}

function commit(next: CartItem[]) {
  items = next;
  try {
    storage()?.setItem(CART_STORAGE_KEY, serializeCart(next));
  } catch {
    // Quota or privacy mode: keep the in-memory cart rather than failing the click.
  }
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the cart: re-read so every open tab shows the same count.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== CART_STORAGE_KEY) return;
    items = parseStoredCart(event.newValue);
    listeners.forEach((l) => l());
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function getSnapshot() {
  load();
  return items;
}

const getServerSnapshot = () => EMPTY;

export const cartStore = {
  getItems: getSnapshot,
  /** Adds (or merges) a line unless the stock forbids it; the caller tells the shopper. */
  addItem(item: CartItem, stockQuantity: number | null | undefined): AddResult {
    load();
    const result = addItem(items, item, stockQuantity);
    if (result.ok) commit(result.items);
    return result;
  },
  /** Stores these lines (the cart page's changes, see cart-edit.ts). */
  set: commit,
  clear() {
    commit([]);
  },
};

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

export function useCartCount(): number {
  return cartCount(useCartItems());
}
