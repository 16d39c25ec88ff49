import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PURCHASE_CATEGORIES, type BillDetail } from '@bazaar/shared';
import { stockItems } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from './bills-test-support.js';

/*
 * A purchase and a cancel that move the same two stock rows at once never deadlock
 * (docs/back-office-bills.md "Rules the server enforces"): both lock the rows in id order before
 * moving any. The rows are made so that id order and item-name order disagree (the purchase used
 * to move them in name order, the cancel in id order), and a third transaction holds the first
 * row until both writers wait on it, the cancel first: with the old orders the cancel then got
 * that row, the purchase held the other, and PostgreSQL killed one of them ("deadlock detected",
 * a 500). PGlite has one connection, so this only runs on PostgreSQL (DATABASE_URL).
 */

const category = PURCHASE_CATEGORIES[0];
const TYPE = "Men's";

describe.skipIf(!process.env.DATABASE_URL)('stock row locks of bills (PostgreSQL)', () => {
  let ctx: TestContext;
  let as: StaffCookies;
  let customerId: number;
  let firstRowId: number;

  /** Both rows, sold one piece each: the lower id is the later name. */
  const lines = [
    { item: 'Trouser-Packing', category, type: TYPE, size: 'M', quantity: 1, ratePaise: 50_000 },
    { item: 'T-Shirt-Collar', category, type: TYPE, size: 'M', quantity: 1, ratePaise: 30_000 },
  ];

  beforeAll(async () => {
    ctx = await createTestApp({ pools: { poolMax: 8 } });
    as = await signInEveryRole(ctx.app, ctx.database.db);
    customerId = await insertWholesaleCustomer(ctx.database.db, 'Lock Order Traders');
    firstRowId = await insertStockRow(ctx.database.db, {
      item: 'Trouser-Packing',
      category,
      type: TYPE,
      quantity: 50,
    });
    await insertStockRow(ctx.database.db, {
      item: 'T-Shirt-Collar',
      category,
      type: TYPE,
      quantity: 50,
    });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const purchase = () =>
    callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/customers/${customerId}/bills`,
      payload: { lines, gstApplied: false },
    });

  /** Sessions of this database waiting for a lock. */
  async function waitingForLocks(): Promise<number> {
    const result = (await ctx.database.db.execute(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  }

  async function untilWaiting(count: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await waitingForLocks()) < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} sessions waited for a lock`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('cancels a bill and records a purchase of the same rows while both wait for one row', async () => {
    const first = await purchase();
    expect(first.statusCode, first.body).toBe(201);
    const billId = first.json<BillDetail>().id;

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = ctx.database.db.transaction(async (tx) => {
      await tx.select().from(stockItems).where(eq(stockItems.id, firstRowId)).for('update');
      holding();
      await released;
    });
    await held;

    const cancel = callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bills/${billId}/cancel`,
      payload: { reason: 'Lock order check' },
    });
    await untilWaiting(1);
    const second = purchase();
    await untilWaiting(2);
    release();
    await holder;

    const [cancelled, bought] = await Promise.all([cancel, second]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(bought.statusCode, bought.body).toBe(201);
    const quantities = await ctx.database.db
      .select({ quantity: stockItems.quantity })
      .from(stockItems)
      .orderBy(stockItems.id);
    // 50 each, one sold twice and given back once.
    expect(quantities.map((row) => row.quantity)).toEqual([49, 49]);
  });
});
