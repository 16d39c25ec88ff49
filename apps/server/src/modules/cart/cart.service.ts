import {
  CART_LINE_MAX_QUANTITY,
  CART_MAX_LINES,
  SHOPPING_MESSAGES,
  cartTotals,
  onlyLeftInStockMessage,
  type Cart,
  type CartItemInput,
  type CartLine,
  type CartMerge,
  type CartMergeAdjustment,
  type CartMergeResult,
  type CartPreview,
  type CartPreviewInput,
} from '@bazaar/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { AppError, refusal } from '../../platform/errors.js';
import type { FileStorage } from '../../platform/storage.js';
import * as repo from './cart.repo.js';

export interface CartDeps {
  db: Db;
  storage: FileStorage;
}

/** A product's stock state as the cart's checks need it. */
interface ProductStock {
  stockQuantity: number;
  archivedAt: Date | null;
}

function isAvailable(product: ProductStock): boolean {
  return product.archivedAt === null && product.stockQuantity > 0;
}

/**
 * Refuses a line quantity the product cannot take: quantities are limited by stock, with a clear
 * message (docs/shopping.md "Rules"). Stock is only checked here; it is reserved at checkout.
 * @throws AppError CONFLICT 'This product is out of stock', 'Only N left in stock' or
 *   'You can buy at most 10 of one product'.
 */
export function assertLineQuantity(product: ProductStock, quantity: number): void {
  const stock = product.stockQuantity;
  if (stock <= 0) throw refusal('OUT_OF_STOCK', SHOPPING_MESSAGES.outOfStock);
  if (quantity > stock && stock < CART_LINE_MAX_QUANTITY) {
    throw refusal('OUT_OF_STOCK', onlyLeftInStockMessage(stock));
  }
  if (quantity > CART_LINE_MAX_QUANTITY) {
    throw refusal('CART_LINE_LIMIT', SHOPPING_MESSAGES.lineLimit);
  }
}

/** Maps a joined cart row to the line the browser shows (amounts in paise). */
function toLine(row: repo.CartRow, storage: FileStorage): CartLine {
  const mrpPaise = Math.max(row.mrpPaise, row.pricePaise);
  return {
    productId: row.productId,
    name: row.name,
    company: row.company,
    sku: row.sku,
    category: row.category,
    size: row.size,
    colour: row.colour,
    imageUrl: row.thumbnailPath ? storage.urlFor(row.thumbnailPath) : null,
    pricePaise: row.pricePaise,
    mrpPaise,
    hsnClass: row.hsnClass,
    quantity: row.quantity,
    stockQuantity: row.stockQuantity,
    available: isAvailable(row),
    maxQuantity: Math.max(0, Math.min(CART_LINE_MAX_QUANTITY, row.stockQuantity)),
    shop: { id: row.shopId, name: row.shopName },
    lineTotalPaise: row.pricePaise * row.quantity,
    lineMrpPaise: mrpPaise * row.quantity,
  };
}

/**
 * The customer's cart kept on the server (docs/shopping.md). Every change runs in one transaction
 * that first locks the customer's row, and answers the whole cart.
 */
