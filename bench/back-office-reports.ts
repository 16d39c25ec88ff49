/**
 * Reports benchmark (docs/performance.md "Budgets": the dashboard and reports endpoints over
 * 1,000,000 bill rows on PostgreSQL, each under 150 ms p95).
 *
 * 1. Creates the database `bench_reports` next to the one of `DATABASE_URL` (required; e.g.
 *    postgres://postgres@127.0.0.1:5432/test), so it never touches the tests' database, and
 *    migrates it.
 * 2. Unless it already holds them, seeds with `generate_series` SQL: 2,000 wholesale customers,
 *    1,000,000 bills spread evenly over the last 3 years (1-4 lines each, 2.5 M lines; 0-3
 *    payments each, 1.5 M payments; 4 in 5 with GST), with the report triggers off during the
 *    load, then `report_rebuild()` fills the rollups and VACUUM ANALYZE runs.
 * 3. Builds the app (`buildApp`, as `npm start` does) and times, through `app.inject` as the
 *    signed-in admin, `BENCH_REQUESTS` (200) requests of each case after 20 warm-up requests,
 *    one at a time, and prints p50 / p95 / p99 per case (ms). Budget: p95 < 150 ms each.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/back-office-reports.ts`
 * (`BENCH_RESEED=1` drops and reseeds). Results also go to bench/results/back-office-reports.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../apps/server/src/seed/demo-accounts.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { signIn } from '../apps/server/test/support/accounts.js';

const DB_NAME = 'bench_reports';
const BILLS = 1_000_000;
const CUSTOMERS = 2_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const BUDGET_P95_MS = 150;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error(
    'DATABASE_URL is required (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test',
  );
  process.exit(1);
}
const benchUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

async function ensureDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  if (process.env.BENCH_RESEED === '1') await client.query(`drop database if exists ${DB_NAME}`);
  const exists = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await client.query(`create database ${DB_NAME}`);
  await client.end();
}

const ITEMS_SQL = `array['Shirt-Box','Shirt-Loose','Shorts-Packing','Shorts-Loose','Shorts-Sports',
  'Trouser-Packing','Trouser-Loose','Trouser-Sports','T-Shirt-Collar','T-Shirt-Round-Neck',
  'T-Shirt-Round-Neck-Sports']`;

/** Seeds customers, bills, lines and payments with set-based SQL (a few minutes on 2 cores). */
async function seed(client: pg.Client): Promise<void> {
  const step = async (label: string, text: string) => {
    const started = performance.now();
    await client.query(text);
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  await step(
    'customers',
    `insert into users (id, name, email, email_verified, role, mobile)
     select 'bench-customer-' || i, 'Buyer ' || i, 'buyer' || i || '@bench.example.in', true,
       'customer', '9' || lpad(i::text, 9, '0')
     from generate_series(1, ${CUSTOMERS}) i;
     insert into wholesale_customers (id, user_id, name, email, mobile, shop_name, locality, city, pincode)
     select i, 'bench-customer-' || i, 'Buyer ' || i, 'buyer' || i || '@bench.example.in',
       '9' || lpad(i::text, 9, '0'),
       (array['Patna','Gaya','Sinha','Ranchi','Bhagalpur','Darbhanga','Purnia','Arrah','Begusarai','Katihar'])[1 + i % 10]
         || ' ' || (array['Garments','Textiles','Cloth House','Fashion Point'])[1 + (i / 10) % 4] || ' ' || i,
       'Main Road', 'Patna', '800001'
     from generate_series(1, ${CUSTOMERS}) i;
     select setval(pg_get_serial_sequence('wholesale_customers', 'id'), ${CUSTOMERS});`,
  );
  await client.query(`alter table bills disable trigger user;
    alter table bill_items disable trigger user; alter table bill_payments disable trigger user`);
  // Bill g: 1 + g % 4 lines; line n has quantity 1 + (g*31 + n*17) % 40 and rate
  // (150 + (g*13 + n*7) % 600) rupees; g % 4 payments of a quarter of the total each.
  await step(
    'bills',
    `insert into bills (id, customer_id, amount_paise, gst_paise, received_paise, status,
       seller_label, purchased_at)
     select g, 1 + (g::bigint * 7919) % ${CUSTOMERS}, a.amount, a.gst, (g % 4) * ((a.amount + a.gst) / 4),
       case when g % 4 = 0 then 'open' else (array['open','closed'])[1 + g % 2] end,
       case when g % 3 = 0 then 'admin' else 'employee_Rakesh Paswan_bench' end,
       now() - (g::float8 / ${BILLS}) * interval '1095 days'
     from generate_series(1, ${BILLS}) g
     cross join lateral (
       select s.amount, case when g % 5 = 0 then 0 else round(s.amount * 0.05)::int end as gst
       from (
         select sum((1 + (g * 31 + n * 17) % 40) * (150 + (g * 13 + n * 7) % 600) * 100)::int as amount
         from generate_series(1, 1 + g % 4) n
       ) s
     ) a;
     select setval(pg_get_serial_sequence('bills', 'id'), ${BILLS});`,
  );
  await step(
    'bill lines',
    `insert into bill_items (bill_id, item, category, type, size, quantity, rate_paise, amount_paise)
     select g, (${ITEMS_SQL})[1 + (g + n) % 11], 'Silver', 'Men''s', 'M',
       1 + (g * 31 + n * 17) % 40, (150 + (g * 13 + n * 7) % 600) * 100,
       (1 + (g * 31 + n * 17) % 40) * (150 + (g * 13 + n * 7) % 600) * 100
     from generate_series(1, ${BILLS}) g, generate_series(1, 1 + g % 4) n`,
  );
  await step(
    'payments',
    // One cash payment per bill row (same id), with a bench receipt number outside the series.
    `insert into wholesale_payments (id, customer_id, amount_paise, mode, receipt_number,
       financial_year, receipt_serial, paid_at)
     select row_number() over (order by b.id, n), b.customer_id, (b.amount_paise + b.gst_paise) / 4,
       'cash', 'B/' || row_number() over (order by b.id, n), '00-00',
       row_number() over (order by b.id, n), least(now(), b.purchased_at + n * interval '9 days')
     from bills b, generate_series(1, b.id % 4) n;
     select setval(pg_get_serial_sequence('wholesale_payments', 'id'),
       (select coalesce(max(id), 0) + 1 from wholesale_payments), false);
     insert into bill_payments (bill_id, payment_id, amount_paise, paid_at)
     select b.id, row_number() over (order by b.id, n), (b.amount_paise + b.gst_paise) / 4,
       least(now(), b.purchased_at + n * interval '9 days')
     from bills b, generate_series(1, b.id % 4) n`,
  );
  await client.query(`alter table bills enable trigger user;
    alter table bill_items enable trigger user; alter table bill_payments enable trigger user`);
  await step('report_rebuild()', 'select report_rebuild()');
  await step('vacuum analyze', 'vacuum analyze');
}

interface Case {
  name: string;
  /** The URL, or the URL of the i-th request (distinct ranges, so no two share cached sums). */
  url: string | ((i: number) => string);
}

/** `YYYY-MM-DD` `days` after `day`. */
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const todayInIndia = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
  new Date(),
);

