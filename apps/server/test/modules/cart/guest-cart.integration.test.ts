import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartMergeResult, CartPreview, Order } from '@bazaar/shared';
import { cartItems, orderItems, products } from '../../../src/db/schema/index.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  addToCart,
  callAs,
  createCustomer,
  type TestCustomer,
} from '../orders/orders-test-support.js';

/*
 * docs/shopping.md "Guest cart" and docs/orders.md "Buy now": a visitor's browser cart is priced
 * by a public preview and merged into the account's cart at login (one transaction, capped,
 * dropped lines reported, idempotent per merge id); Buy now orders one product and leaves the
 * cart as it is.
 */

let ctx: TestContext;
let shop: number;
let mergeCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await insertShop(ctx.database.db, { name: 'Patna Fashion House' });
});

afterAll(async () => {
  await ctx.close();
});

function db() {
  return ctx.database.db;
}

/** A fresh merge id of the browser's shape (32 hex digits). */
function mergeId(): string {
  mergeCounter += 1;
  return `${Date.now().toString(16)}${String(mergeCounter).padStart(8, '0')}abcdef0123`;
}

function merge(buyer: TestCustomer, payload: object) {
  return callAs(ctx.app, buyer, { method: 'POST', url: '/api/cart/merge', payload });
}

async function cartOf(userId: string) {
  return db()
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(cartItems.productId);
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await db()
    .select({ stock: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.stock;
}

describe('merging the browser cart at login', () => {
  it('sums a product already in the cart up to its stock and reports the cap', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const kurta = await insertProduct(db(), {
      shopId: shop,
      name: 'Cotton Kurta',
      stockQuantity: 5,
    });
    const dupatta = await insertProduct(db(), { shopId: shop, name: 'Dupatta', stockQuantity: 40 });
    await addToCart(ctx.app, buyer, kurta, 3);
    await addToCart(ctx.app, buyer, dupatta, 6);

    const response = await merge(buyer, {
      mergeId: mergeId(),
      items: [
        { productId: kurta, quantity: 4 }, // 3 + 4 = 7 -> the stock, 5
        { productId: dupatta, quantity: 2 }, // 6 + 2 = 8, under both limits
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<CartMergeResult>();
    expect(result.replayed).toBe(false);
    expect(result.cart.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [kurta, 5],
      [dupatta, 8],
    ]);
    expect(result.adjustments).toEqual([
      {
        productId: kurta,
        name: 'Cotton Kurta',
        outcome: 'capped',
        reason: 'stock',
        requested: 4,
        quantity: 5,
      },
    ]);
  });

  it('caps a line at 10 of one product, the limit the cart enforces', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const shirt = await insertProduct(db(), {
      shopId: shop,
      name: 'Linen Shirt',
      stockQuantity: 50,
    });
    await addToCart(ctx.app, buyer, shirt, 8);
    const response = await merge(buyer, {
      mergeId: mergeId(),
      items: [{ productId: shirt, quantity: 5 }],
    });
    const result = response.json<CartMergeResult>();
    expect(result.cart.lines[0]!.quantity).toBe(10);
    expect(result.adjustments).toMatchObject([
      { productId: shirt, outcome: 'capped', reason: 'line_limit', requested: 5, quantity: 10 },
    ]);
  });

  it('drops sold-out, archived and unknown products with a reason each, and adds the rest', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const soldOut = await insertProduct(db(), {
      shopId: shop,
      name: 'Sold Out Saree',
      stockQuantity: 0,
    });
    const archived = await insertProduct(db(), {
      shopId: shop,
      name: 'Old Lehenga',
      archived: true,
    });
    const fresh = await insertProduct(db(), {
      shopId: shop,
      name: 'Fresh Kurti',
      stockQuantity: 9,
    });

    const response = await merge(buyer, {
      mergeId: mergeId(),
      items: [
        { productId: soldOut, quantity: 1 },
        { productId: archived, quantity: 2 },
        { productId: 2_000_000, quantity: 1 },
        { productId: fresh, quantity: 2 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<CartMergeResult>();
    expect(result.cart.lines.map((line) => [line.productId, line.quantity])).toEqual([[fresh, 2]]);
    expect(result.adjustments).toEqual([
      {
        productId: soldOut,
        name: 'Sold Out Saree',
        outcome: 'dropped',
        reason: 'sold_out',
        requested: 1,
        quantity: 0,
      },
      {
        productId: archived,
        name: 'Old Lehenga',
        outcome: 'dropped',
        reason: 'unavailable',
        requested: 2,
        quantity: 0,
      },
      {
        productId: 2_000_000,
        name: null,
        outcome: 'dropped',
        reason: 'unavailable',
        requested: 1,
        quantity: 0,
      },
    ]);
    expect(await cartOf(buyer.id)).toEqual([{ productId: fresh, quantity: 2 }]);
  });

  it('adds a browser cart once when the same merge is sent twice, answering the first adjustments', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const kurta = await insertProduct(db(), {
      shopId: shop,
      name: 'Twice Kurta',
      stockQuantity: 9,
    });
    const scarce = await insertProduct(db(), {
      shopId: shop,
      name: 'Twice Scarce',
      stockQuantity: 2,
    });
    const payload = {
      mergeId: mergeId(),
      items: [
        { productId: kurta, quantity: 3 },
        { productId: scarce, quantity: 3 },
      ],
    };
    await addToCart(ctx.app, buyer, kurta, 2);

    const first = (await merge(buyer, payload)).json<CartMergeResult>();
    const second = await merge(buyer, payload);
    expect(second.statusCode).toBe(200);
    const replay = second.json<CartMergeResult>();
    expect(first.replayed).toBe(false);
    expect(first.adjustments).toMatchObject([
      { productId: scarce, outcome: 'capped', quantity: 2 },
    ]);
    expect(replay.replayed).toBe(true);
    expect(replay.adjustments).toEqual(first.adjustments);
    // 2 + 3 once: a second addition would have made 8.
    const expected = [
      { productId: kurta, quantity: 5 },
      { productId: scarce, quantity: 2 },
    ];
    expect(replay.cart.lines.map(({ productId, quantity }) => ({ productId, quantity }))).toEqual(
      expected,
    );
    expect(await cartOf(buyer.id)).toEqual(expected);

    // Another customer sending the same id is a merge of their own.
    const other = await createCustomer(ctx.app, db());
    const theirs = (await merge(other, payload)).json<CartMergeResult>();
    expect(theirs.replayed).toBe(false);
    expect(await cartOf(other.id)).toEqual([
      { productId: kurta, quantity: 3 },
      { productId: scarce, quantity: 2 },
    ]);
  });

  it('adds once when two tabs send the same merge at the same time', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const kurta = await insertProduct(db(), { shopId: shop, name: 'Race Kurta', stockQuantity: 9 });
    const payload = { mergeId: mergeId(), items: [{ productId: kurta, quantity: 3 }] };
    const answers = await Promise.all([merge(buyer, payload), merge(buyer, payload)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json<CartMergeResult>().replayed).sort()).toEqual([
      false,
      true,
    ]);
    expect(await cartOf(buyer.id)).toEqual([{ productId: kurta, quantity: 3 }]);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const kurta = await insertProduct(db(), {
      shopId: shop,
      name: 'Valid Kurta',
      stockQuantity: 4,
    });
    const bad = [
      { items: [{ productId: kurta, quantity: 1 }] }, // no merge id
      { mergeId: 'short', items: [{ productId: kurta, quantity: 1 }] },
      { mergeId: mergeId(), items: [{ productId: kurta, quantity: 0 }] },
      { mergeId: mergeId(), items: [{ productId: kurta, quantity: 11 }] },
      { mergeId: mergeId(), items: [{ productId: -1, quantity: 1 }] },
      {
        mergeId: mergeId(),
        items: Array.from({ length: 51 }, (_, index) => ({ productId: index + 1, quantity: 1 })),
      },
    ];
    for (const payload of bad) {
      const response = await merge(buyer, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await cartOf(buyer.id)).toEqual([]);
  });

  it('is for customers only: 401 for a visitor', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/merge',
      payload: { mergeId: mergeId(), items: [] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("previewing a visitor's browser cart", () => {
  it('prices the lines with live stock for anyone, lists unknown ids and stores nothing', async () => {
    const kurta = await insertProduct(db(), {
      shopId: shop,
      name: 'Preview Kurta',
      pricePaise: 80_000,
      mrpPaise: 100_000,
      stockQuantity: 3,
    });
    const soldOut = await insertProduct(db(), {
      shopId: shop,
      name: 'Preview Gone',
      stockQuantity: 0,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/preview',
      payload: {
        items: [
          { productId: kurta, quantity: 2 },
          { productId: 3_000_000, quantity: 1 },
          { productId: soldOut, quantity: 1 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<CartPreview>();
    expect(preview.unknownProductIds).toEqual([3_000_000]);
    expect(
      preview.lines.map((line) => [
        line.productId,
        line.quantity,
        line.available,
        line.maxQuantity,
      ]),
    ).toEqual([
      [kurta, 2, true, 3],
      [soldOut, 1, false, 0],
    ]);
    expect(preview.totals).toMatchObject({ itemCount: 2, totalPaise: 160_000, mrpPaise: 200_000 });
  });

  it('refuses more than 50 lines or a bad quantity with 400', async () => {
    const tooMany = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/preview',
      payload: {
        items: Array.from({ length: 51 }, (_, index) => ({ productId: index + 1, quantity: 1 })),
      },
    });
    expect(tooMany.statusCode).toBe(400);
    const badQuantity = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/preview',
      payload: { items: [{ productId: 1, quantity: 11 }] },
    });
    expect(badQuantity.statusCode).toBe(400);
  });
});

describe('Buy now', () => {
  it('orders only that product and leaves every cart line as it was', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const inCart = await insertProduct(db(), {
      shopId: shop,
      name: 'Cart Kurta',
      stockQuantity: 10,
    });
    const bought = await insertProduct(db(), {
      shopId: shop,
      name: 'Buy Now Saree',
      stockQuantity: 6,
    });
    await addToCart(ctx.app, buyer, inCart, 2);
    await addToCart(ctx.app, buyer, bought, 1);

    const response = await callAs(ctx.app, buyer, {
      method: 'POST',
      url: '/api/orders',
      payload: {
        addressId: buyer.addressId,
        paymentMethod: 'cod',
        buyNow: { productId: bought, quantity: 2 },
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    const items = await db()
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    expect(items).toEqual([{ productId: bought, quantity: 2 }]);
    expect(await stockOf(bought)).toBe(4);
    expect(await stockOf(inCart)).toBe(10);
    // The cart is untouched, the bought product's own line included.
    expect(await cartOf(buyer.id)).toEqual(
      [
        { productId: inCart, quantity: 2 },
        { productId: bought, quantity: 1 },
      ].sort((a, b) => a.productId - b.productId),
    );
  });

  it('refuses an archived or unknown product with 404, short stock with 409, and orders nothing', async () => {
    const buyer = await createCustomer(ctx.app, db());
    const archived = await insertProduct(db(), {
      shopId: shop,
      name: 'Gone Kurta',
      archived: true,
    });
    const scarce = await insertProduct(db(), {
      shopId: shop,
      name: 'Scarce Kurta',
      stockQuantity: 1,
    });
    const buy = (productId: number, quantity: number) =>
      callAs(ctx.app, buyer, {
        method: 'POST',
        url: '/api/orders',
        payload: {
          addressId: buyer.addressId,
          paymentMethod: 'cod',
          buyNow: { productId, quantity },
        },
      });
    expect((await buy(archived, 1)).statusCode).toBe(404);
    expect((await buy(4_000_000, 1)).statusCode).toBe(404);
    const short = await buy(scarce, 2);
    expect(short.statusCode).toBe(409);
    expect(short.json<{ error: { message: string } }>().error.message).toContain('Scarce Kurta');
    expect(await stockOf(scarce)).toBe(1);
    const invalid = await buy(scarce, 11);
    expect(invalid.statusCode).toBe(400);
  });
});