export function createCartService({ db, storage }: CartDeps) {
  /**
   * Runs a cart change in one transaction that commits without waiting for its WAL flush
   * (`synchronous_commit = off` for this transaction only; docs/decisions/0013): a slow disk
   * then never holds a shopper's "Add to cart", and a database crash can lose only the last
   * fraction of a second of cart changes, never money. An order or payment commits
   * synchronously, and its flush carries every earlier cart change with it.
   */
  function cartTransaction<T>(change: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      return change(tx);
    });
  }

  /**
   * Adds `quantity` units of a product to the cart inside `tx` (the wishlist's move-to-cart
   * shares it). @throws AppError 404 unknown or archived product, 409 stock or line limits.
   */
  async function addInTransaction(tx: Tx, userId: string, input: CartItemInput): Promise<void> {
    await repo.lockCartOwner(tx, userId);
    const [product] = await repo.findProductsStock(tx, [input.productId]);
    if (!product || product.archivedAt !== null) {
      throw refusal('PRODUCT_UNAVAILABLE', SHOPPING_MESSAGES.productUnavailable);
    }
    const quantities = await repo.findCartQuantities(tx, userId);
    const existing = quantities.find((line) => line.productId === input.productId);
    if (!existing && quantities.length >= CART_MAX_LINES) {
      throw refusal('CART_FULL', SHOPPING_MESSAGES.cartFull);
    }
    const quantity = (existing?.quantity ?? 0) + input.quantity;
    assertLineQuantity(product, quantity);
    await repo.upsertCartLine(tx, userId, input.productId, quantity);
  }

  return {
    /**
     * The cart with live prices and stock. Totals (paise) count only available lines: an
     * archived or sold-out product stays in the list, marked, until the customer removes it.
     */
    async getCart(userId: string, queryable: Db | Tx = db): Promise<Cart> {
      const lines = (await repo.findCartRows(queryable, userId)).map((row) => toLine(row, storage));
      return { lines, totals: cartTotals(lines.filter((line) => line.available)) };
    },

    addInTransaction,

    /**
     * `POST /api/cart/items`: adds units to the product's line (creating it).
     * @throws AppError 404 'This product is no longer available'; 409 out of stock, 'Only N left
     *   in stock', more than 10 of one product, or more than 50 lines.
     */
    async addItem(userId: string, input: CartItemInput): Promise<Cart> {
      await cartTransaction((tx) => addInTransaction(tx, userId, input));
      return this.getCart(userId);
    },

    /**
     * `PATCH /api/cart/items/{productId}`: sets a line's quantity (1..10).
     * @throws AppError 404 'This product is not in your cart' or no longer available; 409 stock.
     */
    async setQuantity(userId: string, productId: number, quantity: number): Promise<Cart> {
      await cartTransaction(async (tx) => {
        await repo.lockCartOwner(tx, userId);
        const quantities = await repo.findCartQuantities(tx, userId);
        if (!quantities.some((line) => line.productId === productId)) {
          throw new AppError('NOT_FOUND', SHOPPING_MESSAGES.notInCart);
        }
        const [product] = await repo.findProductsStock(tx, [productId]);
        if (!product || product.archivedAt !== null) {
          throw refusal('PRODUCT_UNAVAILABLE', SHOPPING_MESSAGES.productUnavailable);
        }
        assertLineQuantity(product, quantity);
        await repo.upsertCartLine(tx, userId, productId, quantity);
      });
      return this.getCart(userId);
    },

    /** `DELETE /api/cart/items/{productId}`: removes a line; idempotent. */
    async removeItem(userId: string, productId: number): Promise<Cart> {
      await cartTransaction((tx) => repo.deleteCartLine(tx, userId, productId));
      return this.getCart(userId);
    },

    /**
     * `POST /api/cart/merge`: merges a visitor's browser cart at login, in one transaction
     * (docs/shopping.md "Guest cart"). A product listed twice counts once with the quantities
     * added. Each line's quantity becomes existing + added, capped at min(10, stock) (`capped`,
     * reason `line_limit` or `stock`); an existing line is never lowered; sold-out (`sold_out`),
     * archived or unknown (`unavailable`) products, and new lines beyond 50 (`cart_full`), are
     * `dropped`. Never refuses an item. `mergeId` makes it idempotent: an id merged before adds
     * nothing and answers the first merge's adjustments with `replayed: true`. A merge whose
     * products were all dropped writes nothing at all (no lines, no merge record).
     */
    async merge(userId: string, input: CartMerge): Promise<CartMergeResult> {
      const wanted = new Map<number, number>();
      for (const item of input.items) {
        wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
      }
      const { adjustments, replayed } = await cartTransaction(async (tx) => {
        await repo.lockCartOwner(tx, userId);
        // Under the owner's lock, so a second copy of the request waits for the first to commit.
        const earlier = await repo.findCartMerge(tx, userId, input.mergeId);
        if (earlier !== undefined) {
          return { adjustments: earlier as CartMergeAdjustment[], replayed: true };
        }
        const made = await mergeLines(tx, userId, wanted);
        const dropped = new Set(
          made.filter((made) => made.outcome === 'dropped').map((made) => made.productId),
        );
        // A merge that added nothing (every product dropped) changes nothing, so it leaves no
        // record either: sent again it drops the same products, or adds one now back in stock once.
        if ([...wanted.keys()].some((productId) => !dropped.has(productId))) {
          await repo.insertCartMerge(tx, userId, input.mergeId, made);
        }
        return { adjustments: made, replayed: false };
      });
      return { cart: await this.getCart(userId), adjustments, replayed };
    },

    /**
     * `POST /api/cart/preview` (public): a visitor's browser cart priced as the cart page shows
     * it, live prices and stock, nothing stored. A product listed twice is one line with the
     * quantities added (at most 10 shown); unknown products are left out and listed by id.
     */
    async preview(input: CartPreviewInput): Promise<CartPreview> {
      const wanted = new Map<number, number>();
      for (const item of input.items) {
        wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
      }
      const rows = new Map(
        (await repo.findProductRows(db, [...wanted.keys()])).map((row) => [row.productId, row]),
      );
      const lines: CartLine[] = [];
      const unknownProductIds: number[] = [];
      for (const [productId, quantity] of wanted) {
        const row = rows.get(productId);
        if (!row) unknownProductIds.push(productId);
        else
          lines.push(
            toLine({ ...row, quantity: Math.min(quantity, CART_LINE_MAX_QUANTITY) }, storage),
          );
      }
      return {
        lines,
        totals: cartTotals(lines.filter((line) => line.available)),
        unknownProductIds,
      };
    },
  };
}

