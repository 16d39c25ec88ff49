/**
 * The cart's query key, one for the page, the header's count and every cart answer (the
 * wishlist's move-to-cart writes the same key).
 */
export const cartKeys = { all: ['cart'] as const };
