import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/client.js';

/**
 * The payment-modes migration on a database that already holds payments
 * (docs/back-office-bills.md "Payments"): every old payment becomes one cash payment of its bill
 * with a receipt numbered in payment order per Indian financial year, and the receipt series goes
 * on after the last. PGlite only: it migrates a private database in two steps.
 */

const TAG = '0016_payment_modes';

let client: PGlite;
let earlier: string;

/** A copy of the migrations folder holding only the migrations before `TAG`. */
function migrationsBefore(tag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  client = await PGlite.create({ extensions: { pg_trgm } });
  earlier = migrationsBefore(TAG);
  await migrate(drizzle(client), { migrationsFolder: earlier });
  await client.exec(`
    insert into users (id, name, email, email_verified, role, mobile, gender)
      values ('u1', 'Shop One', 'one@example.in', true, 'customer', '9700000001', 'Male');
    insert into wholesale_customers (id, user_id, name, email, mobile, shop_name, locality, city, pincode)
      values (1, 'u1', 'Shop One', 'one@example.in', '9700000001', 'One Textiles', 'Khemnichak', 'Patna', '800020');
    insert into bills (id, customer_id, amount_paise, gst_paise, received_paise, seller_label, purchased_at)
      values (1, 1, 100000, 5000, 60000, 'admin', '2026-03-20T10:00:00+05:30'),
             (2, 1, 200000, 0, 50000, 'admin', '2026-04-02T10:00:00+05:30');
    -- 31 March 23:30 IST is still 25-26; 1 April 00:10 IST is 26-27.
    insert into bill_payments (id, bill_id, amount_paise, paid_at) values
      (1, 1, 40000, '2026-03-25T12:00:00+05:30'),
      (2, 1, 20000, '2026-03-31T23:30:00+05:30'),
      (3, 2, 30000, '2026-04-01T00:10:00+05:30'),
      (4, 2, 20000, '2026-04-10T12:00:00+05:30');
  `);
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
});

afterAll(async () => {
  await client?.close();
  fs.rmSync(earlier, { recursive: true, force: true });
});

describe('the payment-modes migration', () => {
  it('makes every old payment a cash payment of its bill, numbered per financial year', async () => {
    const { rows } = await client.query<{
      id: number;
      receipt_number: string;
      financial_year: string;
      mode: string;
      customer_id: number;
      amount_paise: string;
      payment_id: number;
      kind: string;
    }>(`select w.id, w.receipt_number, w.financial_year, w.mode, w.customer_id,
          w.amount_paise::text, p.payment_id, p.kind
        from wholesale_payments w join bill_payments p on p.payment_id = w.id order by w.id`);
    expect(rows).toEqual([
      expect.objectContaining({ id: 1, receipt_number: 'RC/25-26/00001', financial_year: '25-26' }),
      expect.objectContaining({ id: 2, receipt_number: 'RC/25-26/00002', financial_year: '25-26' }),
      expect.objectContaining({ id: 3, receipt_number: 'RC/26-27/00001', financial_year: '26-27' }),
      expect.objectContaining({ id: 4, receipt_number: 'RC/26-27/00002', financial_year: '26-27' }),
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        mode: 'cash',
        customer_id: 1,
        payment_id: row.id,
        kind: 'payment',
      });
    }
    expect(rows.map((row) => Number(row.amount_paise))).toEqual([40000, 20000, 30000, 20000]);
  });

  it('carries the receipt series and the ids on from the last old payment', async () => {
    const { rows: series } = await client.query<{ financial_year: string; last_serial: number }>(
      `select financial_year, last_serial from document_series
       where kind = 'payment_receipt' order by financial_year`,
    );
    expect(series).toEqual([
      { financial_year: '25-26', last_serial: 2 },
      { financial_year: '26-27', last_serial: 2 },
    ]);
    const { rows } = await client.query<{ id: number }>(
      `insert into wholesale_payments (customer_id, amount_paise, receipt_number, financial_year, receipt_serial)
       values (1, 100, 'RC/26-27/00003', '26-27', 3) returning id`,
    );
    expect(rows[0]!.id).toBe(5);
  });

  it('keeps every bill received equal to the sum of its rows, and the reports unchanged', async () => {
    const { rows } = await client.query<{ off: number }>(
      `select count(*)::int as off from bills b
       where b.received_paise <> (select coalesce(sum(amount_paise), 0) from bill_payments p where p.bill_id = b.id)`,
    );
    expect(rows[0]!.off).toBe(0);
    await client.query('select report_fold_version()');
    const { rows: days } = await client.query<{ total: string }>(
      'select sum(payments_paise)::text as total from report_days',
    );
    expect(Number(days[0]!.total)).toBe(110000);
  });
});
