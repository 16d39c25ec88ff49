import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Cart, MoveToCartResult, Wishlist } from '@bazaar/shared';
import { cartItems, products, wishlistItems } from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';

/*
 * docs/shopping.md: add and remove from cards and detail, move to cart.
 */

let context: TestContext;
let customer: string;
let customerId: string;
let shopId: number;

beforeAll(async () => {
  context = await createTestApp();
  shopId = await insertShop(context.database.db, { name: 'Muzaffarpur Mart' });
  await insertShop(context.database.db);
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
  await context.database.db.delete(wishlistItems).where(eq(wishlistItems.userId, customerId));
});

function call(options: InjectOptions, cookie = customer) {
  return context.app.inject({ ...options, headers: { ...options.headers, cookie } });
}

const wish = (productId: number) =>
  call({ method: 'PUT', url: `/api/wishlist/items/${productId}` });
const unwish = (productId: number) =>
  call({ method: 'DELETE', url: `/api/wishlist/items/${productId}` });
const moveToCart = (productId: number) =>
  call({ method: 'POST', url: `/api/wishlist/items/${productId}/move-to-cart` });

function errorOf(response: { json(): unknown }) {
  return (response.json() as { error: { code: string; message: string } }).error;
}

describe('wishlist', () => {
  it('starts empty', async () => {
    const response = await call({ method: 'GET', url: '/api/wishlist' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [] });
  });

  it('adds a product once however often it is added, newest first', async () => {
    const shirt = await insertProduct(context.database.db, {
      shopId,
      name: 'Printed Shirt',
      pricePaise: 59_900,
      mrpPaise: 74_900,
      rating: 4.5,
      colour: 'Blue',
      size: 'XL',
    });
    const saree = await insertProduct(context.database.db, { shopId, name: 'Saree' });
    expect((await wish(shirt)).statusCode).toBe(200);
    await wish(saree);
    const again = await wish(shirt);
    expect(again.statusCode).toBe(200);
    const { items } = again.json<Wishlist>();
    expect(items.map((item) => item.productId)).toEqual([saree, shirt]);
    expect(items[1]).toEqual({
      productId: shirt,
      name: 'Printed Shirt',
      company: 'Raymond',
      sku: expect.stringMatching(/^TEST-\d+$/),
      size: 'XL',
      colour: 'Blue',
      imageUrl: expect.stringMatching(/-thumb\.webp$/),
      pricePaise: 59_900,
      mrpPaise: 74_900,
      rating: 4.5,
      available: true,
      shop: { id: shopId, name: 'Muzaffarpur Mart' },
      addedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('removes a product, and removing it again is not an error', async () => {
    const product = await insertProduct(context.database.db, { shopId, name: 'Removed' });
    await wish(product);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await unwish(product);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ items: [] });
    }
  });

  it('refuses an unknown product with 404', async () => {
    const response = await wish(999_999);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({
      code: 'NOT_FOUND',
      reason: 'PRODUCT_UNAVAILABLE',
      message: 'This product is no longer available',
    });
  });

  it('refuses a 101st product, but re-adding a wishlisted one stays fine', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 101; index += 1) {
      ids.push(
        await insertProduct(context.database.db, { shopId, name: `Wish ${index}`, imageCount: 0 }),
      );
    }
    await context.database.db
      .insert(wishlistItems)
      .values(ids.slice(0, 100).map((productId) => ({ userId: customerId, productId })));
    const response = await wish(ids[100]!);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'CONFLICT',
      reason: 'WISHLIST_FULL',
      message: 'Your wishlist is full: remove a product to add another',
    });
    expect((await wish(ids[0]!)).statusCode).toBe(200);
  });

  it('marks a product archived or sold out since it was added unavailable', async () => {
    const archived = await insertProduct(context.database.db, { shopId, name: 'Archived' });
    const soldOut = await insertProduct(context.database.db, { shopId, name: 'Sold Out' });
    await wish(archived);
    await wish(soldOut);
    await context.database.db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, archived));
    await context.database.db
      .update(products)
      .set({ stockQuantity: 0 })
      .where(eq(products.id, soldOut));
    const again = await wish(archived); // already there: still idempotent
    expect(again.statusCode).toBe(200);
    const { items } = again.json<Wishlist>();
    expect(items.map((item) => [item.productId, item.available])).toEqual([
      [soldOut, false],
      [archived, false],
    ]);
  });

  it('refuses to add an archived product', async () => {
    const archived = await insertProduct(context.database.db, {
      shopId,
      name: 'Old',
      archived: true,
    });
    const response = await wish(archived);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('This product is no longer available');
  });
});

describe('moving a wishlisted product to the cart', () => {
  it('adds one unit to the cart and takes it off the wishlist', async () => {
    const product = await insertProduct(context.database.db, {
      shopId,
      name: 'Lehenga',
      pricePaise: 250_000,
    });
    const other = await insertProduct(context.database.db, { shopId, name: 'Other' });
    await wish(product);
    await wish(other);
    await call({
      method: 'POST',
      url: '/api/cart/items',
      payload: { productId: product, quantity: 2 },
    });
    const response = await moveToCart(product);
    expect(response.statusCode).toBe(200);
    const result = response.json<MoveToCartResult>();
    expect(result.cart.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [product, 3],
    ]);
    expect(result.cart.totals.totalPaise).toBe(750_000);
    expect(result.wishlist.items.map((item) => item.productId)).toEqual([other]);
  });

  it('answers 404 for a product not in the wishlist', async () => {
    const product = await insertProduct(context.database.db, { shopId, name: 'Never Wished' });
    const response = await moveToCart(product);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('This product is not in your wishlist');
  });

  it('keeps the product wishlisted when the cart refuses it (one transaction)', async () => {
    const soldOut = await insertProduct(context.database.db, {
      shopId,
      name: 'Sold Out',
      stockQuantity: 0,
    });
    await wish(soldOut);
    const response = await moveToCart(soldOut);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe('This product is out of stock');

    const full = await insertProduct(context.database.db, {
      shopId,
      name: 'Full',
      stockQuantity: 30,
    });
    await wish(full);
    await call({
      method: 'POST',
      url: '/api/cart/items',
      payload: { productId: full, quantity: 10 },
    });
    const over = await moveToCart(full);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe('You can buy at most 10 of one product');

    const wishlist = (await call({ method: 'GET', url: '/api/wishlist' })).json<Wishlist>();
    expect(wishlist.items.map((item) => item.productId).sort()).toEqual([soldOut, full].sort());
    const cart = (await call({ method: 'GET', url: '/api/cart' })).json<Cart>();
    expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([[full, 10]]);
  });
});

describe('who may use the wishlist', () => {
  it('answers 403 to an admin', async () => {
    const admin = await signIn(context.app, 'admin', 'admin@bazaar.test', DEMO_PASSWORD);
    const response = await call({ method: 'GET', url: '/api/wishlist' }, admin);
    expect(response.statusCode).toBe(403);
  });
});
