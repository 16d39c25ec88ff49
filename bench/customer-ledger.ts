/**
 * The customer ledger's budgets (docs/back-office-ledger.md "Queries and indexes"): a customer
 * with 5,000 bills and 10,000 payments, first ledger page p95 <= 50 ms; the statement PDF of a
 * year (data + pdfmake in Node) under 2 s; ageing of all dues over 1,000,000 bills p95 <= 150 ms.
 *
 * Creates its own database `bench_ledger` at BENCH_PG_ADMIN_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; never `test`; BENCH_RESEED=1 redoes it), loads it
 * with set-based SQL (triggers off, then `customer_ledger_rebuild()`), then times requests
 * through `app.inject`. Writes bench/results/customer-ledger.json.
 *
 * Data: 2,000 customers; 1,000,000 bills over three years. Customer 1 (opening balance
 * ₹10,000) has 5,000 bills over the last year, each with two payments of a quarter of its total
 * (10,000 payments, every fifth a cheque); of the other bills three in four are paid in full by
 * one payment, one in four owes all of it (~249,000 bills with dues in the ageing's partial index).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';
import type { CustomerStatement } from '@bazaar/shared';
import { stopStatementWorker } from '../packages/shared/src/documents/node-render.js';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../apps/server/src/seed/demo-accounts.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { signIn } from '../apps/server/test/support/accounts.js';

const PG_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Its own database (`BENCH_LEDGER_DB`, letters, digits and '_'), so runs never share one. */
const DB_NAME = /^[a-z_][a-z0-9_]{0,62}$/.test(process.env.BENCH_LEDGER_DB ?? '')
  ? process.env.BENCH_LEDGER_DB!
  : 'bench_ledger';
const BILLS = 1_000_000;
const BIG_BILLS = 5_000;
const CUSTOMERS = 2_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PDF_RUNS = Number(process.env.BENCH_PDF_RUNS ?? 5);
const WARM_UP = 20;

const benchUrl = (() => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

async function ensureDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  if (process.env.BENCH_RESEED === '1') await client.query(`drop database if exists ${DB_NAME}`);
  const exists = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await client.query(`create database ${DB_NAME}`);
  await client.end();
}

