import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockPage, StockRow } from '@bazaar/shared';
import { auditLog } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';

/*
 * docs/back-office-bills.md "Stock value, low stock and labels": cost price and value at cost,
 * the low-stock threshold and filter, the SKU (generated, unique, editable) and the scanner's
 * lookup by SKU.
 */

let ctx: TestContext;
let as: StaffCookies;
let shirtM: number;
let shirtL: number;
let trouser32: number;

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's" };
  shirtM = await insertStockRow(ctx.database.db, { ...shirt, size: 'M', quantity: 10 });
  shirtL = await insertStockRow(ctx.database.db, { ...shirt, size: 'L', quantity: 4 });
  trouser32 = await insertStockRow(ctx.database.db, {
    item: 'Trouser-Loose',
    category: 'Golden',
    type: "Men's",
    size: '32',
    quantity: 7,
    costPaise: 30_000,
  });
});

afterAll(async () => {
  await ctx.close();
});

function patch(cookie: string, stockItemId: number, body: object) {
  return callWith(ctx.app, cookie, {
    method: 'PATCH',
    url: `/api/stock/${stockItemId}`,
    payload: body,
  });
}

async function list(query = ''): Promise<StockPage> {
  const response = await callWith(ctx.app, as.employee, {
    method: 'GET',
    url: `/api/stock${query}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StockPage>();
}

describe('cost price and stock value', () => {
  it('keeps a cost per row and shows quantity x cost per row and in total', async () => {
    const changed = await patch(as.admin, shirtM, { costPaise: 25_050 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<StockRow>()).toMatchObject({
      id: shirtM,
      costPaise: 25_050,
      valuePaise: 10 * 25_050,
    });
    const page = await list();
    expect(page.items.find((row) => row.id === trouser32)).toMatchObject({
      costPaise: 30_000,
      valuePaise: 210_000,
    });
    expect(page.totals).toEqual({ quantity: 21, valuePaise: 10 * 25_050 + 7 * 30_000 });

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'stock'), eq(auditLog.entityId, String(shirtM))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'update',
      before: { size: 'M', costPaise: 0 },
      after: { size: 'M', costPaise: 25_050 },
    });
  });

  it('refuses a bad cost (400), an empty change (400), employees (403) and unknown rows (404)', async () => {
    expect((await patch(as.admin, shirtM, { costPaise: -1 })).statusCode).toBe(400);
    expect((await patch(as.admin, shirtM, { costPaise: 1.5 })).statusCode).toBe(400);
    expect((await patch(as.admin, shirtM, {})).statusCode).toBe(400);
    expect((await patch(as.admin, shirtM, { quantity: 99 })).statusCode).toBe(400);
    expect((await patch(as.employee, shirtM, { costPaise: 1 })).statusCode).toBe(403);
    const missing = await patch(as.admin, 999_999, { costPaise: 1 });
    expect(missing.statusCode).toBe(404);
  });
});

describe('low stock', () => {
  it('flags rows at or below their threshold and filters them', async () => {
    expect((await patch(as.admin, shirtL, { lowStockAt: 5 })).json<StockRow>()).toMatchObject({
      lowStockAt: 5,
      low: true,
    });
    await patch(as.admin, shirtM, { lowStockAt: 9 });
    const low = await list('?low=true');
    expect(low.items.map((row) => [row.id, row.size, row.quantity])).toEqual([[shirtL, 'L', 4]]);
    expect(low.total).toBe(1);
    expect(low.lowCount).toBe(1);
    expect(low.totals.quantity).toBe(4);
    // Selling the M row down to its threshold makes it low too.
    const adjusted = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/stock/${shirtM}/adjust`,
      payload: { kind: 'minus', quantity: 1 },
    });
    expect(adjusted.json<StockRow>()).toMatchObject({ quantity: 9, low: true });
    expect((await list('?low=true')).total).toBe(2);
    expect((await list()).lowCount).toBe(2);
    const bad = await callWith(ctx.app, as.employee, { method: 'GET', url: '/api/stock?low=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.low).toBe('Use true or false');
  });
});

describe('SKU', () => {
  it('gives every row a generated SKU that search and the scanner find', async () => {
    const page = await list();
    const m = page.items.find((row) => row.id === shirtM)!;
    expect(m.sku).toBe(`BZ-${String(shirtM).padStart(5, '0')}`);
    expect((await list(`?search=${m.sku.toLowerCase()}`)).items.map((row) => row.id)).toEqual([
      shirtM,
    ]);
    const scanned = await callWith(ctx.app, as.employee, {
      method: 'GET',
      url: `/api/stock/sku/${m.sku.toLowerCase()}`,
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
    expect(scanned.json<StockRow>()).toMatchObject({ id: shirtM, size: 'M', sku: m.sku });
  });

  it('answers 404 with the code for an unknown SKU and 400 for one that is no code', async () => {
    const unknown = await callWith(ctx.app, as.employee, {
      method: 'GET',
      url: '/api/stock/sku/NO-SUCH-1',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      reason: 'SKU_NOT_FOUND',
      message: 'No stock item has the code NO-SUCH-1',
    });
    const bad = await callWith(ctx.app, as.employee, {
      method: 'GET',
      url: `/api/stock/sku/${encodeURIComponent('a b')}`,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets the admin set a SKU, upper-cased, and refuses one another row has with 409', async () => {
    const set = await patch(as.admin, trouser32, { sku: ' trs-gold-32 ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<StockRow>().sku).toBe('TRS-GOLD-32');
    const taken = await patch(as.admin, shirtL, { sku: 'TRS-GOLD-32' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      reason: 'SKU_TAKEN',
      message: 'This SKU is already used by another stock row',
    });
    const created = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: {
        item: 'Shorts-Loose',
        category: 'Silver',
        type: 'Kids(Boy)',
        size: 'S',
        quantity: 3,
        pricePaise: 20_000,
        sku: 'trs-gold-32',
      },
    });
    expect(created.statusCode).toBe(409);
    expect(created.json().error.reason).toBe('SKU_TAKEN');
    const withOwn = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: {
        item: 'Shorts-Loose',
        category: 'Silver',
        type: 'Kids(Boy)',
        size: 'S',
        quantity: 3,
        pricePaise: 20_000,
        costPaise: 12_000,
        lowStockAt: 5,
        sku: 'SHL-S',
      },
    });
    expect(withOwn.statusCode, withOwn.body).toBe(201);
    expect(withOwn.json<StockRow>()).toMatchObject({
      sku: 'SHL-S',
      valuePaise: 36_000,
      low: true,
    });
  });

  it('answers 401 without a session and 403 to other roles on the new routes', async () => {
    const routes = [
      { method: 'GET', url: '/api/stock/sku/BZ-00001' },
      { method: 'PATCH', url: `/api/stock/${shirtM}`, payload: { costPaise: 1 } },
    ] as const;
    for (const route of routes) {
      expect((await ctx.app.inject({ ...route })).statusCode).toBe(401);
      for (const cookie of [as.customer, as.seller, as.supportAdmin, as.delivery]) {
        expect((await callWith(ctx.app, cookie, { ...route })).statusCode).toBe(403);
      }
    }
  });
});
