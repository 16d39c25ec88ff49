import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ProductList } from '@bazaar/shared';
import { products, shipments } from '../../../src/db/schema/index.js';
import { refreshDesignSummary } from '../../../src/modules/shop-catalog/design-summary.js';
import { insertProduct, insertShop, type ProductFixture } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  addToCart,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../orders/orders-test-support.js';

/*
 * docs/catalog.md "Grid, search and home": the home slider's best sellers come from delivered
 * quantities over the last 90 days; the placement flag still lets a shop pin products (they fill
 * the list after).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let buyer: TestCustomer;
let shopId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  shopId = await insertShop(ctx.database.db, { name: 'Bestseller Boutique' });
  buyer = await createCustomer(ctx.app, ctx.database.db);
});

afterAll(async () => {
  await ctx.close();
});

/** Orders `quantity` units of a product and moves its shipment to `status` at `daysAgo`. */
async function sell(
  productId: number,
  quantity: number,
  status: 'delivered' | 'returned' | 'placed',
  daysAgo = 1,
): Promise<void> {
  await addToCart(ctx.app, buyer, productId, quantity);
  const response = await placeOrder(ctx.app, buyer);
  expect(response.statusCode).toBe(201);
  const shipmentId = response.json<Order>().shipments[0]!.id;
  if (status === 'placed') return;
  await ctx.database.db
    .update(shipments)
    .set({ status, deliveredAt: new Date(Date.now() - daysAgo * DAY_MS) })
    .where(eq(shipments.id, shipmentId));
}

async function bestSellingIds(query = ''): Promise<number[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/products/best-selling${query}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json<ProductList>().items.map((item) => item.id);
}

describe('best selling products', () => {
  it('ranks by units delivered in the last 90 days, then fills with pinned products', async () => {
    const db = ctx.database.db;
    const product = (name: string, extra: Partial<ProductFixture> = {}) =>
      insertProduct(db, { shopId, name, stockQuantity: 20, ...extra });
    const steady = await product('Steady Kurta');
    const favourite = await product('Favourite Saree');
    const oldHit = await product('Last Season Jacket');
    const undelivered = await product('Travelling Shirt');
    const pinned = await product('Pinned Dupatta', { placement: 'best_selling' });
    const pinnedSeller = await product('Pinned Sherwani', { placement: 'best_selling' });
    const pinnedArchived = await product('Archived Pinned Tee', { placement: 'best_selling' });
    const returnedOne = await product('Returned Lehenga');

    await sell(steady, 3, 'delivered', 10);
    await sell(favourite, 2, 'delivered', 1);
    await sell(favourite, 3, 'delivered', 30);
    await sell(oldHit, 9, 'delivered', 100);
    await sell(undelivered, 10, 'placed');
    await sell(pinnedSeller, 1, 'delivered', 2);
    await sell(returnedOne, 4, 'returned', 3);
    await sell(pinnedArchived, 6, 'delivered', 1);
    const [archived] = await db
      .update(products)
      .set({ archivedAt: new Date() })
      .where(eq(products.id, pinnedArchived))
      .returning({ designId: products.designId });
    // Archiving outside the services: the design's card follows through the one refresh.
    await db.transaction((tx) => refreshDesignSummary(tx, [archived!.designId]));

    expect(await bestSellingIds()).toEqual([favourite, steady, pinnedSeller, pinned]);
    expect(await bestSellingIds('?limit=2')).toEqual([favourite, steady]);
  });
});