async function seed(client: pg.Client): Promise<void> {
  const step = async (label: string, text: string) => {
    const started = performance.now();
    await client.query(text);
    console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const tables = 'wholesale_customers, bills, wholesale_payments, bill_payments';
  for (const table of tables.split(', ')) {
    await client.query(`alter table ${table} disable trigger user`);
  }
  await step(
    'customers',
    `insert into users (id, name, email, email_verified, role, mobile)
     select 'bench-customer-' || i, 'Buyer ' || i, 'buyer' || i || '@bench.example.in', true,
       'customer', '9' || lpad(i::text, 9, '0')
     from generate_series(1, ${CUSTOMERS}) i;
     insert into wholesale_customers (id, user_id, name, email, mobile, shop_name, locality, city,
       pincode, opening_balance_paise, credit_limit_paise, created_at)
     select i, 'bench-customer-' || i, 'Buyer ' || i, 'buyer' || i || '@bench.example.in',
       '9' || lpad(i::text, 9, '0'), 'Bench Textiles ' || i, 'Main Road', 'Patna', '800001',
       case when i = 1 then 1000000 else 0 end, case when i = 1 then 500000000 else null end,
       now() - interval '3 years'
     from generate_series(1, ${CUSTOMERS}) i;
     select setval(pg_get_serial_sequence('wholesale_customers', 'id'), ${CUSTOMERS});`,
  );
  await step(
    'bills',
    `insert into bills (id, customer_id, amount_paise, gst_paise, received_paise, status,
       seller_label, purchased_at)
     select g,
       case when g <= ${BIG_BILLS} then 1 else 2 + (g::bigint * 7919) % ${CUSTOMERS - 1} end,
       a.amount, a.gst,
       case when g <= ${BIG_BILLS} then 2 * ((a.amount + a.gst) / 4)
            when g % 4 = 0 then 0 else a.amount + a.gst end,
       case when g > ${BIG_BILLS} and g % 4 <> 0 then 'closed' else 'open' end,
       'admin',
       case when g <= ${BIG_BILLS} then now() - (g::float8 / ${BIG_BILLS}) * interval '364 days'
            else now() - (g::float8 / ${BILLS}) * interval '1095 days' end
     from generate_series(1, ${BILLS}) g
     cross join lateral (
       select (1000 + (g * 13) % 90000) * 100 as amount,
         case when g % 5 = 0 then 0 else round((1000 + (g * 13) % 90000) * 100 * 0.05)::bigint end as gst
     ) a;
     select setval(pg_get_serial_sequence('bills', 'id'), ${BILLS});`,
  );
  await step(
    'payments',
    `insert into wholesale_payments (id, customer_id, amount_paise, mode, reference, cheque_number,
       cheque_bank, cheque_date, receipt_number, financial_year, receipt_serial, paid_at)
     select row_number() over (order by p.bill_id, p.n), p.customer_id, p.amount,
       p.mode, case when p.mode = 'upi' then '4123' || lpad(p.bill_id::text, 8, '0') end,
       case when p.mode = 'cheque' then lpad((p.bill_id % 999999)::text, 6, '0') end,
       case when p.mode = 'cheque' then 'State Bank of India' end,
       case when p.mode = 'cheque' then (p.paid_at at time zone 'Asia/Kolkata')::date end,
       'B/' || row_number() over (order by p.bill_id, p.n), '00-00',
       row_number() over (order by p.bill_id, p.n), p.paid_at
     from (
       select b.id as bill_id, n, b.customer_id,
         case when b.id <= ${BIG_BILLS} then (b.amount_paise + b.gst_paise) / 4
              else b.amount_paise + b.gst_paise end as amount,
         case when b.id <= ${BIG_BILLS} and (b.id + n) % 5 = 0 then 'cheque'
              when (b.id + n) % 2 = 0 then 'upi' else 'cash' end as mode,
         least(now(), b.purchased_at + n * interval '3 days') as paid_at
       from bills b
       cross join lateral generate_series(1,
         case when b.id <= ${BIG_BILLS} then 2 when b.id % 4 = 0 then 0 else 1 end) n
     ) p;
     select setval(pg_get_serial_sequence('wholesale_payments', 'id'),
       (select coalesce(max(id), 0) + 1 from wholesale_payments), false);
     insert into bill_payments (bill_id, payment_id, amount_paise, paid_at)
     select b.id, row_number() over (order by b.id, n),
       case when b.id <= ${BIG_BILLS} then (b.amount_paise + b.gst_paise) / 4
            else b.amount_paise + b.gst_paise end,
       least(now(), b.purchased_at + n * interval '3 days')
     from bills b
     cross join lateral generate_series(1,
       case when b.id <= ${BIG_BILLS} then 2 when b.id % 4 = 0 then 0 else 1 end) n`,
  );
  for (const table of tables.split(', ')) {
    await client.query(`alter table ${table} enable trigger user`);
  }
  await step('customer_ledger_rebuild()', 'select customer_ledger_rebuild()');
  await step('vacuum analyze', 'vacuum analyze');
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[index]! * 10) / 10;
}

