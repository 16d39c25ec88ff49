import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, TransactionsReport } from '@bazaar/shared';
import { billItems, bills, users, wholesaleCustomers } from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertCashPayments, insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';

/*
 * docs/back-office-reports.md: every figure of the dashboard and the
 * total-transactions report equals sums computed here, independently, from the bills, lines and
 * payments this file inserts with Drizzle (so the migration's triggers and rollups are what is
 * tested), also after payments, a moved bill and a deleted bill.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The Indian calendar day of an instant, computed without the module's helpers. */
const istDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
/** An instant at `hh:mm` Indian time on the Indian day `day`. */
const istAt = (day: string, time = '12:00') => new Date(`${day}T${time}:00+05:30`);
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const shiftMonth = (month: string, months: number) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + months, 1));
  return date.toISOString().slice(0, 7);
};
const lastDayOf = (month: string) => shiftDay(`${shiftMonth(month, 1)}-01`, -1);

interface FixtureLine {
  item: string;
  quantity: number;
  ratePaise: number;
}
interface FixturePayment {
  amountPaise: number;
  paidAt: Date;
}
interface FixtureBill {
  id: number;
  customer: number;
  purchasedAt: Date;
  amountPaise: number;
  gstPaise: number;
  lines: FixtureLine[];
  payments: FixturePayment[];
  status: 'open' | 'closed';
  /** What Sell by shows for it. */
  sellerName?: string;
}

const ITEMS = [
  'Shirt-Box',
  'Shirt-Loose',
  'Shorts-Packing',
  'Shorts-Sports',
  'Trouser-Loose',
  'Trouser-Sports',
  'T-Shirt-Collar',
  'T-Shirt-Round-Neck',
];

const received = (bill: FixtureBill) => bill.payments.reduce((sum, p) => sum + p.amountPaise, 0);
const groupOf = (item: string) => item.split('-')[0];

let context: TestContext;
let admin: string;
const cookies: Record<string, string> = {};
const customers: { id: number; name: string; shopName: string }[] = [];
let fixture: FixtureBill[] = [];
let today: string;

async function insertCustomer(index: number, shopName: string) {
  const userId = crypto.randomUUID();
  await context.database.db.insert(users).values({
    id: userId,
    name: `Wholesale Buyer ${index}`,
    email: `wholesale${index}@example.in`,
    emailVerified: true,
    role: 'customer',
    mobile: `97000000${String(index).padStart(2, '0')}`,
  });
  const [row] = await context.database.db
    .insert(wholesaleCustomers)
    .values({
      userId,
      name: `Wholesale Buyer ${index}`,
      email: `wholesale${index}@example.in`,
      mobile: `97000000${String(index).padStart(2, '0')}`,
      shopName,
      locality: 'Boring Road',
      city: 'Patna',
      pincode: '800001',
    })
    .returning({ id: wholesaleCustomers.id });
  customers.push({ id: row!.id, name: `Wholesale Buyer ${index}`, shopName });
}

async function insertBill(bill: Omit<FixtureBill, 'id' | 'amountPaise' | 'gstPaise'>, gst = true) {
  const db = context.database.db;
  const amountPaise = bill.lines.reduce((sum, l) => sum + l.quantity * l.ratePaise, 0);
  const gstPaise = gst ? Math.round(amountPaise * 0.05) : 0;
  const total = bill.payments.reduce((sum, p) => sum + p.amountPaise, 0);
  // Even customers' bills are recorded by the demo admin (Sell by shows the admin's name); odd
  // ones carry an employee's label without an account (Sell by falls back to the label's name).
  const [recorder] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.email, 'admin@bazaar.test'));
  const byAdmin = bill.customer % 2 === 0;
  const [row] = await db
    .insert(bills)
    .values({
      customerId: customers[bill.customer]!.id,
      amountPaise,
      gstPaise,
      receivedPaise: total,
      status: bill.status,
      sellerLabel: byAdmin ? 'admin' : 'employee_Rakesh Paswan_u1',
      soldBy: byAdmin ? recorder!.id : null,
      purchasedAt: bill.purchasedAt,
    })
    .returning({ id: bills.id });
  const id = row!.id;
  await db.insert(billItems).values(
    bill.lines.map((line) => ({
      billId: id,
      item: line.item,
      category: 'Silver',
      type: "Men's",
      size: 'M',
      quantity: line.quantity,
      ratePaise: line.ratePaise,
      amountPaise: line.quantity * line.ratePaise,
    })),
  );
  if (bill.payments.length > 0) await insertCashPayments(db, id, bill.payments);
  const sellerName = byAdmin ? recorder!.name : 'Rakesh Paswan';
  const saved = { ...bill, id, amountPaise, gstPaise, sellerName };
  fixture.push(saved);
  return saved;
}

