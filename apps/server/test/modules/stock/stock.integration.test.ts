import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockMovementPage, StockPage, StockRow } from '@bazaar/shared';
import { auditLog, stockItems, stockMovements } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';

/*
 * docs/back-office-bills.md: Product Stock, the add / minus edit that never
 * goes below zero, new stock rows with their opening movement, the history, permissions and
 * audit rows; every change through the stock ledger.
 */

let ctx: TestContext;
let as: StaffCookies;
let shirtId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  shirtId = await insertStockRow(ctx.database.db, {
    item: 'Shirt-Box',
    category: 'Silver',
    type: "Men's",
    quantity: 10,
    pricePaise: 45_000,
  });
});

afterAll(async () => {
  await ctx.close();
});

const db = () => ctx.database.db;

function adjust(cookie: string, stockItemId: number, body: unknown) {
  return callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/stock/${stockItemId}/adjust`,
    payload: body as object,
  });
}

async function auditCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(auditLog);
  return row!.n;
}

async function ledgerSum(stockItemId: number): Promise<number> {
  const rows = await db()
    .select({ change: stockMovements.change })
    .from(stockMovements)
    .where(eq(stockMovements.stockItemId, stockItemId));
  return rows.reduce((sum, row) => sum + row.change, 0);
}

describe('POST /api/stock/{id}/adjust', () => {
  it('adds and takes away pieces with a ledger row and an audit row each', async () => {
    const audits = await auditCount();
    const added = await adjust(as.admin, shirtId, { kind: 'add', quantity: 5 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<StockRow>()).toMatchObject({ id: shirtId, quantity: 15, pricePaise: 45_000 });
    const minus = await adjust(as.admin, shirtId, { kind: 'minus', quantity: 15 });
    expect(minus.json<StockRow>().quantity).toBe(0);
    expect(await auditCount()).toBe(audits + 2);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'stock'), eq(auditLog.action, 'update')))
      .orderBy(auditLog.id);
    expect(audit).toMatchObject({
      before: { item: 'Shirt-Box', category: 'Silver', type: "Men's", quantity: 10 },
      after: { item: 'Shirt-Box', quantity: 15 },
    });
    expect(await ledgerSum(shirtId)).toBe(0);
  });

  it('never goes below zero: 422, nothing written', async () => {
    await adjust(as.admin, shirtId, { kind: 'add', quantity: 3 });
    const audits = await auditCount();
    const [movements] = await db().select({ n: count() }).from(stockMovements);
    const response = await adjust(as.admin, shirtId, { kind: 'minus', quantity: 4 });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Stock cannot go below zero');
    expect(await auditCount()).toBe(audits);
    expect((await db().select({ n: count() }).from(stockMovements))[0]!.n).toBe(movements!.n);
    const [row] = await db().select().from(stockItems).where(eq(stockItems.id, shirtId));
    expect(row!.quantity).toBe(3);
  });

  it('refuses bad bodies with 400 and unknown rows with 404', async () => {
    for (const body of [
      { kind: 'add', quantity: 0 },
      { kind: 'add', quantity: 1.5 },
      { kind: 'set', quantity: 1 },
      { kind: 'add' },
    ]) {
      expect((await adjust(as.admin, shirtId, body)).statusCode).toBe(400);
    }
    const missing = await adjust(as.admin, 999_999, { kind: 'add', quantity: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Stock item not found');
  });

  it('is admin only: employees 403 and nothing changes', async () => {
    const response = await adjust(as.employee, shirtId, { kind: 'add', quantity: 1 });
    expect(response.statusCode).toBe(403);
    const [row] = await db().select().from(stockItems).where(eq(stockItems.id, shirtId));
    expect(row!.quantity).toBe(3);
  });
});

describe('POST /api/stock', () => {
  it('creates a row with an opening movement and refuses a duplicate with 409', async () => {
    const body = {
      item: 'Trouser-Loose',
      category: 'Golden',
      type: 'Kids(Boy)',
      size: '32',
      quantity: 40,
      pricePaise: 30_000,
    };
    const created = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<StockRow>();
    expect(row).toMatchObject({ item: 'Trouser-Loose', quantity: 40, pricePaise: 30_000 });
    const movements = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.stockItemId, row.id));
    expect(movements).toMatchObject([{ kind: 'opening', change: 40, quantityAfter: 40 }]);

    const audits = await auditCount();
    const again = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This item, category, type and size is already in stock',
    );
    expect(await auditCount()).toBe(audits);

    const bad = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: { ...body, item: 'Saree' },
    });
    expect(bad.statusCode).toBe(400);
    const byEmployee = await callWith(ctx.app, as.employee, {
      method: 'POST',
      url: '/api/stock',
      payload: { ...body, category: 'Diamond' },
    });
    expect(byEmployee.statusCode).toBe(403);
  });
});

describe('reading stock', () => {
  it('lists 10 a page with search, for admins and employees', async () => {
    for (const category of ['Silver', 'Golden', 'Diamond']) {
      for (const item of [
        'Shorts-Packing',
        'Shorts-Sports',
        'T-Shirt-Collar',
        'T-Shirt-Round-Neck',
      ]) {
        await insertStockRow(db(), { item, category, type: "Men's", quantity: 1 });
      }
    }
    const page = await callWith(ctx.app, as.employee, { method: 'GET', url: '/api/stock' });
    expect(page.statusCode).toBe(200);
    const body = page.json<StockPage>();
    expect(body).toMatchObject({ page: 1, pageSize: 10, total: 14, totalPages: 2 });
    expect(body.items).toHaveLength(10);
    expect(body.items[0]!.item).toBe('Shirt-Box');
    const searched = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: '/api/stock?search=t-shirt-c',
    });
    expect(searched.json<StockPage>().total).toBe(3);
    const second = await callWith(ctx.app, as.admin, { method: 'GET', url: '/api/stock?page=2' });
    expect(second.json<StockPage>().items).toHaveLength(4);
  });

  it('finds rows by every word typed, in any order and any case', async () => {
    const search = async (words: string) => {
      const response = await callWith(ctx.app, as.employee, {
        method: 'GET',
        url: `/api/stock?search=${encodeURIComponent(words)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<StockPage>().items.map((row) => [row.item, row.category, row.type]);
    };
    expect(await search('Shirt-Box Silver')).toEqual([['Shirt-Box', 'Silver', "Men's"]]);
    expect(await search('silver SHIRT-BOX')).toEqual([['Shirt-Box', 'Silver', "Men's"]]);
    expect(await search("  men's   golden t-shirt-collar ")).toEqual([
      ['T-Shirt-Collar', 'Golden', "Men's"],
    ]);
    expect(await search('Shirt-Box Diamond')).toEqual([]);
  });

  it('shows the history newest first with who did it', async () => {
    const response = await callWith(ctx.app, as.employee, {
      method: 'GET',
      url: `/api/stock/${shirtId}/movements`,
    });
    expect(response.statusCode).toBe(200);
    const history = response.json<StockMovementPage>();
    expect(history.stockItem).toMatchObject({ id: shirtId, quantity: 3 });
    expect(history.items.map((row) => [row.kind, row.change, row.quantityAfter])).toEqual([
      ['add', 3, 3],
      ['minus', -15, 0],
      ['add', 5, 15],
      ['opening', 10, 10],
    ]);
    expect(history.items[0]!.actorName).toBe('Anil Sinha');
    expect(history.items[3]!.actorName).toBeNull();
    const missing = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: '/api/stock/999999/movements',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 401 without a session and 403 to other roles', async () => {
    const routes = [
      { method: 'GET', url: '/api/stock' },
      { method: 'POST', url: '/api/stock', payload: {} },
      {
        method: 'POST',
        url: `/api/stock/${shirtId}/adjust`,
        payload: { kind: 'add', quantity: 1 },
      },
      { method: 'GET', url: `/api/stock/${shirtId}/movements` },
    ] as const;
    for (const route of routes) {
      expect((await ctx.app.inject({ ...route })).statusCode).toBe(401);
      for (const cookie of [as.customer, as.seller, as.supportAdmin, as.delivery]) {
        expect((await callWith(ctx.app, cookie, { ...route })).statusCode).toBe(403);
      }
    }
  });
});
