/**
 * GSTR-1 benchmark (docs/gst.md "GSTR-1"; budget: the JSON of a month with 20,000 document lines
 * answers in under 5 s on PostgreSQL).
 *
 * 1. Creates the database `bench_gstr1` next to the one of `DATABASE_URL` (required; e.g.
 *    postgres://postgres@127.0.0.1:5432/test), dropping an older one, and migrates it.
 * 2. Inserts with set-based SQL straight into tax_documents and tax_document_lines one month
 *    (October 2026) of the business's documents: 1,900 tax invoices and 100 credit notes of 10
 *    lines each (20,000 lines), 2 in 5 to registered buyers, a quarter each to Delhi and Uttar
 *    Pradesh (IGST), the rest in Bihar (CGST + SGST), one in 97 cancelled; totals are the lines'
 *    sums, so the checks pass and the download answers 200.
 * 3. Builds the app and times, through `app.inject` as the signed-in admin, GET
 *    /api/gst-returns/gstr1/json and /summary for the month: one warm-up, then `BENCH_RUNS` (5)
 *    runs each; prints the median and max. Exits 1 when the JSON's median is 5 s or more.
 *
 * Run: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/gstr1.ts`.
 * Results also go to bench/results/gstr1.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { SELLER_OF_RECORD, gstinCheckCharacter } from '@bazaar/shared';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../apps/server/src/seed/demo-accounts.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { signIn } from '../apps/server/test/support/accounts.js';

const DB_NAME = 'bench_gstr1';
const INVOICES = 1_900;
const CREDIT_NOTES = 100;
const LINES_EACH = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_MS = 5_000;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error(
    'DATABASE_URL is required (PostgreSQL), e.g. postgres://postgres@127.0.0.1:5432/test',
  );
  process.exit(2);
}
const benchUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

/** 50 valid GSTINs of buyers (check character computed), in Bihar, Delhi and Uttar Pradesh. */
const BUYER_GSTINS = Array.from({ length: 50 }, (_, index) => {
  const first14 = `${['10', '07', '09'][index % 3]}AABCB${String(1000 + index)}Q1Z`;
  return first14 + gstinCheckCharacter(first14);
});

async function recreateDatabase(): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  await client.query(`drop database if exists ${DB_NAME}`);
  await client.query(`create database ${DB_NAME}`);
  await client.end();
}

/** Documents with zero totals, then their lines, then totals from the lines. */
async function seed(client: pg.Client): Promise<void> {
  const documents = (kind: string, prefix: string, count: number, original: string) => `
    insert into tax_documents (kind, supplier_key, supplier_gstin, number, financial_year, serial,
      document_date, status, recipient_name, recipient_gstin, place_of_supply_code, inter_state,
      taxable_value_paise, cgst_paise, sgst_paise, igst_paise, total_paise, snapshot,
      original_document_id)
    select '${kind}', 'business', '${SELLER_OF_RECORD.gstin}',
      '${prefix}/26-27/' || lpad(g::text, 5, '0'), '26-27', g,
      date '2026-10-01' + (g % 31), case when g % 97 = 0 then 'cancelled' else 'issued' end,
      'Buyer ' || g,
      case when g % 5 < 2 then ($1::text[])[1 + g % 50] end,
      case g % 4 when 0 then '07' when 1 then '09' else '10' end,
      g % 4 < 2, 0, 0, 0, 0, 0, '{}'::jsonb, ${original}
    from generate_series(1, ${count}) g`;
  await client.query(documents('tax_invoice', 'BZ', INVOICES, 'null'), [BUYER_GSTINS]);
  await client.query(
    documents(
      'credit_note',
      'CN',
      CREDIT_NOTES,
      `(select min(id) from tax_documents where kind = 'tax_invoice') + g * 10`,
    ),
    [BUYER_GSTINS],
  );
  await client.query(`
    insert into tax_document_lines (document_id, line_number, description, hsn, goods_class, uqc,
      quantity, unit_price_paise, taxable_value_paise, rate_percent, cgst_paise, sgst_paise,
      igst_paise, total_paise)
    select d.id, n, 'Shirt ' || n, case when n % 3 = 0 then '6204' else '6205' end, 'garment', 'PCS',
      q, p, q * p, r,
      case when d.inter_state then 0 else round(q * p * r / 200.0) end,
      case when d.inter_state then 0 else round(q * p * r / 200.0) end,
      case when d.inter_state then round(q * p * r / 100.0) else 0 end,
      0
    from tax_documents d
    cross join generate_series(1, ${LINES_EACH}) n
    cross join lateral (select 1 + (d.id + n) % 12 as q,
                               10000 + ((d.id * 7 + n * 13) % 400) * 100 as p,
                               case when n % 4 = 0 then 18 else 5 end as r) v`);
  await client.query(
    `update tax_document_lines set total_paise = taxable_value_paise + cgst_paise + sgst_paise + igst_paise`,
  );
  await client.query(`
    update tax_documents d set taxable_value_paise = s.taxable, cgst_paise = s.cgst,
      sgst_paise = s.sgst, igst_paise = s.igst, total_paise = s.taxable + s.cgst + s.sgst + s.igst
    from (select document_id, sum(taxable_value_paise) taxable, sum(cgst_paise) cgst,
            sum(sgst_paise) sgst, sum(igst_paise) igst
          from tax_document_lines group by document_id) s
    where s.document_id = d.id`);
  await client.query('vacuum analyze tax_documents');
  await client.query('vacuum analyze tax_document_lines');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  await recreateDatabase();
  const database = await openDatabase({ databaseUrl: benchUrl, poolMax: 4 });
  await database.migrate();
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const started = performance.now();
  await seed(client);
  const counts = await client.query(
    `select (select count(*) from tax_documents) documents, (select count(*) from tax_document_lines) lines`,
  );
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s:`, counts.rows[0]);
  await client.end();

  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gstr1-'));
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

  const results: {
    case: string;
    medianMs: number;
    maxMs: number;
    bytes: number;
    runs: number[];
  }[] = [];
  for (const [name, url] of [
    ['GET gstr1/json', '/api/gst-returns/gstr1/json?period=2026-10'],
    ['GET gstr1/summary', '/api/gst-returns/gstr1/summary?period=2026-10'],
  ] as const) {
    let bytes = 0;
    const call = async () => {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
      bytes = response.rawPayload.length;
    };
    await call();
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const begun = performance.now();
      await call();
      runs.push(Math.round((performance.now() - begun) * 10) / 10);
    }
    const row = { case: name, medianMs: median(runs), maxMs: Math.max(...runs), bytes, runs };
    results.push(row);
    console.log(
      `${name.padEnd(20)} median ${row.medianMs} ms, max ${row.maxMs} ms over ${RUNS} runs (${(bytes / 1024).toFixed(0)} KB); runs ${runs.join(' / ')} ms`,
    );
  }
  await app.close();
  const json = results[0]!;
  console.log(
    json.medianMs < BUDGET_MS
      ? `Budget: JSON median < ${BUDGET_MS} ms met.`
      : `Budget: JSON median < ${BUDGET_MS} ms NOT met.`,
  );
  const dir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'gstr1.json'),
    JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
  );
  if (json.medianMs >= BUDGET_MS) process.exitCode = 1;
}

await main();