const todayInIndia = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
  new Date(),
);
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

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
      'truncate customer_ledger, bill_payments, wholesale_payments, bill_items, bills, wholesale_customers cascade',
    );
    await client.query(`delete from users where id like 'bench-customer-%'`);
    await seed(client);
  }
  const counts = await client.query(
    `select (select count(*) from bills) bills, (select count(*) from wholesale_payments) payments,
       (select count(*) from customer_ledger) ledger_rows,
       (select count(*) from customer_ledger where customer_id = 1) customer_1_rows,
       (select count(*) from bills where status <> 'cancelled'
          and amount_paise + gst_paise - received_paise - credited_paise > 0) bills_owing`,
  );
  console.log('Rows:', counts.rows[0]);
  await client.end();

  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ledger-'));
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
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };

  // A cursor 100 pages deep, for the "older page" case.
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const url: string = `/api/customers/1/ledger${cursor ? `?before=${cursor}` : ''}`;
    const answer: { nextCursor: string | null } = (await get(url)).json();
    cursor = answer.nextCursor;
  }

  const cases: { name: string; url: string; budget?: number }[] = [
    { name: 'baseline: GET /api/account/profile', url: '/api/account/profile' },
    { name: 'ledger first page (customer 1)', url: '/api/customers/1/ledger', budget: 50 },
    { name: 'ledger page 101 (keyset)', url: `/api/customers/1/ledger?before=${cursor}` },
    { name: 'ageing of all dues (admin home)', url: '/api/ledger/ageing', budget: 150 },
    {
      name: 'statement data of a year',
      url: `/api/customers/1/statement?from=${dayAfter(todayInIndia, -364)}&to=${todayInIndia}`,
    },
  ];
  const results: Record<string, unknown>[] = [];
  for (const entry of cases) {
    const runs = entry.name.startsWith('statement') ? PDF_RUNS : REQUESTS;
    for (let i = 0; i < Math.min(WARM_UP, runs); i += 1) await get(entry.url);
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await get(entry.url);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const row = {
      case: entry.name,
      runs,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      budgetP95: entry.budget ?? null,
      met: entry.budget === undefined ? null : percentile(times, 95) <= entry.budget,
    };
    results.push(row);
    console.log(
      `${row.case.padEnd(40)} p50 ${String(row.p50).padStart(7)} ms  p95 ${String(row.p95).padStart(7)} ms  p99 ${String(row.p99).padStart(7)} ms${entry.budget ? `  budget ${entry.budget} ms: ${row.met ? 'met' : 'NOT met'}` : ''}`,
    );
  }

  // The statement PDF of a year as the browser and shared links get it: the PDF route (its data,
  // then pdfkit in the statement workers, decisions 33 and 35). The event loop's longest stall
  // meanwhile is measured too: the drawing must not hold it.
  const pdfTimes: number[] = [];
  let pages = 0;
  let rowsInPdf = 0;
  let longestStall = 0;
  const range = `from=${dayAfter(todayInIndia, -364)}&to=${todayInIndia}`;
  rowsInPdf = (await get(`/api/customers/1/statement?${range}`)).json<CustomerStatement>().rows
    .length;
  // The first statement after start also starts the statement workers (from TypeScript sources
  // here, compiled on the fly): timed apart as the cold figure, not among the runs.
  const coldStarted = performance.now();
  const cold = await get(`/api/customers/1/statement/pdf?${range}`);
  const coldMs = Math.round(performance.now() - coldStarted);
  if (cold.statusCode !== 200) throw new Error(`statement PDF: ${cold.statusCode}`);
  for (let i = 0; i < PDF_RUNS; i += 1) {
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestStall = Math.max(longestStall, now - last - 10);
      last = now;
    }, 10);
    const started = performance.now();
    const response = await get(`/api/customers/1/statement/pdf?${range}`);
    pdfTimes.push(performance.now() - started);
    clearInterval(ticker);
    if (response.statusCode !== 200) throw new Error(`statement PDF: ${response.statusCode}`);
    pages = (await PDFDocument.load(response.rawPayload)).getPageCount();
  }
  pdfTimes.sort((a, b) => a - b);
  const pdfRow = {
    case: 'statement PDF of a year (data + render)',
    runs: PDF_RUNS,
    rows: rowsInPdf,
    pages,
    p50: percentile(pdfTimes, 50),
    max: Math.round(pdfTimes.at(-1)! * 10) / 10,
    runsMs: pdfTimes.map((ms) => Math.round(ms)),
    coldMs,
    budgetMs: 2000,
    met: pdfTimes.at(-1)! < 2000,
    longestEventLoopStallMs: Math.round(longestStall),
  };
  results.push(pdfRow);
  console.log(
    `${pdfRow.case.padEnd(40)} ${rowsInPdf} rows, ${pages} pages: p50 ${pdfRow.p50} ms, max ${pdfRow.max} ms (runs ${pdfRow.runsMs.join(', ')}; first after start ${coldMs} ms)  budget 2000 ms: ${pdfRow.met ? 'met' : 'NOT met'}; longest event-loop stall ${pdfRow.longestEventLoopStallMs} ms`,
  );

  const resultsDir = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'customer-ledger.json'),
    JSON.stringify({ at: new Date().toISOString(), bills: BILLS, results }, null, 2),
  );
  await app.close();
  await stopStatementWorker();
  await database.close();
  fs.rmSync(uploads, { recursive: true, force: true });
}

await main();
