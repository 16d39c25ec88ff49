import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../../../src/db/schema/index.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { addToCart, createCustomer, placeOrder, type TestCustomer } from './orders-test-support.js';

/*
 * Stock cannot be double-booked (docs/orders.md "Rules the server enforces"): 50 parallel checkouts
 * for the last 5 units of a product on PostgreSQL: exactly 5 succeed, stock ends at 0, no order is
 * half-written. PGlite has one connection, so the race only exists on PostgreSQL (DATABASE_URL).
 */

const CUSTOMERS = 50;
const STOCK = 5;

describe.skipIf(!process.env.DATABASE_URL)('checkout race for the last units (PostgreSQL)', () => {
  let ctx: TestContext;
  let productId: number;
  const buyers: TestCustomer[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    const shopId = await insertShop(ctx.database.db, { name: 'Last Units Store' });
    productId = await insertProduct(ctx.database.db, {
      shopId,
      name: 'Limited Edition Kurta',
      stockQuantity: STOCK,
    });
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const buyer = await createCustomer(ctx.app, ctx.database.db);
      await addToCart(ctx.app, buyer, productId, 1);
      buyers.push(buyer);
    }
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('lets exactly 5 of 50 parallel customers buy the last 5 units; the rest get 409', async () => {
    const responses = await Promise.all(buyers.map((buyer) => placeOrder(ctx.app, buyer)));

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(STOCK);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CUSTOMERS - STOCK);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        'Limited Edition Kurta is out of stock',
      );
    }

    const db = ctx.database.db;
    const [product] = await db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, productId));
    expect(product!.stock).toBe(0);
    const [items] = await db
      .select({ value: count(), units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, productId));
    expect(items).toEqual({ value: STOCK, units: STOCK });
    const [orderRows] = await db.select({ value: count() }).from(orders);
    expect(orderRows!.value).toBe(STOCK);
    const withoutItems = await db
      .select({ id: orders.id })
      .from(orders)
      .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(isNull(orderItems.id));
    expect(withoutItems).toEqual([]);
  });
});
