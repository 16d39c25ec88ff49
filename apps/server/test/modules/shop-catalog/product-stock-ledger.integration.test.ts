import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@bazaar/shared';
import { productStockMovements, products } from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../orders/orders-test-support.js';

/*
 * The marketplace stock ledger (modules/shop-catalog/product-stock-ledger.ts): every change of a
 * product's stock, whoever makes it, leaves one history row with the change and the stock after.
 */

let context: TestContext;
let shopId: number;
let seller: string;
let customer: TestCustomer;

beforeAll(async () => {
  context = await createTestApp();
  // The demo seller's shop is the first one.
  shopId = await insertShop(context.database.db, { name: 'Patna Fashion House' });
  await seedDemoAccounts(context.database.db);
  seller = await signIn(context.app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
  customer = await createCustomer(context.app, context.database.db);
});

afterAll(async () => {
  await context.close();
});

function asSeller(options: InjectOptions) {
  return context.app.inject({ ...options, headers: { ...options.headers, cookie: seller } });
}

async function historyOf(productId: number) {
  return context.database.db
    .select({
      kind: productStockMovements.kind,
      change: productStockMovements.change,
      quantityAfter: productStockMovements.quantityAfter,
      shipmentId: productStockMovements.shipmentId,
    })
    .from(productStockMovements)
    .where(eq(productStockMovements.productId, productId))
    .orderBy(asc(productStockMovements.id));
}

async function stockOf(productId: number): Promise<number> {
  const [row] = await context.database.db
    .select({ quantity: products.stockQuantity })
    .from(products)
    .where(eq(products.id, productId));
  return row!.quantity;
}

describe('product stock history', () => {
  it('writes one row per change: order placed, order cancelled, seller edit', async () => {
    const productId = await insertProduct(context.database.db, {
      shopId,
      name: 'Linen Kurta',
      stockQuantity: 10,
    });

    await addToCart(context.app, customer, productId, 3);
    const placed = await placeOrder(context.app, customer);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const shipmentId = order.shipments[0]!.id;
    expect(await stockOf(productId)).toBe(7);

    const cancelled = await callAs(context.app, customer, {
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { reason: 'Ordered the wrong size' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(productId)).toBe(10);

    const edited = await asSeller({
      method: 'PATCH',
      url: `/api/shop/products/${productId}`,
      payload: { quantity: 25 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stockOf(productId)).toBe(25);

    // Setting the quantity it already has is no change: no row.
    const same = await asSeller({
      method: 'PATCH',
      url: `/api/shop/products/${productId}`,
      payload: { quantity: 25 },
    });
    expect(same.statusCode, same.body).toBe(200);

    expect(await historyOf(productId)).toEqual([
      { kind: 'order', change: -3, quantityAfter: 7, shipmentId },
      { kind: 'cancel', change: 3, quantityAfter: 10, shipmentId },
      { kind: 'edit', change: 15, quantityAfter: 25, shipmentId: null },
    ]);
  });

  it('leaves no row and no stock change when an order is refused for short stock', async () => {
    const productId = await insertProduct(context.database.db, {
      shopId,
      name: 'Denim Jacket',
      stockQuantity: 2,
    });
    await addToCart(context.app, customer, productId, 2);
    await context.database.db
      .update(products)
      .set({ stockQuantity: 1 })
      .where(eq(products.id, productId));
    const refused = await placeOrder(context.app, customer);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await stockOf(productId)).toBe(1);
    expect(await historyOf(productId)).toEqual([]);
  });
});