/** A small deterministic generator, so the fixture is varied but the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (state >>> 8) % max;
  };
}

function get<T>(url: string, cookie: string | undefined = admin) {
  return context.app
    .inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
    .then((response: LightMyRequestResponse) => ({ response, body: response.json<T>() }));
}

/** Expected report figures for the days from..to and shops containing `search`. */
function expectedReport(from: string, to: string, search = '') {
  const inRange = fixture.filter((bill) => {
    const day = istDay(bill.purchasedAt);
    const shop = customers[bill.customer]!.shopName.toLowerCase();
    return day >= from && day <= to && shop.includes(search.toLowerCase());
  });
  const amountPaise = inRange.reduce((sum, b) => sum + b.amountPaise, 0);
  const gstPaise = inRange.reduce((sum, b) => sum + b.gstPaise, 0);
  const receivedPaise = inRange.reduce((sum, b) => sum + received(b), 0);
  const lines = inRange.flatMap((bill) => bill.lines.map((line) => ({ bill, line })));
  const groupSum = (group: string) =>
    lines
      .filter(({ line }) => groupOf(line.item) === group)
      .reduce((sum, { line }) => sum + line.quantity * line.ratePaise, 0);
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = shiftMonth(month, 1)) {
    months.push(month);
  }
  const perCustomer = new Map<number, number>();
  for (const { bill, line } of lines) {
    const id = customers[bill.customer]!.id;
    perCustomer.set(id, (perCustomer.get(id) ?? 0) + line.quantity);
  }
  const top = [...perCustomer.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, 5)
    .map(([id, quantity]) => ({ customerId: id, quantity }));
  const newestFirst = [...inRange].sort(
    (a, b) => b.purchasedAt.getTime() - a.purchasedAt.getTime() || b.id - a.id,
  );
  return {
    total: inRange.length,
    totals: {
      amountPaise,
      gstPaise,
      receivedPaise,
      duesPaise: amountPaise + gstPaise - receivedPaise,
    },
    itemGroups: ['Shirt', 'Shorts', 'Trouser'].map((group) => ({
      group,
      sellAmountPaise: groupSum(group),
    })),
    quantityByMonth: months.map((month) => ({
      month,
      quantity: lines
        .filter(({ bill }) => istDay(bill.purchasedAt).startsWith(month))
        .reduce((sum, { line }) => sum + line.quantity, 0),
    })),
    top,
    rowIds: newestFirst.map((bill) => bill.id),
  };
}

function expectReportMatches(body: TransactionsReport, from: string, to: string, search = '') {
  const expected = expectedReport(from, to, search);
  expect(body.range).toMatchObject({ from, to });
  expect(body.total).toBe(expected.total);
  expect(body.totalPages).toBe(Math.ceil(expected.total / 10));
  expect(body.totals).toEqual(expected.totals);
  expect(body.itemGroups).toEqual(expected.itemGroups);
  expect(body.quantityByMonth.map(({ month, quantity }) => ({ month, quantity }))).toEqual(
    expected.quantityByMonth,
  );
  expect(body.topCustomers.map(({ customerId, quantity }) => ({ customerId, quantity }))).toEqual(
    expected.top,
  );
  expect(body.rows.map((row) => row.id)).toEqual(
    expected.rowIds.slice((body.page - 1) * 10, body.page * 10),
  );
}

function expectDashboardMatches(body: Dashboard) {
  const all = fixture;
  const sell = (list: FixtureBill[]) => list.reduce((s, b) => s + b.amountPaise + b.gstPaise, 0);
  const got = (list: FixtureBill[]) => list.reduce((s, b) => s + received(b), 0);
  expect(body.totalCustomers).toBe(customers.length);
  expect(body.totalGstPaise).toBe(all.reduce((s, b) => s + b.gstPaise, 0));
  expect(body.totalReceivedPaise).toBe(got(all));
  expect(body.totalCreditPaise).toBe(sell(all) - got(all));
  const months = Array.from({ length: 12 }, (_, i) => shiftMonth(today.slice(0, 7), i - 11));
  expect(body.months.map((m) => m.month)).toEqual(months);
  for (const entry of body.months) {
    const ofMonth = all.filter((b) => istDay(b.purchasedAt).startsWith(entry.month));
    const payments = all
      .flatMap((b) => b.payments)
      .filter((p) => istDay(p.paidAt).startsWith(entry.month))
      .reduce((s, p) => s + p.amountPaise, 0);
    expect(entry).toMatchObject({
      billCount: ofMonth.length,
      sellAmountPaise: sell(ofMonth),
      receivedPaise: got(ofMonth),
      duesPaise: sell(ofMonth) - got(ofMonth),
      paymentsPaise: payments,
    });
  }
}

