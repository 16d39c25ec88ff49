import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillDetail, StockMovementPage } from '@bazaar/shared';
import { stockItems } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';

/*
 * docs/back-office-bills.md "Stock per size": a bill takes its pieces from the row of its size
 * only, and a cancelled bill gives them back to that size.
 */

let ctx: TestContext;
let as: StaffCookies;
let customerId: number;
const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;
const ids: Record<'M' | 'L' | 'XL', number> = { M: 0, L: 0, XL: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  customerId = await insertWholesaleCustomer(ctx.database.db, 'Size Test Store');
  for (const size of ['M', 'L', 'XL'] as const) {
    ids[size] = await insertStockRow(ctx.database.db, { ...shirt, size, quantity: 20 });
  }
});

afterAll(async () => {
  await ctx.close();
});

async function quantities(): Promise<Record<string, number>> {
  const rows = await ctx.database.db
    .select({ size: stockItems.size, quantity: stockItems.quantity })
    .from(stockItems)
    .where(eq(stockItems.item, shirt.item));
  return Object.fromEntries(rows.map((row) => [row.size, row.quantity]));
}

function createBill(lines: object[]) {
  return callWith(ctx.app, as.admin, {
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    payload: { lines, gstApplied: false, receivedPaise: 0 },
  });
}

describe('stock per size', () => {
  it('a bill of size M moves only the M row, and cancelling gives the pieces back to M', async () => {
    const created = await createBill([{ ...shirt, size: 'M', quantity: 3, ratePaise: 50_000 }]);
    expect(created.statusCode, created.body).toBe(201);
    expect(await quantities()).toEqual({ M: 17, L: 20, XL: 20 });

    const history = await callWith(ctx.app, as.employee, {
      method: 'GET',
      url: `/api/stock/${ids.M}/movements`,
    });
    const page = history.json<StockMovementPage>();
    expect(page.stockItem).toMatchObject({ size: 'M', quantity: 17 });
    expect(page.items[0]).toMatchObject({ kind: 'sale', change: -3, quantityAfter: 17 });

    const bill = created.json<BillDetail>();
    const cancelled = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bills/${bill.id}/cancel`,
      payload: { reason: 'Entered for the wrong shop' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await quantities()).toEqual({ M: 20, L: 20, XL: 20 });
  });

  it('refuses a size without enough pieces even when other sizes have them (409, nothing moves)', async () => {
    const response = await createBill([{ ...shirt, size: 'M', quantity: 21, ratePaise: 100 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "Only 20 pieces of Shirt-Box Silver Men's size M in stock",
    );
    const noRow = await createBill([{ ...shirt, size: 'S', quantity: 1, ratePaise: 100 }]);
    expect(noRow.statusCode).toBe(409);
    expect(noRow.json().error.message).toBe(
      "Only 0 pieces of Shirt-Box Silver Men's size S in stock",
    );
    expect(await quantities()).toEqual({ M: 20, L: 20, XL: 20 });
  });

  it('sums two lines of one size and leaves the other size of the bill its own row', async () => {
    const response = await createBill([
      { ...shirt, size: 'L', quantity: 2, ratePaise: 100 },
      { ...shirt, size: 'XL', quantity: 5, ratePaise: 100 },
      { ...shirt, size: 'L', quantity: 1, ratePaise: 100 },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(await quantities()).toEqual({ M: 20, L: 17, XL: 15 });
  });

  it('keeps one row per item, category, type and size', async () => {
    const body = { ...shirt, size: 'XXL', quantity: 4, pricePaise: 50_000 };
    const first = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: body,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ size: 'XXL', quantity: 4 });
    const again = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    const noSize = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: { ...body, size: undefined },
    });
    expect(noSize.statusCode).toBe(400);
    expect(noSize.json().error.fields.size).toBe('Choose a size');
  });
});
