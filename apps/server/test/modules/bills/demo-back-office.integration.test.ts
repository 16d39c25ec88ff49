import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillPage, StockPage } from '@bazaar/shared';
import { DEMO_BILL_COUNT, seedDemoBackOffice } from '../../../src/seed/demo-back-office.js';
import { loadBusinessConfig } from '../../../src/config.js';
import { issueMissingBillDocuments } from '../../../src/modules/bills/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { callWith, signInEveryRole, type StaffCookies } from './bills-test-support.js';
import { signIn } from '../../support/accounts.js';
import { DEMO_PASSWORD } from '../../../src/seed/demo-accounts.js';

/*
 * The back office's demo data (seed/demo-back-office.ts): fast, consistent with the ledger and
 * the money rules, readable through the API, loaded once.
 */

let ctx: TestContext;
let as: StaffCookies;
let result: Awaited<ReturnType<typeof seedDemoBackOffice>>;
let issued: { issued: number };

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, ctx.database.db);
  result = await seedDemoBackOffice(ctx.database.db, { issueDocuments: false });
  // What the seed does last by default, and start-up does on every start.
  issued = await issueMissingBillDocuments(ctx.database.db, loadBusinessConfig());
});

afterAll(async () => {
  await ctx.close();
});

const rowsOf = async <T>(query: SQL): Promise<T[]> =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('seedDemoBackOffice', () => {
  it('loads 66 stock rows, 12 customers and the bills', () => {
    expect(result).toEqual({
      skipped: false,
      customers: 12,
      bills: DEMO_BILL_COUNT,
      stockItems: 198,
    });
  });

  it('keeps stock equal to its ledger, received equal to payments, closed bills paid', async () => {
    const [check] = await rowsOf<Record<string, number>>(sql`
      select
        (select count(*) from stock_items s where s.quantity <> (select coalesce(sum(change), 0) from stock_movements m where m.stock_item_id = s.id))::int as stock_off,
        (select count(*) from stock_items where quantity < 0)::int as negative,
        (select count(*) from bills b where b.received_paise <> (select coalesce(sum(amount_paise), 0) from bill_payments p where p.bill_id = b.id))::int as received_off,
        (select count(*) from bills b where b.amount_paise <> (select sum(amount_paise) from bill_items i where i.bill_id = b.id))::int as amount_off,
        (select count(*) from bills where status = 'closed' and received_paise < amount_paise + gst_paise)::int as closed_unpaid,
        (select count(*) from bills where status = 'closed')::int as closed,
        (select count(*) from bills where gst_paise > 0)::int as with_gst,
        (select count(*) from bills where purchased_at < now() - interval '12 months')::int as older_than_a_year,
        (select count(distinct date_trunc('month', purchased_at)) from bills)::int as months`);
    expect(check).toMatchObject({
      stock_off: 0,
      negative: 0,
      received_off: 0,
      amount_off: 0,
      closed_unpaid: 0,
    });
    expect(check!.closed).toBeGreaterThan(10);
    expect(check!.with_gst).toBeGreaterThan(DEMO_BILL_COUNT * 0.3);
    expect(check!.with_gst).toBeLessThan(DEMO_BILL_COUNT * 0.7);
    expect(check!.older_than_a_year).toBeGreaterThan(0);
    expect(check!.months).toBeGreaterThanOrEqual(13);
  });

  it('is readable through the API and the customers can sign in', async () => {
    const stock = await callWith(ctx.app, as.employee, { method: 'GET', url: '/api/stock' });
    expect(stock.json<StockPage>().total).toBe(198);
    const [customer] = await rowsOf<{ id: number }>(
      sql`select id from wholesale_customers where email = 'shop1@wholesale.test'`,
    );
    const page = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: `/api/customers/${customer!.id}/bills?status=all`,
    });
    expect(page.json<BillPage>().totals.billCount).toBeGreaterThan(0);
    await expect(
      signIn(ctx.app, 'customer', 'shop1@wholesale.test', DEMO_PASSWORD),
    ).resolves.toMatch(/session/);
  });

  it("gives every bill its invoice, numbered in bill order, with the bill's amount and GST", async () => {
    expect(issued).toEqual({ issued: DEMO_BILL_COUNT });
    const rows = await rowsOf<{ bill_id: number; kind: string; serial: number; off: number }>(sql`
      select b.id as bill_id, d.kind, d.serial,
        (d.taxable_value_paise <> b.amount_paise
          or d.cgst_paise + d.sgst_paise + d.igst_paise <> b.gst_paise)::int as off
      from bills b join tax_documents d on d.bill_id = b.id
      order by b.id`);
    expect(rows).toHaveLength(DEMO_BILL_COUNT);
    expect(rows.filter((row) => row.off !== 0)).toEqual([]);
    for (const kind of ['tax_invoice', 'bill_of_supply']) {
      const serials = rows.filter((row) => row.kind === kind).map((row) => row.serial);
      expect(serials.length).toBeGreaterThan(0);
      // Within a financial year serials follow the bills; a new year starts again at 1.
      for (let index = 1; index < serials.length; index += 1) {
        expect(serials[index] === serials[index - 1]! + 1 || serials[index] === 1).toBe(true);
      }
    }
    expect(await issueMissingBillDocuments(ctx.database.db, loadBusinessConfig())).toEqual({
      issued: 0,
    });
  });

  it('runs once', async () => {
    expect((await seedDemoBackOffice(ctx.database.db)).skipped).toBe(true);
  });
});