beforeAll(async () => {
  context = await createTestApp();
  const db = context.database.db;
  await insertShop(db);
  await insertShop(db);
  await seedDemoAccounts(db);
  admin = await signIn(context.app, 'admin', 'admin@bazaar.test', DEMO_PASSWORD);
  for (const role of ['employee', 'customer', 'seller'] as const) {
    cookies[role] = await signIn(context.app, role, `${role}@bazaar.test`, DEMO_PASSWORD);
  }
  await insertCustomer(1, 'Patna Garments');
  await insertCustomer(2, 'Sinha Cloth House');
  await insertCustomer(3, 'Gaya Fashion Point');
  await insertCustomer(4, 'Patna 100% Cotton');

  today = istDay(new Date());
  const random = generator(7);
  // 60 bills spread over the last 16 months, most with two or three lines and some payments.
  for (let n = 0; n < 60; n += 1) {
    const day = shiftDay(today, -random(480));
    const purchasedAt = istAt(day, `${String(8 + random(12)).padStart(2, '0')}:15`);
    const lines = Array.from({ length: 1 + random(3) }, () => ({
      item: ITEMS[random(ITEMS.length)]!,
      quantity: 1 + random(40),
      ratePaise: (150 + random(600)) * 100,
    }));
    const amount = lines.reduce((sum, l) => sum + l.quantity * l.ratePaise, 0);
    const payments: FixturePayment[] = [];
    for (let p = random(3); p > 0; p -= 1) {
      payments.push({
        amountPaise: Math.floor(amount / 4),
        paidAt: new Date(Math.min(Date.now(), purchasedAt.getTime() + random(60) * DAY_MS)),
      });
    }
    await insertBill(
      { customer: random(4), purchasedAt, lines, payments, status: 'open' },
      n % 5 !== 0,
    );
  }
  // Month bucketing in Indian time: 23:30 IST on the last day of last month is still last month
  // (18:00 UTC that day), 00:10 IST on the 1st is this month (18:40 UTC the day before).
  const thisMonth = today.slice(0, 7);
  const lastMonth = shiftMonth(thisMonth, -1);
  await insertBill({
    customer: 0,
    purchasedAt: istAt(lastDayOf(lastMonth), '23:30'),
    lines: [{ item: 'Shirt-Box', quantity: 3, ratePaise: 50_000 }],
    payments: [{ amountPaise: 20_000, paidAt: istAt(lastDayOf(lastMonth), '23:40') }],
    status: 'open',
  });
  await insertBill({
    customer: 1,
    purchasedAt: istAt(`${thisMonth}-01`, '00:10'),
    lines: [{ item: 'T-Shirt-Collar', quantity: 7, ratePaise: 30_000 }],
    payments: [],
    status: 'open',
  });
});

afterAll(async () => {
  await context?.close();
});

