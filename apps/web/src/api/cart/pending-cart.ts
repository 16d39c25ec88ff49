import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES } from '@bazaar/shared';
import { useSyncExternalStore } from 'react';

/**
 * The visitor's browser cart (docs/shopping.md "Guest cart"): what a signed-out visitor added.
 * Kept in localStorage under `bazaar.pendingCart` as `{ mergeId, items: [{ productId, quantity }] }`
 * and merged into the server cart once a customer is signed in (get-cart.ts), then cleared. A
 * line's key is one field (`productId`; a variant id later). `mergeId` is new on every change, so
 * the same id always means the same lines and the server adds them once however often it is
 * sent. Logging out clears localStorage, and with it this cart. Kept small: it is on every page.
 */

export const PENDING_CART_KEY = 'bazaar.pendingCart';

/** One product the visitor wants, quantity 1..10. */
export interface PendingCartItem {
  productId: number;
  quantity: number;
}

/** The stored browser cart. */
export interface PendingCart {
  mergeId: string;
  items: PendingCartItem[];
}

function isItem(value: unknown): value is PendingCartItem {
  if (typeof value !== 'object' || value === null) return false;
  const { productId, quantity } = value as Record<string, unknown>;
  return (
    Number.isInteger(productId) &&
    (productId as number) > 0 &&
    Number.isInteger(quantity) &&
    (quantity as number) >= 1
  );
}

/** 32 hex digits; getRandomValues also works on a plain-http page, unlike randomUUID. */
function newMergeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The stored cart; an unreadable or tampered entry reads as empty. */
export function readGuestCart(): PendingCart {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PENDING_CART_KEY) ?? 'null');
    // An array is the earlier format (items only).
    const raw: { mergeId?: unknown; items?: unknown } | null = Array.isArray(parsed)
      ? { items: parsed }
      : (parsed as { mergeId?: unknown; items?: unknown } | null);
    const items = Array.isArray(raw?.items) ? raw.items.filter(isItem) : [];
    const mergeId = typeof raw?.mergeId === 'string' ? raw.mergeId : newMergeId();
    return { mergeId, items };
  } catch {
    return { mergeId: newMergeId(), items: [] };
  }
}

/** The remembered items. */
export function readPendingCart(): PendingCartItem[] {
  return readGuestCart().items;
}

const listeners = new Set<() => void>();

/**
 * Stores the items under a new merge id and tells the header and the cart page. Storage
 * failures (private mode, quota) are ignored: the product is then only not remembered.
 */
export function writePendingCart(items: readonly PendingCartItem[]): void {
  try {
    if (items.length === 0) window.localStorage.removeItem(PENDING_CART_KEY);
    else {
      const cart: PendingCart = { mergeId: newMergeId(), items: [...items] };
      window.localStorage.setItem(PENDING_CART_KEY, JSON.stringify(cart));
    }
  } catch {
    // See above: nothing to do.
  }
  for (const listener of listeners) listener();
}

/**
 * Adds units of a product (a second click adds to the same line, capped at 10, the server's
 * limit per line; at most 50 lines). @returns false when the cart already holds 50 products.
 */
export function rememberPendingCartItem(productId: number, quantity = 1): boolean {
  const items = readPendingCart();
  const existing = items.find((item) => item.productId === productId);
  if (existing) {
    existing.quantity = Math.min(existing.quantity + quantity, CART_LINE_MAX_QUANTITY);
  } else {
    if (items.length >= CART_MAX_LINES) return false;
    items.push({ productId, quantity: Math.min(quantity, CART_LINE_MAX_QUANTITY) });
  }
  writePendingCart(items);
  return true;
}

/** Sets a line's quantity (1..10), or removes the line with 0. */
export function setPendingCartQuantity(productId: number, quantity: number): void {
  const items = readPendingCart()
    .map((item) =>
      item.productId === productId
        ? { productId, quantity: Math.min(quantity, CART_LINE_MAX_QUANTITY) }
        : item,
    )
    .filter((item) => item.quantity > 0);
  writePendingCart(items);
}

/** Forgets the remembered items (after the server answered their merge). */
export function clearPendingCart(): void {
  writePendingCart([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === PENDING_CART_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readSnapshot(): string {
  try {
    return window.localStorage.getItem(PENDING_CART_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The stored browser cart's JSON, re-rendering on every change (this tab or another); '' on the
 * server and during hydration, so the first render matches the server's HTML.
 */
export function usePendingCartSnapshot(): string {
  return useSyncExternalStore(subscribe, readSnapshot, () => '');
}

/** Units in the visitor's browser cart, for the header's badge. */
export function usePendingCartCount(): number {
  const snapshot = usePendingCartSnapshot();
  return snapshot ? readPendingCart().reduce((sum, item) => sum + item.quantity, 0) : 0;
}
