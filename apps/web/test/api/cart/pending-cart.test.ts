// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  PENDING_CART_KEY,
  readGuestCart,
  rememberPendingCartItem,
  setPendingCartQuantity,
} from '../../../src/api/cart/pending-cart';

/* docs/shopping.md "Guest cart": the visitor's cart kept in localStorage. */

beforeEach(() => {
  window.localStorage.clear();
});

describe("the visitor's browser cart", () => {
  it('adds to one line per product, at most 10 of one product', () => {
    rememberPendingCartItem(7);
    rememberPendingCartItem(7, 4);
    rememberPendingCartItem(9);
    expect(readGuestCart().items).toEqual([
      { productId: 7, quantity: 5 },
      { productId: 9, quantity: 1 },
    ]);
    rememberPendingCartItem(7, 8);
    expect(readGuestCart().items[0]).toEqual({ productId: 7, quantity: 10 });
  });

  it('refuses a 51st product and keeps the 50', () => {
    for (let id = 1; id <= 50; id += 1) expect(rememberPendingCartItem(id)).toBe(true);
    expect(rememberPendingCartItem(51)).toBe(false);
    expect(readGuestCart().items).toHaveLength(50);
  });

  it('gives every change a new merge id, so one id always means the same lines', () => {
    rememberPendingCartItem(3);
    const first = readGuestCart().mergeId;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(readGuestCart().mergeId).toBe(first);
    setPendingCartQuantity(3, 2);
    expect(readGuestCart().mergeId).not.toBe(first);
    setPendingCartQuantity(3, 0);
    expect(window.localStorage.getItem(PENDING_CART_KEY)).toBeNull();
  });

  it('reads the earlier array format and ignores tampered entries', () => {
    window.localStorage.setItem(
      PENDING_CART_KEY,
      JSON.stringify([{ productId: 4, quantity: 2 }, { productId: -1, quantity: 1 }, 'x']),
    );
    expect(readGuestCart().items).toEqual([{ productId: 4, quantity: 2 }]);
    window.localStorage.setItem(PENDING_CART_KEY, '{not json');
    expect(readGuestCart().items).toEqual([]);
  });
});