describe('GET /api/reports/dashboard', () => {
  it('answers totals and 12 Indian months equal to the sums of the inserted bills', async () => {
    const { response, body } = await get<Dashboard>('/api/reports/dashboard');
    expect(response.statusCode).toBe(200);
    expect(body.months).toHaveLength(12);
    expect(body.months.at(-1)!.label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    expectDashboardMatches(body);
  });

  it('puts a bill of 23:30 IST on the last day of a month in that month', async () => {
    const { body } = await get<Dashboard>('/api/reports/dashboard');
    const lastMonth = shiftMonth(today.slice(0, 7), -1);
    const late = fixture.find(
      (b) => b.purchasedAt.getTime() === istAt(lastDayOf(lastMonth), '23:30').getTime(),
    )!;
    // Its UTC date is the same day; 18:00 UTC. The one of 00:10 IST on the 1st is UTC's previous day.
    expect(late.purchasedAt.toISOString()).toContain('T18:00:00');
    const ofLastMonth = fixture.filter((b) => istDay(b.purchasedAt).startsWith(lastMonth));
    expect(body.months.at(-2)!.billCount).toBe(ofLastMonth.length);
    expect(ofLastMonth).toContain(late);
  });

  it('follows payments, a bill moved to another day and a deleted bill', async () => {
    const db = context.database.db;
    // A payment on an old bill, received today.
    const target = fixture.find((b) => received(b) === 0 && b.gstPaise > 0)!;
    const payment = { amountPaise: 12_345, paidAt: new Date() };
    await db.transaction(async (tx) => {
      await insertCashPayments(tx, target.id, [payment]);
      await tx
        .update(bills)
        .set({ receivedPaise: received(target) + payment.amountPaise })
        .where(eq(bills.id, target.id));
    });
    target.payments.push(payment);
    // A bill moved to another customer and day, with its lines.
    const moved = fixture.find((b) => b.customer === 2)!;
    const newDay = shiftDay(today, -2);
    await db
      .update(bills)
      .set({ customerId: customers[3]!.id, purchasedAt: istAt(newDay) })
      .where(eq(bills.id, moved.id));
    moved.customer = 3;
    moved.purchasedAt = istAt(newDay);
    // A bill deleted with its lines and payments (cascade).
    const deleted = fixture.find((b) => b.payments.length > 0 && b !== target)!;
    await db.delete(bills).where(eq(bills.id, deleted.id));
    fixture = fixture.filter((b) => b !== deleted);
    // A line removed from a bill that stays.
    const trimmed = fixture.find((b) => b.lines.length > 1 && b !== target)!;
    const [firstLine] = await db
      .select({ id: billItems.id, item: billItems.item })
      .from(billItems)
      .where(eq(billItems.billId, trimmed.id))
      .orderBy(billItems.id)
      .limit(1);
    await db.delete(billItems).where(eq(billItems.id, firstLine!.id));
    trimmed.lines = trimmed.lines.slice(1);

    const { body } = await get<Dashboard>('/api/reports/dashboard');
    expectDashboardMatches(body);
    const report = await get<TransactionsReport>('/api/reports/transactions?interval=3 YEAR');
    expectReportMatches(report.body, report.body.range.from, today);
  });
});

describe('GET /api/reports/transactions', () => {
  it.each([
    ['7 DAY', (t: string) => shiftDay(t, -6)],
    ['15 DAY', (t: string) => shiftDay(t, -14)],
    ['1 MONTH', undefined],
    ['3 MONTH', undefined],
    ['6 MONTH', undefined],
    ['1 YEAR', undefined],
    ['3 YEAR', undefined],
  ] as const)('interval %s: every figure equals the sums of its bills', async (interval, start) => {
    const { response, body } = await get<TransactionsReport>(
      `/api/reports/transactions?interval=${encodeURIComponent(interval)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(body.range.interval).toBe(interval);
    expect(body.range.to).toBe(today);
    if (start) expect(body.range.from).toBe(start(today));
    expectReportMatches(body, body.range.from, today);
  });

  it('defaults to the last year and names each month', async () => {
    const { body } = await get<TransactionsReport>('/api/reports/transactions');
    expect(body.range.interval).toBe('1 YEAR');
    expect(body.quantityByMonth[0]!.label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    expectReportMatches(body, body.range.from, today);
  });

  it('filters a custom range with part months at both ends, and pages through it', async () => {
    const from = shiftDay(`${shiftMonth(today.slice(0, 7), -9)}-01`, 9);
    const to = shiftDay(`${shiftMonth(today.slice(0, 7), -2)}-01`, 13);
    const first = await get<TransactionsReport>(`/api/reports/transactions?from=${from}&to=${to}`);
    expect(first.response.statusCode).toBe(200);
    expect(first.body.range.interval).toBeNull();
    expectReportMatches(first.body, from, to);
    expect(first.body.total).toBeGreaterThan(10);
    const second = await get<TransactionsReport>(
      `/api/reports/transactions?from=${from}&to=${to}&page=2`,
    );
    expectReportMatches(second.body, from, to);
    expect(second.body.rows[0]!.id).not.toBe(first.body.rows[0]!.id);
  });

  it('searches shop names (contains, any case, % taken literally) across whole and part months', async () => {
    for (const search of ['patna', 'CLOTH', '100%', 'nobody']) {
      const { body } = await get<TransactionsReport>(
        `/api/reports/transactions?interval=2 YEAR&search=${encodeURIComponent(search)}`,
      );
      expectReportMatches(body, body.range.from, today, search);
      for (const row of body.rows)
        expect(row.shopName.toLowerCase()).toContain(search.toLowerCase());
    }
  });

  it('answers the table row as the spec shows it', async () => {
    const { body } = await get<TransactionsReport>('/api/reports/transactions?interval=3 YEAR');
    const row = body.rows[0]!;
    const bill = fixture.find((b) => b.id === row.id)!;
    const customer = customers[bill.customer]!;
    expect(row).toEqual({
      id: bill.id,
      billNumber: `00${bill.id}`,
      shopName: customer.shopName,
      customerName: customer.name,
      amountPaise: bill.amountPaise,
      gstPaise: bill.gstPaise,
      receivedPaise: received(bill),
      duesPaise: bill.amountPaise + bill.gstPaise - received(bill),
      status: 'open',
      purchasedAt: bill.purchasedAt.toISOString(),
      sellerName: bill.sellerName,
    });
  });

  it('names who recorded each bill in Sell by: the admin by name, an employee by the label', async () => {
    const { body } = await get<TransactionsReport>('/api/reports/transactions?interval=3 YEAR');
    const shown = body.rows.map((row) => [row.id, row.sellerName]);
    expect(shown).toEqual(
      body.rows.map((row) => [row.id, fixture.find((b) => b.id === row.id)!.sellerName]),
    );
    expect(new Set(shown.map(([, name]) => name))).toEqual(
      new Set(['Anil Sinha', 'Rakesh Paswan']),
    );
  });

  it('leaves T-Shirts out of the Shirt group', async () => {
    const { body } = await get<TransactionsReport>(
      `/api/reports/transactions?from=${today.slice(0, 7)}-01&to=${today}`,
    );
    const tshirt = fixture.find(
      (b) => b.lines[0]!.item === 'T-Shirt-Collar' && b.lines.length === 1,
    )!;
    expect(istDay(tshirt.purchasedAt) <= today).toBe(true);
    expectReportMatches(body, `${today.slice(0, 7)}-01`, today);
  });

  it('shows a renamed shop at once (names are never cached with the sums)', async () => {
    const url = '/api/reports/transactions?interval=3%20YEAR';
    const before = await get<TransactionsReport>(url);
    const top = before.body.topCustomers[0]!;
    const index = customers.findIndex((c) => c.id === top.customerId);
    await context.database.db
      .update(wholesaleCustomers)
      .set({ shopName: 'Renamed Traders' })
      .where(eq(wholesaleCustomers.id, top.customerId));
    customers[index]!.shopName = 'Renamed Traders';
    const after = await get<TransactionsReport>(url);
    expect(after.body.topCustomers[0]).toEqual({ ...top, shopName: 'Renamed Traders' });
    const searched = await get<TransactionsReport>(
      '/api/reports/transactions?interval=3%20YEAR&search=renamed',
    );
    expectReportMatches(searched.body, searched.body.range.from, today, 'renamed');
    expect(searched.body.total).toBeGreaterThan(0);
  });

  it.each([
    ['interval=5 DAY', 'interval', 'Choose one of the listed date ranges'],
    ['interval=7%20WEEK', 'interval', 'Choose one of the listed date ranges'],
    ['from=2024-03-10&to=2024-03-01', 'to', 'The start date must be on or before the end date'],
    ['from=2021-01-01&to=2024-01-01', 'to', 'Choose a range of at most 3 years'],
    ['from=2024-02-30&to=2024-03-01', 'from', 'Enter a date like 2024-03-05'],
    ['from=2024-03-01', 'to', 'Enter both the start and the end date'],
    [
      'interval=7 DAY&from=2024-03-01&to=2024-03-02',
      'interval',
      'Choose a date range or start and end dates, not both',
    ],
    ['page=0', 'page', 'page must be at least 1'],
  ])('refuses %s with 400 and the field message', async (query, field, message) => {
    const { response, body } = await get<{
      error: { code: string; fields: Record<string, string> };
    }>(`/api/reports/transactions?${query.replace(/ /g, '%20')}`);
    expect(response.statusCode).toBe(400);
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[field]).toBe(message);
  });

  it('accepts exactly three years', async () => {
    const { response } = await get('/api/reports/transactions?from=2021-01-01&to=2023-12-31');
    expect(response.statusCode).toBe(200);
  });
});

describe('who may read the reports', () => {
  it.each(['/api/reports/dashboard', '/api/reports/transactions?interval=7%20DAY'])(
    '%s: employee, customer and seller 403, no session 401',
    async (url) => {
      for (const role of ['employee', 'customer', 'seller']) {
        const { response } = await get(url, cookies[role]);
        expect(response.statusCode, role).toBe(403);
      }
      const { response } = await get(url, '');
      expect(response.statusCode).toBe(401);
    },
  );
});
