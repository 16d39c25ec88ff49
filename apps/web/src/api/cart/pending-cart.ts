import { CART_LINE_MAX_QUANTITY } from '@bazaar/shared';

/**
 * The visitor's browser cart: what a signed-out visitor asked to add or buy
 * before being sent to log in. Kept in localStorage under `bazaar.pendingCart` as
 * `[{ productId, quantity }]` and merged into the server cart once a customer is signed in
 * (get-cart.ts). Logging out clears localStorage, and with it this list.
 */

export const PENDING_CART_KEY = 'bazaar.pendingCart';

/** One product the visitor wants, quantity 1..10. */
export interface PendingCartItem {
  productId: number;
  quantity: number;
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

/** The remembered items; an unreadable or tampered entry reads as none. */
export function readPendingCart(): PendingCartItem[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(PENDING_CART_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

/**
 * Remembers one more unit of a product (a second click adds to the same entry, capped at 10, the
 * server's limit per line). Storage failures (private mode, quota) are ignored: the visitor still
 * goes to log in, only the product is not added afterwards.
 */
export function rememberPendingCartItem(productId: number, quantity = 1): void {
  const items = readPendingCart();
  const existing = items.find((item) => item.productId === productId);
  if (existing) {
    existing.quantity = Math.min(existing.quantity + quantity, CART_LINE_MAX_QUANTITY);
  } else {
    items.push({ productId, quantity: Math.min(quantity, CART_LINE_MAX_QUANTITY) });
  }
  try {
    window.localStorage.setItem(PENDING_CART_KEY, JSON.stringify(items));
  } catch {
    // See above: nothing to do.
  }
}

/** Forgets the remembered items (after they were merged into the server cart). */
export function clearPendingCart(): void {
  try {
    window.localStorage.removeItem(PENDING_CART_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
