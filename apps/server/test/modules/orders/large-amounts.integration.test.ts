import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, ShopCustomerPage } from '@bazaar/shared';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { asStaff, createStaff } from '../fulfilment/shop-office-test-support.js';
import {
  addToCart,
  callAs,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from './orders-test-support.js';

/*
 * Money past 32-bit integers (docs/security.md "Numbers past 32-bit integers"): paise are bigint
 * from the columns to the answers, exact to 2^53, and ids outside the serial range are a 400.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

/** The price cap of one product, paise (₹10,00,000). */
const PRICE_CAP_PAISE = 100_000_000;
/** Past the largest 32-bit integer (2147483647). */
const PAST_INT4 = 2 ** 31;

let ctx: TestContext;
let shopId: number;
let customer: TestCustomer;

beforeAll(async () => {
  ctx = await createTestApp();
  shopId = await insertShop(ctx.database.db, { name: 'Crore Couture' });
  customer = await createCustomer(ctx.app, ctx.database.db);
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

describe('amounts past 2^31 paise', () => {
  it('places 3 x 10 pieces at the ₹10 lakh price cap with the exact total', async () => {
    for (const name of ['Zari Sherwani', 'Pashmina Shawl', 'Banarasi Lehenga']) {
      const productId = await insertProduct(ctx.database.db, {
        shopId,
        name,
        pricePaise: PRICE_CAP_PAISE,
        stockQuantity: 10,
      });
      await addToCart(ctx.app, customer, productId, 10);
    }
    const response = await placeOrder(ctx.app, customer);
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<Order>();
    expect(order.totals.totalPaise).toBe(3_000_000_000);
    expect(order.shipments[0]!.subtotalPaise).toBe(3_000_000_000);

    const again = await callAs(ctx.app, customer, {
      method: 'GET',
      url: `/api/orders/${order.id}`,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<Order>().totals.totalPaise).toBe(3_000_000_000);
  });

  it("answers the seller's customers list with the exact spend past 2^31 paise", async () => {
    // Three orders of 10 pieces at the cap, each under 2^31 paise; their sum is past it.
    const otherShop = await insertShop(ctx.database.db, { name: 'Lakh Looms' });
    const otherSeller = await createStaff(ctx.app, ctx.database.db, 'seller', otherShop);
    const buyer = await createCustomer(ctx.app, ctx.database.db);
    for (const name of ['Kanjeevaram Saree', 'Phulkari Dupatta', 'Chikankari Kurta']) {
      const productId = await insertProduct(ctx.database.db, {
        shopId: otherShop,
        name,
        pricePaise: PRICE_CAP_PAISE,
        stockQuantity: 10,
      });
      await addToCart(ctx.app, buyer, productId, 10);
      const placed = await placeOrder(ctx.app, buyer);
      expect(placed.statusCode, placed.body).toBe(201);
    }
    const response = await asStaff(ctx.app, otherSeller, {
      method: 'GET',
      url: '/api/shop/customers',
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<ShopCustomerPage>();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: buyer.id,
      orderCount: 3,
      totalSpentPaise: 3_000_000_000,
    });
  });
});

describe('ids past the serial range', () => {
  const routes = [
    { url: '/api/cart/items', payload: { productId: PAST_INT4, quantity: 1 }, field: 'productId' },
    {
      url: '/api/cart/merge',
      payload: { mergeId: 'merge-past-int4-0001', items: [{ productId: PAST_INT4, quantity: 1 }] },
      field: 'items.0.productId',
    },
    {
      url: '/api/orders',
      payload: { addressId: PAST_INT4, paymentMethod: 'cod' },
      field: 'addressId',
    },
    { url: '/api/orders/razorpay', payload: { addressId: PAST_INT4 }, field: 'addressId' },
  ];

  it.each(routes)('answers 400 to id 2147483648 on $url', async ({ url, payload, field }) => {
    const response = await callAs(ctx.app, customer, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(field.split('.').at(-1));
  });
});