const CASES: Case[] = [
  // The floor: a signed-in route that reads one row (session lookup, routing, serialising).
  { name: 'baseline: GET /api/account/profile', url: '/api/account/profile' },
  { name: 'dashboard', url: '/api/reports/dashboard' },
  { name: 'transactions 7 DAY', url: '/api/reports/transactions?interval=7%20DAY' },
  { name: 'transactions 1 MONTH', url: '/api/reports/transactions?interval=1%20MONTH' },
  { name: 'transactions 6 MONTH', url: '/api/reports/transactions?interval=6%20MONTH' },
  { name: 'transactions 1 YEAR', url: '/api/reports/transactions?interval=1%20YEAR' },
  { name: 'transactions 3 YEAR', url: '/api/reports/transactions?interval=3%20YEAR' },
  {
    name: 'transactions 3 YEAR page 500',
    url: '/api/reports/transactions?interval=3%20YEAR&page=500',
  },
  {
    name: 'transactions from/to (part months)',
    url: '/api/reports/transactions?from=2025-02-11&to=2026-08-20',
  },
  {
    name: "transactions 3 YEAR search 'sinha'",
    url: '/api/reports/transactions?interval=3%20YEAR&search=sinha',
  },
  {
    name: "transactions 1 YEAR search 'textiles 1'",
    url: '/api/reports/transactions?interval=1%20YEAR&search=textiles%201',
  },
  // Cold: every request a range not asked before, so nothing comes from the rollup cache.
  {
    name: 'cold: a new ~3-year range each request',
    url: (i) =>
      `/api/reports/transactions?from=${dayAfter(todayInIndia, -1094 + i)}&to=${todayInIndia}`,
  },
  {
    name: 'cold: a new 1-year range each request',
    url: (i) =>
      `/api/reports/transactions?from=${dayAfter(todayInIndia, -700 + i)}&to=${dayAfter(todayInIndia, -336 + i)}`,
  },
  {
    name: 'cold: a new 1-month range each request',
    url: (i) =>
      `/api/reports/transactions?from=${dayAfter(todayInIndia, -500 + i)}&to=${dayAfter(todayInIndia, -470 + i)}`,
  },
];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[index]! * 10) / 10;
}

