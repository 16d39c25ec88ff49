import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PURCHASE_CATEGORIES,
  indianDateOf,
  type BillDetail,
  type BillPage,
  type LedgerPage,
  type Payment,
} from '@bazaar/shared';
import { createRandom, type Random } from '../../../src/seed/prng.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from './bills-test-support.js';

/*
 * Consistency under load (docs/back-office-bills.md): 1,000 random operations (purchases, payments,
 * closes, cancels, stock add / minus), in concurrent batches of 10 through the API, on
 * PostgreSQL (PGlite has one connection, so nothing would really run at once). Afterwards every
 * stock row equals its ledger's sum and is not negative, every bill's received equals its
 * payments and dues = total - payments, the customer totals equal the sums of the bills, no
 * line or payment is left without its bill, the ledger's sales minus restores equal the pieces
 * on the bills that are not cancelled, and every bill has exactly one invoice whose totals are
 * the bill's (cancelled with the bill). Payments come in every mode, on a bill or on account
 * (oldest first, to a chosen bill, to the opening balance or split); cheques bounce; customers
 * start with opening balances, which payments pay down; and every customer's ledger balance
 * (docs/back-office-ledger.md) equals its invoices - payments - credit notes + opening balance,
 * its rows add up to it, its pages carry it, its ageing adds up to it, and what each payment
 * paid of an opening balance is recorded on the payment and the customer alike.
 */

const OPERATIONS = 1_000;
const BATCH = 10;
const SEED = 20_240_305;

const STOCK_KEYS = ['Shirt-Box', 'Shorts-Loose', 'Trouser-Packing', 'T-Shirt-Collar'].flatMap(
  (item) => PURCHASE_CATEGORIES.map((category) => ({ item, category, type: "Men's" as const })),
);

