import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cart } from '@bazaar/shared';
import { cartItems, products } from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';

/*
 * docs/shopping.md: the customer's cart kept on the server, with quantities limited by stock
 * and totals in paise.
 */

let context: TestContext;
let customer: string;
let customerId: string;
let shopA: number;
let shopB: number;

beforeAll(async () => {
  context = await createTestApp();
  shopA = await insertShop(context.database.db, { name: 'Patna Fashion House' });
  shopB = await insertShop(context.database.db, { name: 'Gaya Garments' });
  await seedDemoAccounts(context.database.db);
  customer = await signIn(context.app, 'customer', 'customer@bazaar.test', DEMO_PASSWORD);
  const session = await context.app.inject({
    method: 'GET',
    url: '/api/auth/session',
    headers: { cookie: customer },
  });
  customerId = session.json<{ user: { id: string } }>().user.id;
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  await context.database.db.delete(cartItems).where(eq(cartItems.userId, customerId));
});

function call(options: InjectOptions, cookie = customer) {
  return context.app.inject({ ...options, headers: { ...options.headers, cookie } });
}

function add(productId: number, quantity: number) {
  return call({ method: 'POST', url: '/api/cart/items', payload: { productId, quantity } });
}

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; message: string } }).error;
}

describe('cart', () => {
  it('starts empty, with zero totals and free delivery', async () => {
    const response = await call({ method: 'GET', url: '/api/cart' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      lines: [],
      totals: {
        itemCount: 0,
        mrpPaise: 0,
        discountPaise: 0,
        totalPaise: 0,
        gstIncludedPaise: 0,
        deliveryPaise: 0,
      },
    });
  });

  it('adds two products below their MRP from two shops and totals them exactly in paise', async () => {
    const kurta = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Cotton Kurta',
      pricePaise: 80_000,
      mrpPaise: 96_000,
      stockQuantity: 5,
    });
    const saree = await insertProduct(context.database.db, {
      shopId: shopB,
      name: 'Silk Saree',
      pricePaise: 49_950,
      mrpPaise: 54_900,
      stockQuantity: 20,
      size: 'L',
      colour: 'Red',
    });
    expect((await add(kurta, 1)).statusCode).toBe(200);
    const response = await add(saree, 3);
    expect(response.statusCode).toBe(200);
    const cart = response.json<Cart>();
    expect(cart.lines.map((line) => line.productId)).toEqual([kurta, saree]);
    expect(cart.lines[1]).toEqual({
      productId: saree,
      name: 'Silk Saree',
      company: 'Raymond',
      // The variant's code, as the cart line names it beside size and colour.
      sku: expect.stringMatching(/^TEST-\d+$/),
      category: 'Men',
      size: 'L',
      colour: 'Red',
      // The fixture's default class; the GST included is worked out at its rate.
      hsnClass: 'track-suit',
      imageUrl: expect.stringMatching(/products\/\d+\/0-thumb\.webp$/),
      pricePaise: 49_950,
      mrpPaise: 54_900,
      quantity: 3,
      stockQuantity: 20,
      available: true,
      maxQuantity: 10,
      shop: { id: shopB, name: 'Gaya Garments' },
      lineTotalPaise: 149_850,
      lineMrpPaise: 164_700,
    });
    expect(cart.lines[0]).toMatchObject({ maxQuantity: 5, lineTotalPaise: 80_000 });
    expect(cart.totals).toEqual({
      itemCount: 4,
      mrpPaise: 260_700,
      discountPaise: 30_850,
      totalPaise: 229_850,
      // The engine's GST, line by line at 5 % (docs/gst.md "Marketplace"): 3810 + 7136.
      gstIncludedPaise: 10_946,
      deliveryPaise: 0,
    });
    const again = await call({ method: 'GET', url: '/api/cart' });
    expect(again.json()).toEqual(cart);
  });

  it("adds to the line's quantity when the product is added again", async () => {
    const product = await insertProduct(context.database.db, { shopId: shopA, name: 'Jeans' });
    await add(product, 2);
    const cart = (await add(product, 3)).json<Cart>();
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]!.quantity).toBe(5);
  });

  it("refuses more than the stock with 'Only N left in stock'", async () => {
    const product = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Last Shirts',
      stockQuantity: 3,
    });
    expect((await add(product, 2)).statusCode).toBe(200);
    const response = await add(product, 2);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'CONFLICT',
      reason: 'OUT_OF_STOCK',
      message: 'Only 3 left in stock',
    });
    const cart = (await call({ method: 'GET', url: '/api/cart' })).json<Cart>();
    expect(cart.lines[0]!.quantity).toBe(2);
  });

  it('refuses a sold-out product', async () => {
    const product = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Sold Out Shirt',
      stockQuantity: 0,
    });
    const response = await add(product, 1);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('This product is out of stock');
  });

  it('refuses more than 10 of one product', async () => {
    const product = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Plenty Shirt',
      stockQuantity: 50,
    });
    expect((await add(product, 10)).statusCode).toBe(200);
    const response = await add(product, 1);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'CONFLICT',
      reason: 'CART_LINE_LIMIT',
      message: 'You can buy at most 10 of one product',
    });
  });

  it('refuses an archived or unknown product with 404', async () => {
    const archived = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Old Stock',
      archived: true,
    });
    for (const productId of [archived, 999_999]) {
      const response = await add(productId, 1);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({
        code: 'NOT_FOUND',
        reason: 'PRODUCT_UNAVAILABLE',
        message: 'This product is no longer available',
      });
    }
  });

  it('refuses a quantity outside 1..10 by validation', async () => {
    for (const quantity of [0, 11, 1.5]) {
      const response = await add(1, quantity);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: { quantity: 'Quantity must be between 1 and 10' },
        },
      });
    }
  });

  it('refuses a 51st product', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 51; index += 1) {
      ids.push(
        await insertProduct(context.database.db, {
          shopId: shopB,
          name: `Many ${index}`,
          imageCount: 0,
        }),
      );
    }
    await context.database.db
      .insert(cartItems)
      .values(
        ids.slice(0, 50).map((productId) => ({ userId: customerId, productId, quantity: 1 })),
      );
    const response = await add(ids[50]!, 1);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('Your cart can hold at most 50 different products');
    // A product already in the full cart can still take more units.
    expect((await add(ids[0]!, 1)).statusCode).toBe(200);
  });

  it("sets a line's quantity with the same checks", async () => {
    const product = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Dupatta',
      stockQuantity: 4,
    });
    await add(product, 1);
    const set = await call({
      method: 'PATCH',
      url: `/api/cart/items/${product}`,
      payload: { quantity: 4 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json<Cart>().lines[0]!.quantity).toBe(4);
    expect(set.json<Cart>().totals.itemCount).toBe(4);

    const tooMany = await call({
      method: 'PATCH',
      url: `/api/cart/items/${product}`,
      payload: { quantity: 5 },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).message).toBe('Only 4 left in stock');

    const other = await insertProduct(context.database.db, { shopId: shopA, name: 'Not Added' });
    const missing = await call({
      method: 'PATCH',
      url: `/api/cart/items/${other}`,
      payload: { quantity: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('This product is not in your cart');

    await context.database.db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, product));
    const archived = await call({
      method: 'PATCH',
      url: `/api/cart/items/${product}`,
      payload: { quantity: 1 },
    });
    expect(archived.statusCode).toBe(404);
    expect(errorOf(archived).message).toBe('This product is no longer available');
  });

  it('removes a line, and removing it again still answers the cart', async () => {
    const keep = await insertProduct(context.database.db, { shopId: shopA, name: 'Keep' });
    const drop = await insertProduct(context.database.db, { shopId: shopA, name: 'Drop' });
    await add(keep, 1);
    await add(drop, 1);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await call({ method: 'DELETE', url: `/api/cart/items/${drop}` });
      expect(response.statusCode).toBe(200);
      expect(response.json<Cart>().lines.map((line) => line.productId)).toEqual([keep]);
    }
  });

  it('keeps an archived or sold-out line, marked unavailable and left out of the totals', async () => {
    const kept = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Kept',
      pricePaise: 50_000,
    });
    const archived = await insertProduct(context.database.db, { shopId: shopA, name: 'Gone' });
    const soldOut = await insertProduct(context.database.db, { shopId: shopA, name: 'Sold' });
    for (const id of [kept, archived, soldOut]) await add(id, 2);
    await context.database.db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, archived));
    await context.database.db
      .update(products)
      .set({ stockQuantity: 0 })
      .where(eq(products.id, soldOut));
    const cart = (await call({ method: 'GET', url: '/api/cart' })).json<Cart>();
    expect(cart.lines.map((line) => [line.productId, line.available])).toEqual([
      [kept, true],
      [archived, false],
      [soldOut, false],
    ]);
    expect(cart.lines[2]!.maxQuantity).toBe(0);
    expect(cart.totals).toMatchObject({ itemCount: 2, totalPaise: 100_000 });
  });
});

