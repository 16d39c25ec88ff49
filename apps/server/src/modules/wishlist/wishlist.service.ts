import {
  SHOPPING_MESSAGES,
  WISHLIST_MAX_ITEMS,
  type MoveToCartResult,
  type Wishlist,
  type WishlistItem,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { AppError, refusal } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import { lockCartOwner } from '../cart/index.js';
import type { CartService } from '../cart/cart.service.js';
import * as repo from './wishlist.repo.js';

export interface WishlistDeps {
  db: Db;
  storage: FileStorage;
  cart: CartService;
}

function toItem(row: repo.WishlistRow, storage: FileStorage): WishlistItem {
  return {
    productId: row.productId,
    name: row.name,
    company: row.company,
    sku: row.sku,
    size: row.size,
    colour: row.colour,
    imageUrl: row.thumbnailPath ? storage.urlFor(row.thumbnailPath) : null,
    pricePaise: row.pricePaise,
    mrpPaise: Math.max(row.mrpPaise, row.pricePaise),
    rating: Number(row.rating),
    available: row.archivedAt === null && row.stockQuantity > 0,
    shop: { id: row.shopId, name: row.shopName },
    addedAt: row.addedAt.toISOString(),
  };
}

/**
 * The customer's wishlist (docs/shopping.md): add and remove are
 * idempotent, and every change answers the whole wishlist, newest first.
 */
export function createWishlistService({ db, storage, cart }: WishlistDeps) {
  return {
    /** The wishlist with live prices (paise) and availability. */
    async getWishlist(userId: string): Promise<Wishlist> {
      const rows = await repo.findWishlistRows(db, userId);
      return { items: rows.map((row) => toItem(row, storage)) };
    },

    /**
     * `PUT /api/wishlist/items/{productId}`: adds a product (idempotent).
     * @throws AppError 404 'This product is no longer available' (unknown or archived product,
     *   unless already wishlisted), 409 when 100 products are already wishlisted.
     */
    async addItem(userId: string, productId: number): Promise<Wishlist> {
      await db.transaction(async (tx) => {
        await lockCartOwner(tx, userId);
        if (await repo.hasWishlistItem(tx, userId, productId)) return;
        if (!(await repo.productIsListed(tx, productId))) {
          throw refusal('PRODUCT_UNAVAILABLE', SHOPPING_MESSAGES.productUnavailable);
        }
        if ((await repo.countWishlistItems(tx, userId)) >= WISHLIST_MAX_ITEMS) {
          throw refusal('WISHLIST_FULL', SHOPPING_MESSAGES.wishlistFull);
        }
        await repo.insertWishlistItem(tx, userId, productId);
      });
      return this.getWishlist(userId);
    },

    /** `DELETE /api/wishlist/items/{productId}`: removes a product (idempotent). */
    async removeItem(userId: string, productId: number): Promise<Wishlist> {
      await repo.deleteWishlistItem(db, userId, productId);
      return this.getWishlist(userId);
    },

    /**
     * `POST /api/wishlist/items/{productId}/move-to-cart`: adds one unit to the cart (with the
     * cart's checks) and removes the product from the wishlist, in one transaction.
     * @throws AppError 404 'This product is not in your wishlist'; the cart's 404 and 409s.
     */
    async moveToCart(userId: string, productId: number): Promise<MoveToCartResult> {
      await db.transaction(async (tx) => {
        await lockCartOwner(tx, userId);
        if (!(await repo.hasWishlistItem(tx, userId, productId))) {
          throw new AppError('NOT_FOUND', SHOPPING_MESSAGES.notInWishlist);
        }
        await cart.addInTransaction(tx, userId, { productId, quantity: 1 });
        await repo.deleteWishlistItem(tx, userId, productId);
      });
      const [cartNow, wishlist] = await Promise.all([
        cart.getCart(userId),
        this.getWishlist(userId),
      ]);
      return { cart: cartNow, wishlist };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