/**
 * The merge's changes inside `tx` (the owner's row is locked): adds each wanted product to its
 * line by the rules of `merge` and answers what was capped or dropped.
 */
async function mergeLines(
  tx: Tx,
  userId: string,
  wanted: ReadonlyMap<number, number>,
): Promise<CartMergeAdjustment[]> {
  const adjustments: CartMergeAdjustment[] = [];
  if (wanted.size === 0) return adjustments;
  const stock = new Map(
    (await repo.findProductsStock(tx, [...wanted.keys()])).map((row) => [row.id, row]),
  );
  const current = new Map(
    (await repo.findCartQuantities(tx, userId)).map((line) => [line.productId, line.quantity]),
  );
  let lineCount = current.size;
  for (const [productId, added] of wanted) {
    const product = stock.get(productId);
    const existing = current.get(productId);
    const note = (
      outcome: CartMergeAdjustment['outcome'],
      reason: CartMergeAdjustment['reason'],
      quantity: number,
    ) =>
      adjustments.push({
        productId,
        name: product?.name ?? null,
        outcome,
        reason,
        requested: added,
        quantity,
      });
    if (!product || product.archivedAt !== null) {
      note('dropped', 'unavailable', existing ?? 0);
      continue;
    }
    if (product.stockQuantity <= 0) {
      note('dropped', 'sold_out', existing ?? 0);
      continue;
    }
    if (existing === undefined && lineCount >= CART_MAX_LINES) {
      note('dropped', 'cart_full', 0);
      continue;
    }
    const cap = Math.min(CART_LINE_MAX_QUANTITY, product.stockQuantity);
    const quantity = Math.max(Math.min((existing ?? 0) + added, cap), existing ?? 0);
    if (quantity < (existing ?? 0) + added) {
      note(
        'capped',
        product.stockQuantity < CART_LINE_MAX_QUANTITY ? 'stock' : 'line_limit',
        quantity,
      );
    }
    if (existing !== undefined && quantity <= existing) continue;
    await repo.upsertCartLine(tx, userId, productId, quantity);
    if (existing === undefined) lineCount += 1;
  }
  return adjustments;
}

export type CartService = ReturnType<typeof createCartService>;