describe.skipIf(!process.env.DATABASE_URL)('bills and stock stay consistent (PostgreSQL)', () => {
  let ctx: TestContext;
  let as: StaffCookies;
  const customers: number[] = [];
  const openingOf = new Map<number, number>();
  const stockIds: number[] = [];
  const billIds: number[] = [];
  const billCustomer = new Map<number, number>();
  const chequeIds: number[] = [];
  const today = indianDateOf(new Date());

  beforeAll(async () => {
    ctx = await createTestApp();
    as = await signInEveryRole(ctx.app, ctx.database.db);
    for (let index = 0; index < 5; index += 1) {
      // Two customers come from a paper book with what they owed then; three start at 0.
      const openingBalancePaise = index < 2 ? (index + 1) * 1_234_500 : 0;
      const id = await insertWholesaleCustomer(ctx.database.db, `Consistency Shop ${index}`, {
        openingBalancePaise,
      });
      customers.push(id);
      openingOf.set(id, openingBalancePaise);
    }
    for (const key of STOCK_KEYS) {
      stockIds.push(await insertStockRow(ctx.database.db, { ...key, quantity: 150 }));
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** A payment mode with the details it takes (docs/back-office-bills.md "Payments"). */
  function methodOf(random: Random): Record<string, string> {
    const digits = (count: number) =>
      Array.from({ length: count }, () => String(random.int(0, 9))).join('');
    switch (random.int(0, 3)) {
      case 0:
        return { mode: 'cash' };
      case 1:
        return { mode: 'upi', reference: digits(12) };
      case 2:
        return { mode: 'bank_transfer', reference: `UTIBN${digits(11)}` };
      default:
        return {
          mode: 'cheque',
          chequeNumber: digits(6),
          chequeBank: 'Punjab National Bank',
          chequeDate: today,
        };
    }
  }

  /** One random operation through the API; answers its status code. */
  async function operate(random: Random): Promise<{ kind: string; status: number; body: string }> {
    const cookie = random.chance(0.5) ? as.admin : as.employee;
    const roll = random.next();
    let kind: string;
    let response;
    if (roll < 0.4 || billIds.length === 0) {
      kind = 'purchase';
      const lines = Array.from({ length: random.int(1, 3) }, () => ({
        ...random.pick(STOCK_KEYS),
        // The stock rows are size M (insertStockRow's default): stock is kept per size.
        size: 'M' as const,
        quantity: random.int(1, 12),
        ratePaise: random.int(100, 60_000),
      }));
      const amount = lines.reduce((sum, line) => sum + line.quantity * line.ratePaise, 0);
      const customerId = random.pick(customers);
      response = await callWith(ctx.app, cookie, {
        method: 'POST',
        url: `/api/customers/${customerId}/bills`,
        payload: {
          lines,
          gstApplied: random.chance(0.5),
          receivedPaise: random.chance(0.5) ? random.int(0, amount) : 0,
        },
      });
      if (response.statusCode === 201) {
        const bill = response.json<BillDetail>();
        billIds.push(bill.id);
        billCustomer.set(bill.id, customerId);
      }
    } else if (roll < 0.55) {
      kind = 'payment';
      response = await callWith(ctx.app, cookie, {
        method: 'POST',
        url: `/api/bills/${random.pick(billIds)}/payments`,
        payload: { amountPaise: random.int(1, 200_000), ...methodOf(random) },
      });
      if (response.statusCode === 200) {
        const last = response.json<BillDetail>().payments.at(-1);
        if (last?.mode === 'cheque') chequeIds.push(last.paymentId);
      }
    } else if (roll < 0.65) {
      // On account: oldest first (the opening balance before any bill), all of it to one chosen
      // bill of the customer, or to its opening balance, or split between the two.
      const billId = random.pick(billIds);
      const customerId = billCustomer.get(billId)!;
      const opening = openingOf.get(customerId)! > 0;
      kind = opening ? 'opening account payment' : 'account payment';
      const amountPaise = random.int(1, opening ? 600_000 : 150_000);
      const chosen = random.chance(0.4);
      const target = opening ? random.pick(['bill', 'opening', 'both'] as const) : 'bill';
      const openingPart = target === 'both' ? Math.ceil(amountPaise / 2) : amountPaise;
      const parts =
        target === 'bill'
          ? { bills: [{ billId, amountPaise }] }
          : target === 'opening'
            ? { openingPaise: amountPaise }
            : amountPaise > openingPart
              ? {
                  openingPaise: openingPart,
                  bills: [{ billId, amountPaise: amountPaise - openingPart }],
                }
              : { openingPaise: amountPaise };
      response = await callWith(ctx.app, cookie, {
        method: 'POST',
        url: `/api/customers/${customerId}/payments`,
        payload: {
          amountPaise,
          ...methodOf(random),
          allocation: chosen ? 'chosen' : 'oldest_first',
          ...(chosen ? parts : {}),
        },
      });
      if (response.statusCode === 201) {
        const payment = response.json<Payment>();
        if (payment.mode === 'cheque') chequeIds.push(payment.paymentId);
      }
    } else if (roll < 0.7) {
      kind = 'bounce';
      response =
        chequeIds.length === 0
          ? await callWith(ctx.app, as.admin, {
              method: 'POST',
              url: `/api/payments/999999/bounce`,
              payload: { reason: 'No cheque yet' },
            })
          : await callWith(ctx.app, as.admin, {
              method: 'POST',
              url: `/api/payments/${random.pick(chequeIds)}/bounce`,
              payload: { reason: 'Insufficient funds' },
            });
    } else if (roll < 0.76) {
      kind = 'close';
      response = await callWith(ctx.app, cookie, {
        method: 'POST',
        url: `/api/bills/${random.pick(billIds)}/close`,
      });
    } else if (roll < 0.86) {
      kind = 'cancel';
      response = await callWith(ctx.app, as.admin, {
        method: 'POST',
        url: `/api/bills/${random.pick(billIds)}/cancel`,
        payload: { reason: 'Consistency run' },
      });
    } else {
      kind = 'stock';
      response = await callWith(ctx.app, as.admin, {
        method: 'POST',
        url: `/api/stock/${random.pick(stockIds)}/adjust`,
        payload: { kind: random.chance(0.5) ? 'add' : 'minus', quantity: random.int(1, 40) },
      });
    }
    return { kind, status: response.statusCode, body: response.body };
  }

  it(`keeps stock, ledger, bills and payments consistent over ${OPERATIONS} operations`, async () => {
    const random = createRandom(SEED);
    const outcomes = new Map<string, number>();
    for (let done = 0; done < OPERATIONS; done += BATCH) {
      const results = await Promise.all(Array.from({ length: BATCH }, () => operate(random)));
      for (const result of results) {
        expect([200, 201, 404, 409, 422], `${result.kind}: ${result.body}`).toContain(
          result.status,
        );
        const key = `${result.kind} ${result.status}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    }
    // The mix really exercised successes and refusals of each kind.
    for (const key of [
      'purchase 201',
      'purchase 409',
      'payment 200',
      'payment 422',
      'account payment 201',
      'opening account payment 201',
      'bounce 200',
      'cancel 200',
      'cancel 422',
      'stock 200',
      'stock 422',
    ]) {
      expect(outcomes.get(key) ?? 0, key).toBeGreaterThan(0);
    }

    const rowsOf = async <T>(query: SQL): Promise<T[]> =>
      ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    const stock = await rowsOf<{
      id: number;
      quantity: number;
      ledger: number;
      last: number;
    }>(sql`
      select s.id, s.quantity,
        coalesce((select sum(m.change) from stock_movements m where m.stock_item_id = s.id), 0)::int as ledger,
        (select m.quantity_after from stock_movements m where m.stock_item_id = s.id order by m.id desc limit 1) as last
      from stock_items s`);
    expect(stock).toHaveLength(STOCK_KEYS.length);
    for (const row of stock) {
      expect(row.quantity).toBeGreaterThanOrEqual(0);
      expect(row.ledger).toBe(row.quantity);
      expect(row.last).toBe(row.quantity);
    }

    const sold = await rowsOf<{ id: number; ledger_sold: number; on_bills: number }>(sql`
      select s.id,
        coalesce((select -sum(m.change) from stock_movements m
                  where m.stock_item_id = s.id and m.kind in ('sale', 'restore')), 0)::int as ledger_sold,
        coalesce((select sum(i.quantity) from bill_items i join bills b on b.id = i.bill_id
                  where i.stock_item_id = s.id and b.status <> 'cancelled'), 0)::int as on_bills
      from stock_items s`);
    for (const row of sold) expect(row.ledger_sold).toBe(row.on_bills);

    const billRows = await rowsOf<{
      id: number;
      amount: number;
      gst: number;
      received: number;
      paid: number;
      lines: number;
      status: string;
    }>(sql`
      -- Money columns are bigint, which node-postgres reads as strings: float8 is exact below 2^53.
      select b.id, b.amount_paise::float8 as amount, b.gst_paise::float8 as gst,
        b.received_paise::float8 as received, b.status,
        coalesce((select sum(p.amount_paise) from bill_payments p where p.bill_id = b.id), 0)::int as paid,
        coalesce((select sum(i.amount_paise) from bill_items i where i.bill_id = b.id), 0)::int as lines
      from bills b`);
    expect(billRows.length).toBeGreaterThan(0);
    for (const bill of billRows) {
      expect(bill.received).toBe(bill.paid);
      expect(bill.received).toBeLessThanOrEqual(bill.amount + bill.gst);
      expect(bill.lines).toBe(bill.amount);
      if (bill.status === 'closed') expect(bill.received).toBe(bill.amount + bill.gst);
    }

    const invoices = await rowsOf<{ bill_id: number; n: number; off: number; status_off: number }>(
      sql`select b.id as bill_id, count(d.id)::int as n,
          count(d.id) filter (where d.taxable_value_paise <> b.amount_paise
            or d.cgst_paise + d.sgst_paise + d.igst_paise <> b.gst_paise)::int as off,
          count(d.id) filter (where (d.status = 'cancelled') <> (b.status = 'cancelled'))::int as status_off
        from bills b left join tax_documents d on d.bill_id = b.id and d.kind <> 'credit_note'
        group by b.id`,
    );
    for (const row of invoices) expect(row).toMatchObject({ n: 1, off: 0, status_off: 0 });
    const [serials] = await rowsOf<{ n: number; max: number }>(
      sql`select count(*)::int as n, max(serial)::int as max from tax_documents
        where supplier_key = 'business' and kind = 'tax_invoice'`,
    );
    // Gap-free under concurrency: refused purchases gave their numbers back.
    expect(serials!.max).toBe(serials!.n);

    const orphans = await rowsOf<{ items: number; payments: number }>(sql`
      select
        (select count(*) from bill_items i where not exists (select 1 from bills b where b.id = i.bill_id))::int as items,
        (select count(*) from bill_payments p where not exists (select 1 from bills b where b.id = p.bill_id))::int as payments`);
    expect(orphans[0]).toEqual({ items: 0, payments: 0 });

    // Every payment is its bills' parts plus what it paid of the opening balance; each customer's
    // paid part of its opening balance is the sum of those parts of its payments not bounced.
    const split = await rowsOf<{ id: number; amount: number; opening: number; bills: number }>(sql`
      select w.id, w.amount_paise::float8 as amount, w.opening_paise::float8 as opening,
        coalesce((select sum(p.amount_paise) from bill_payments p
                  where p.payment_id = w.id and p.kind = 'payment'), 0)::float8 as bills
      from wholesale_payments w`);
    for (const row of split) expect(row.bills + row.opening, `payment ${row.id}`).toBe(row.amount);
    expect(split.filter((row) => row.opening > 0).length).toBeGreaterThan(0);
    const openingRows = await rowsOf<{
      id: number;
      opening: number;
      received: number;
      paid: number;
    }>(sql`
      select c.id, c.opening_balance_paise::float8 as opening,
        c.opening_received_paise::float8 as received,
        coalesce((select sum(w.opening_paise) from wholesale_payments w
                  where w.customer_id = c.id and w.status = 'received'), 0)::float8 as paid
      from wholesale_customers c`);
    const openingReceivedOf = new Map<number, number>();
    for (const row of openingRows) {
      expect(row.received, `opening of customer ${row.id}`).toBe(row.paid);
      expect(row.received).toBeLessThanOrEqual(row.opening);
      openingReceivedOf.set(row.id, row.received);
    }
    // The opening balances were really paid down.
    expect(openingRows.some((row) => row.received > 0)).toBe(true);

    for (const customerId of customers) {
      const page = (
        await callWith(ctx.app, as.admin, {
          method: 'GET',
          url: `/api/customers/${customerId}/bills?status=all`,
        })
      ).json<BillPage>();
      const rows = await rowsOf<{ amount: number; gst: number; paid: number; n: number }>(sql`
        select coalesce(sum(b.amount_paise), 0)::int as amount, coalesce(sum(b.gst_paise), 0)::int as gst,
          coalesce(sum((select coalesce(sum(p.amount_paise), 0) from bill_payments p where p.bill_id = b.id)), 0)::int as paid,
          count(*)::int as n
        from bills b where b.customer_id = ${customerId} and b.status <> 'cancelled'`);
      const expected = rows[0]!;
      expect(page.totals).toEqual({
        amountPaise: expected.amount,
        gstPaise: expected.gst,
        totalPaise: expected.amount + expected.gst,
        receivedPaise: expected.paid,
        duesPaise: expected.amount + expected.gst - expected.paid,
        billCount: expected.n,
      });
      for (const row of page.items) {
        expect(row.duesPaise).toBe(
          row.status === 'cancelled' ? 0 : row.totalPaise - row.receivedPaise,
        );
      }

      // The ledger: invoices - payments - credit notes + opening balance, over the bills that
      // are not cancelled (a cancellation reverses its invoice and refunds what was paid).
      const [money] = await rowsOf<{ invoices: number; payments: number; credits: number }>(sql`
        select coalesce(sum(b.amount_paise + b.gst_paise), 0)::float8 as invoices,
          coalesce(sum(b.received_paise), 0)::float8 as payments,
          coalesce(sum(b.credited_paise), 0)::float8 as credits
        from bills b where b.customer_id = ${customerId} and b.status <> 'cancelled'`);
      // Payments are what the bills received plus what was paid of the opening balance.
      const openingDues = openingOf.get(customerId)! - openingReceivedOf.get(customerId)!;
      const expectedBalance = money!.invoices - money!.payments - money!.credits + openingDues;
      const [rowsSum] = await rowsOf<{ sum: number; bounces: number }>(sql`
        select coalesce(sum(amount_paise), 0)::float8 as sum,
          count(*) filter (where kind = 'bounce')::int as bounces
        from customer_ledger where customer_id = ${customerId}`);
      expect(rowsSum!.sum, `ledger rows of customer ${customerId}`).toBe(expectedBalance);
      const ledger = (
        await callWith(ctx.app, as.admin, {
          method: 'GET',
          url: `/api/customers/${customerId}/ledger`,
        })
      ).json<LedgerPage>();
      expect(ledger.balancePaise, `ledger of customer ${customerId}`).toBe(expectedBalance);
      expect(ledger.openingDuesPaise).toBe(openingDues);
      // The ageing holds every bill's dues and what is left of the opening balance: the balance.
      expect(ledger.ageing.totalPaise, `ageing of customer ${customerId}`).toBe(expectedBalance);
      expect(ledger.items[0]?.balancePaise ?? 0).toBe(expectedBalance);
      if (ledger.nextCursor) {
        // The next page starts where this one ended: its first balance is the last row's
        // balance before that row.
        const last = ledger.items.at(-1)!;
        const next = (
          await callWith(ctx.app, as.admin, {
            method: 'GET',
            url: `/api/customers/${customerId}/ledger?before=${ledger.nextCursor}`,
          })
        ).json<LedgerPage>();
        expect(next.items[0]!.balancePaise).toBe(
          last.balancePaise - last.debitPaise + last.creditPaise,
        );
      }
    }
    const [bounced] = await rowsOf<{ n: number; rows: number }>(sql`
      select (select count(*) from wholesale_payments where status = 'bounced')::int as n,
        (select count(*) from customer_ledger where kind = 'bounce')::int as rows`);
    expect(bounced!.n).toBeGreaterThan(0);
    expect(bounced!.rows).toBe(bounced!.n);
  }, 400_000);
});
