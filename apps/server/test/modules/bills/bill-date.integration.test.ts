import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  BILL_DATE_MESSAGES,
  financialYearOf,
  financialYearRangeOf,
  indianDateOf,
  type BillDetail,
  type Dashboard,
} from '@bazaar/shared';
import { auditLog } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from './bills-test-support.js';

/*
 * docs/back-office-bills.md "Bill date": a purchase may be dated an earlier day of the open
 * financial year (1 April to 31 March in India), never a future day and never before the year's
 * first day; a back-dated bill is audited, counts in its own month's reports, and its invoice
 * takes the next number of its financial year.
 */

let ctx: TestContext;
let as: StaffCookies;
let customerId: number;
const db = () => ctx.database.db;
const today = indianDateOf(new Date());
const yearStart = financialYearRangeOf(today).from;
/** The earliest day of the open financial year that is in an earlier month than today, if any. */
const earlierMonthDay = yearStart.slice(0, 7) < today.slice(0, 7) ? yearStart : null;
/** A back date that always exists: the year's first day, or yesterday within the year. */
const backDate = earlierMonthDay ?? (today > yearStart ? addDays(today, -1) : today);
const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's", size: 'M' } as const;

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, db());
  customerId = await insertWholesaleCustomer(db(), 'Back Date Traders');
  await insertStockRow(db(), { ...shirt, quantity: 1_000 });
});

afterAll(async () => {
  await ctx.close();
});

function purchase(body: object, cookie = as.admin) {
  return callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    payload: { lines: [{ ...shirt, quantity: 2, ratePaise: 50_000 }], gstApplied: true, ...body },
  });
}

async function dashboard(): Promise<Dashboard> {
  const response = await callWith(ctx.app, as.admin, {
    method: 'GET',
    url: '/api/reports/dashboard',
  });
  expect(response.statusCode).toBe(200);
  return response.json<Dashboard>();
}

const serialOf = (number: string) => Number(number.split('/')[2]);

describe('the bill date of a purchase', () => {
  it.each([
    ['tomorrow', addDays(today, 1), BILL_DATE_MESSAGES.future],
    [
      'the day before the financial year',
      addDays(yearStart, -1),
      BILL_DATE_MESSAGES.beforeYear(yearStart),
    ],
    ['a year ago', addMonths(today, -13), BILL_DATE_MESSAGES.beforeYear(yearStart)],
    ['a day that does not exist', '2026-02-30', BILL_DATE_MESSAGES.invalid],
    ['a date in another format', '28/11/2026', BILL_DATE_MESSAGES.invalid],
  ])('refuses %s with 400 and the field message', async (_what, billDate, message) => {
    const response = await purchase({ billDate });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ error: { fields: object } }>().error.fields).toEqual({
      billDate: message,
    });
  });

  it('says when the year starts: "on or after Apr 1, ..."', () => {
    expect(BILL_DATE_MESSAGES.beforeYear('2026-04-01')).toBe(
      'The bill date must be in this financial year: on or after Apr 1, 2026',
    );
  });

  it('dates a purchase today by default, without a back-date audit row', async () => {
    const response = await purchase({});
    expect(response.statusCode, response.body).toBe(201);
    const bill = response.json<BillDetail>();
    expect(indianDateOf(new Date(bill.purchasedAt))).toBe(today);
    expect(bill.invoice!.snapshot.documentDate).toBe(today);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(bill.id)), eq(auditLog.action, 'backdate')));
    expect(rows).toHaveLength(0);
  });

  it('takes an earlier day of the year: audited, its invoice the next number of its year', async () => {
    const before = await purchase({});
    const previous = before.json<BillDetail>().invoice!.snapshot.number;
    const response = await purchase(
      { billDate: backDate, receivedPaise: 10_000, mode: 'upi', reference: '812345678901' },
      as.employee,
    );
    expect(response.statusCode, response.body).toBe(201);
    const bill = response.json<BillDetail>();
    expect(indianDateOf(new Date(bill.purchasedAt))).toBe(backDate);
    const invoice = bill.invoice!.snapshot;
    expect(invoice.documentDate).toBe(backDate);
    expect(invoice.financialYear).toBe(financialYearOf(backDate));
    // Same series and year as the bill before it: the next number, never a reused one.
    expect(invoice.number.slice(0, -5)).toBe(previous.slice(0, -5));
    expect(serialOf(invoice.number)).toBe(serialOf(previous) + 1);
    // The first payment is dated with the bill.
    expect(indianDateOf(new Date(bill.payments[0]!.paidAt))).toBe(backDate);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(bill.id)), eq(auditLog.action, 'backdate')));
    expect(audit?.entity).toBe('bill');
    expect(audit?.after).toMatchObject({ billDate: backDate, enteredOn: today });
    if (backDate === today) return;
    const [create] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'bill'),
          eq(auditLog.entityId, String(bill.id)),
          eq(auditLog.action, 'create'),
        ),
      );
    expect(create?.after).toMatchObject({ billDate: backDate });
  });

  it("counts a back-dated bill in its own month's report, not this month's", async () => {
    if (!earlierMonthDay) return; // April: the open year has no earlier month yet.
    const month = earlierMonthDay.slice(0, 7);
    const thisMonth = today.slice(0, 7);
    const before = await dashboard();
    const response = await purchase({ billDate: earlierMonthDay, receivedPaise: 20_000 });
    expect(response.statusCode, response.body).toBe(201);
    const bill = response.json<BillDetail>();
    const after = await dashboard();
    const of = (board: Dashboard, key: string) => board.months.find((each) => each.month === key)!;
    expect(of(after, month).billCount).toBe(of(before, month).billCount + 1);
    expect(of(after, month).sellAmountPaise).toBe(
      of(before, month).sellAmountPaise + bill.totalPaise,
    );
    expect(of(after, month).duesPaise).toBe(of(before, month).duesPaise + bill.duesPaise);
    expect(of(after, month).paymentsPaise).toBe(of(before, month).paymentsPaise + 20_000);
    expect(of(after, thisMonth).billCount).toBe(of(before, thisMonth).billCount);
    expect(of(after, thisMonth).sellAmountPaise).toBe(of(before, thisMonth).sellAmountPaise);
  });
});