async function main(): Promise<void> {
  await ensureDatabase();
  const database = await openDatabase({ databaseUrl: benchUrl, poolMax: 10 });
  await database.migrate();
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const { rows } = await client.query<{ count: string }>('select count(*) as count from bills');
  if (Number(rows[0]!.count) !== BILLS) {
    console.log(`Seeding ${BILLS.toLocaleString('en-IN')} bills into ${DB_NAME}...`);
    await client.query(
      'truncate bill_payments, wholesale_payments, bill_items, bills, wholesale_customers, report_deltas, report_days, report_customer_days, report_customer_months cascade',
    );
    await client.query(`delete from users where id like 'bench-customer-%'`);
    await seed(client);
  }
  const counts = await client.query(
    `select (select count(*) from bills) bills, (select count(*) from bill_items) items,
       (select count(*) from bill_payments) payments, (select count(*) from report_customer_days) customer_days`,
  );
  console.log('Rows:', counts.rows[0]);
  await client.end();

  await database.db.execute(sql`select 1`);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-reports-'));
  const app = await buildApp({
    database,
    storage: createLocalStorage(uploads),
    logger: false,
    accounts: {
      captchaTestCode: 'ABCDEFG',
      authRateLimitPerMinute: 10_000,
      mailRetryIntervalMs: 0,
    },
  });
  await app.ready();
  await seedDemoAccounts(database.db);
  const cookie = await signIn(app, 'admin', 'admin@bazaar.test', DEMO_PASSWORD);

  const results: { case: string; p50: number; p95: number; p99: number; max: number }[] = [];
  for (const entry of CASES) {
    let n = 0;
    const call = async () => {
      const url = typeof entry.url === 'string' ? entry.url : entry.url(n);
      n += 1;
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (response.statusCode !== 200) {
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      }
    };
    for (let i = 0; i < WARM_UP; i += 1) await call();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const row = {
      case: entry.name,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      max: Math.round(times.at(-1)! * 10) / 10,
    };
    results.push(row);
    console.log(
      `${row.case.padEnd(40)} p50 ${String(row.p50).padStart(6)} ms  p95 ${String(row.p95).padStart(6)} ms  p99 ${String(row.p99).padStart(6)} ms  max ${row.max} ms`,
    );
  }
  const failed = results.filter((row) => row.p95 >= BUDGET_P95_MS);
  console.log(
    failed.length === 0
      ? `Budget p95 < ${BUDGET_P95_MS} ms: met by every case.`
      : `Budget p95 < ${BUDGET_P95_MS} ms: NOT met by ${failed.map((row) => row.case).join(', ')}.`,
  );
  const resultsDir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'back-office-reports.json'),
    JSON.stringify(
      { at: new Date().toISOString(), bills: BILLS, requests: REQUESTS, results },
      null,
      2,
    ),
  );
  await app.close();
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
}

await main();