describe('merging the browser cart at login', () => {
  it('adds quantities, caps at min(10, stock) and skips what cannot be bought', async () => {
    const inCart = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'In Cart',
      stockQuantity: 30,
    });
    const lowStock = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Low Stock',
      stockQuantity: 3,
    });
    const fresh = await insertProduct(context.database.db, { shopId: shopB, name: 'Fresh' });
    const archived = await insertProduct(context.database.db, {
      shopId: shopB,
      name: 'Archived',
      archived: true,
    });
    const soldOut = await insertProduct(context.database.db, {
      shopId: shopB,
      name: 'Sold Out',
      stockQuantity: 0,
    });
    await add(inCart, 6);

    const response = await call({
      method: 'POST',
      url: '/api/cart/merge',
      payload: {
        mergeId: 'merge-all-rules-0001',
        items: [
          { productId: inCart, quantity: 7 }, // 6 + 7 -> capped at 10
          { productId: lowStock, quantity: 5 }, // capped at the stock, 3
          { productId: fresh, quantity: 1 },
          { productId: fresh, quantity: 1 }, // the same product twice adds up
          { productId: archived, quantity: 1 },
          { productId: soldOut, quantity: 1 },
          { productId: 999_999, quantity: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const { cart } = response.json<{ cart: Cart }>();
    expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [inCart, 10],
      [lowStock, 3],
      [fresh, 2],
    ]);
    expect(cart.totals.itemCount).toBe(15);
  });

  it('never lowers a line already in the cart and accepts an empty browser cart', async () => {
    const product = await insertProduct(context.database.db, {
      shopId: shopA,
      name: 'Steady',
      stockQuantity: 4,
    });
    await add(product, 4);
    await context.database.db
      .update(products)
      .set({ stockQuantity: 2 })
      .where(eq(products.id, product));
    const merged = await call({
      method: 'POST',
      url: '/api/cart/merge',
      payload: { mergeId: 'merge-never-lowers-01', items: [{ productId: product, quantity: 1 }] },
    });
    expect(merged.json<{ cart: Cart }>().cart.lines[0]!.quantity).toBe(4);
    const empty = await call({
      method: 'POST',
      url: '/api/cart/merge',
      payload: { mergeId: 'merge-empty-browser-1', items: [] },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json<{ cart: Cart }>().cart.lines).toHaveLength(1);
  });

  it('refuses more than 50 items by validation', async () => {
    const items = Array.from({ length: 51 }, (_, index) => ({ productId: index + 1, quantity: 1 }));
    const response = await call({
      method: 'POST',
      url: '/api/cart/merge',
      payload: { mergeId: 'merge-too-many-lines', items },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
  });
});

describe('who may use the cart', () => {
  it('answers 401 without a session and 403 to a seller', async () => {
    const anonymous = await context.app.inject({ method: 'GET', url: '/api/cart' });
    expect(anonymous.statusCode).toBe(401);
    const seller = await signIn(context.app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
    const response = await call({ method: 'GET', url: '/api/cart' }, seller);
    expect(response.statusCode).toBe(403);
  });
});
