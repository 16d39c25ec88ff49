/**
 * Checkout benchmark (issue 6): 50 signed-in customers on PostgreSQL each repeatedly put 3
 * different products in the cart (3 x `POST /api/cart/items`, timed separately) and place the
 * cart as a cash-on-delivery order (`POST /api/orders`, timed). Closed loop: every virtual
 * customer sends its next request when the previous one answered, so the figures are the
 * throughput 50 concurrent customers get and the latency each of them sees.
 *
 * Setup: a fresh database `bazaar_bench_checkout` next to the others (never `test`), the built
 * server on it with the demo catalog (`DEMO_DATA=auto`), every product's stock raised to 100,000
 * (the benchmark measures placing orders, not refusals), BENCH_CUSTOMERS (50) verified customers
 * with a default address inserted with SQL (one Argon2 hash shared by all), each signed in once
 * through the captcha + login routes. Then a BENCH_WARMUP (3) s warm-up and BENCH_REPEAT (3) runs
 * of BENCH_DURATION (20) s; the run with the median p99 is the headline. Writes
 * bench/results/checkout-<timestamp>.json and drops the database (BENCH_KEEP_DB=1 keeps it).
 *
 * Run: npm run build && npx tsx bench/checkout.ts
 *   BENCH_CPU_PROF=<dir>   the server writes a V8 CPU profile (.cpuprofile) there when stopped
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import * as hdr from 'hdr-histogram-js';
import pg from 'pg';
import { waitUntilAnswering } from '../e2e/support/processes.js';
import { hashPassword } from '../apps/server/src/platform/auth.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const PG_ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'bazaar_bench_checkout';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3993);
const LINES_PER_ORDER = 3;
const PASSWORD = 'Bench@12345';
const CAPTCHA_CODE = 'ABCDEFG';
const BUDGET_P99_MS = 100;
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface RunFigures {
  durationS: number;
  ordersPlaced: number;
  ordersPerSecond: number;
  /** `POST /api/orders` latency, ms, successful and failed answers alike. */
  placeOrder: Percentiles;
  /** `POST /api/cart/items` latency, ms (not part of the order latency). */
  addToCart: Percentiles;
  /** Non-2xx answers and network errors (`network`) by status, per route. */
  errors: { placeOrder: Record<string, number>; addToCart: Record<string, number> };
  /** CPU time split of the whole machine during the run (from /proc/stat), percent. */
  cpu: CpuShare;
}

interface CpuShare {
  user: number;
  system: number;
  idle: number;
  iowait: number;
  steal: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CUSTOMERS + 5 });

/** One HTTP request on the shared keep-alive agent; network errors become status 0. */
function request(method: string, url: string, cookie?: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    const req = http.request(`${ORIGIN}${url}`, { method, agent, headers, timeout: 30_000 });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          setCookie: [response.headers['set-cookie'] ?? []].flat(),
        }),
      );
      response.on('error', () => resolve({ status: 0, body: '', setCookie: [] }));
    });
    req.on('error', () => resolve({ status: 0, body: '', setCookie: [] }));
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.end(payload);
  });
}

/** Aggregate CPU counters of /proc/stat (jiffies). */
function readCpu(): number[] {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  return line.trim().split(/\s+/).slice(1).map(Number);
}

function cpuShare(before: number[], after: number[]): CpuShare {
  const d = after.map((value, i) => value - (before[i] ?? 0));
  const total = d.reduce((sum, value) => sum + value, 0) || 1;
  const pct = (value: number) => Math.round((value / total) * 1000) / 10;
  // user nice system idle iowait irq softirq steal
  return {
    user: pct(d[0]! + d[1]!),
    system: pct(d[2]! + d[5]! + d[6]!),
    idle: pct(d[3]!),
    iowait: pct(d[4]!),
    steal: pct(d[7] ?? 0),
  };
}

function newHistogram() {
  return hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });
}

function percentiles(histogram: hdr.Histogram): Percentiles {
  const ms = (micros: number) => Math.round(micros / 10) / 100;
  return {
    count: histogram.totalCount,
    p50: ms(histogram.getValueAtPercentile(50)),
    p95: ms(histogram.getValueAtPercentile(95)),
    p99: ms(histogram.getValueAtPercentile(99)),
    max: ms(histogram.maxValue),
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function startServer(): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const entry = path.join(ROOT, 'apps/server/dist/main.js');
  const child = spawn(process.execPath, [...profile, entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      // CAPTCHA_TEST_CODE is refused in production, so the server runs in development mode.
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl(),
      DATA_DIR: path.join(ROOT, 'data/bench-checkout'),
      DEMO_DATA: 'auto',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      CAPTCHA_TEST_CODE: CAPTCHA_CODE,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilAnswering(`${ORIGIN}/api/health`, child);
    return child;
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

interface Customer {
  email: string;
  cookie: string;
  addressId: number;
}

/** Inserts the customers (verified, one shared hash, a default address) and opens the stock. */
async function prepareData(): Promise<{ emails: string[]; productIds: number[] }> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query('update products set stock_quantity = 100000');
    const passwordHash = await hashPassword(PASSWORD);
    const emails: string[] = [];
    await client.query('begin');
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const id = crypto.randomUUID();
      const email = `bench-customer-${i}@bazaar.test`;
      emails.push(email);
      await client.query(
        `insert into users (id, name, email, email_verified, role, mobile, gender)
         values ($1, $2, $3, true, 'customer', $4, 'Female')`,
        [id, `Bench Customer ${i}`, email, `7${String(i).padStart(9, '0')}`],
      );
      await client.query(
        `insert into auth_accounts (id, account_id, provider_id, user_id, password)
         values ($1, $2, 'credential', $2, $3)`,
        [crypto.randomUUID(), id, passwordHash],
      );
      await client.query(
        `insert into addresses (user_id, locality, landmark, city, pincode, is_default)
         values ($1, 'Boring Road', 'Near A. N. College', 'Patna', '800001', true)`,
        [id],
      );
    }
    await client.query('commit');
    const products = await client.query<{ id: number }>(
      'select id from products where archived_at is null order by id',
    );
    return { emails, productIds: products.rows.map((row) => row.id) };
  } finally {
    await client.end();
  }
}

/** Captcha + login (the test captcha code) and the default address from `GET /api/addresses`. */
async function signIn(email: string): Promise<Customer> {
  const captcha = await request('POST', '/api/captchas');
  if (captcha.status !== 201) throw new Error(`captcha: ${captcha.status} ${captcha.body}`);
  const { captchaId } = JSON.parse(captcha.body) as { captchaId: string };
  const login = await request('POST', '/api/auth/login', undefined, {
    area: 'customer',
    identifier: email,
    password: PASSWORD,
    captchaId,
    captchaCode: CAPTCHA_CODE,
  });
  const cookie = login.setCookie
    .find(
      (line) =>
        line.startsWith('bazaar.session_token=') && !line.startsWith('bazaar.session_token=;'),
    )
    ?.split(';')[0];
  if (login.status !== 200 || !cookie) {
    throw new Error(`sign-in of ${email}: ${login.status} ${login.body}`);
  }
  const list = await request('GET', '/api/addresses', cookie);
  if (list.status !== 200) throw new Error(`addresses: ${list.status} ${list.body}`);
  const { addresses } = JSON.parse(list.body) as {
    addresses: { id: number; isDefault: boolean }[];
  };
  const address = addresses.find((entry) => entry.isDefault) ?? addresses[0];
  if (!address) throw new Error(`${email} has no address`);
  return { email, cookie, addressId: address.id };
}

/** 3 distinct random products. */
function pickProducts(productIds: readonly number[]): number[] {
  const picked = new Set<number>();
  while (picked.size < LINES_PER_ORDER) {
    picked.add(productIds[Math.floor(Math.random() * productIds.length)]!);
  }
  return [...picked];
}

/** Every customer fills its cart and places it, over and over, for `durationS` seconds. */
async function runLoad(
  customers: readonly Customer[],
  productIds: readonly number[],
  durationS: number,
): Promise<RunFigures> {
  const placeHistogram = newHistogram();
  const cartHistogram = newHistogram();
  const placeErrors: Record<string, number> = {};
  const cartErrors: Record<string, number> = {};
  let ordersPlaced = 0;
  const cpuBefore = readCpu();
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const micros = (from: number) => Math.max(1, Math.round((performance.now() - from) * 1000));
  const count = (errors: Record<string, number>, status: number) => {
    const key = status === 0 ? 'network' : String(status);
    errors[key] = (errors[key] ?? 0) + 1;
  };

  await Promise.all(
    customers.map(async (customer) => {
      while (performance.now() < deadline) {
        for (const productId of pickProducts(productIds)) {
          const at = performance.now();
          const added = await request('POST', '/api/cart/items', customer.cookie, {
            productId,
            quantity: 1,
          });
          cartHistogram.recordValue(micros(at));
          if (added.status !== 200) count(cartErrors, added.status);
        }
        const at = performance.now();
        const placed = await request('POST', '/api/orders', customer.cookie, {
          addressId: customer.addressId,
          paymentMethod: 'cod',
        });
        placeHistogram.recordValue(micros(at));
        if (placed.status === 201) ordersPlaced += 1;
        else count(placeErrors, placed.status);
      }
    }),
  );

  const elapsedS = (performance.now() - started) / 1000;
  const figures: RunFigures = {
    durationS: Math.round(elapsedS * 10) / 10,
    ordersPlaced,
    ordersPerSecond: Math.round((ordersPlaced / elapsedS) * 10) / 10,
    placeOrder: percentiles(placeHistogram),
    addToCart: percentiles(cartHistogram),
    errors: { placeOrder: placeErrors, addToCart: cartErrors },
    cpu: cpuShare(cpuBefore, readCpu()),
  };
  placeHistogram.destroy();
  cartHistogram.destroy();
  return figures;
}

function describe(run: RunFigures): string {
  const { placeOrder: p, addToCart: c } = run;
  const errors = JSON.stringify(run.errors.placeOrder);
  return [
    `${run.ordersPlaced} orders in ${run.durationS} s = ${run.ordersPerSecond} orders/s`,
    `POST /api/orders p50 ${p.p50} / p95 ${p.p95} / p99 ${p.p99} / max ${p.max} ms`,
    `POST /api/cart/items p50 ${c.p50} / p99 ${c.p99} ms`,
    `errors ${errors} cart ${JSON.stringify(run.errors.addToCart)}`,
    `CPU user ${run.cpu.user} % system ${run.cpu.system} % idle ${run.cpu.idle} % steal ${run.cpu.steal} %`,
  ].join('; ');
}

async function main(): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  let server: ChildProcess | undefined;
  try {
    const setupStarted = performance.now();
    server = await startServer();
    const { emails, productIds } = await prepareData();
    if (productIds.length < LINES_PER_ORDER) throw new Error('too few products');
    const customers: Customer[] = [];
    for (const email of emails) customers.push(await signIn(email));
    console.log(
      `checkout: ${customers.length} customers signed in, ${productIds.length} products, setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const warmup = await runLoad(customers, productIds, WARMUP_S);
    console.log(`warm-up ${WARMUP_S} s: ${describe(warmup)}`);
    const runs: RunFigures[] = [];
    for (let repeat = 0; repeat < REPEAT; repeat += 1) {
      const run = await runLoad(customers, productIds, DURATION_S);
      runs.push(run);
      console.log(`run ${repeat + 1}: ${describe(run)}`);
    }
    const median = [...runs].sort((a, b) => a.placeOrder.p99 - b.placeOrder.p99)[
      Math.floor(runs.length / 2)
    ]!;

    const check = new pg.Client({ connectionString: databaseUrl() });
    await check.connect();
    const stored = await check.query<{ orders: string; items: string }>(
      'select (select count(*) from orders) as orders, (select count(*) from order_items) as items',
    );
    await check.end();
    const clientOrders = warmup.ordersPlaced + runs.reduce((sum, run) => sum + run.ordersPlaced, 0);

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
      customers: CUSTOMERS,
      linesPerOrder: LINES_PER_ORDER,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      products: productIds.length,
      warmup,
      runs,
      median,
      stored: {
        orders: Number(stored.rows[0]!.orders),
        orderItems: Number(stored.rows[0]!.items),
        placedByClient: clientOrders,
      },
      budget: { p99Ms: BUDGET_P99_MS, met: median.placeOrder.p99 < BUDGET_P99_MS },
    };
    const file = path.join(
      RESULTS_DIR,
      `checkout-${report.date.replaceAll(':', '-').replace(/\..*$/, '')}.json`,
    );
    fs.writeFileSync(file, JSON.stringify(report, null, 2));

    console.log(
      `\nCheckout, ${CUSTOMERS} customers x (${LINES_PER_ORDER} cart adds + COD order), ${REPEAT} x ${DURATION_S} s on PostgreSQL`,
    );
    console.log(`median run (by p99): ${describe(median)}`);
    console.log(
      `p99 of each run: ${runs.map((run) => run.placeOrder.p99).join(' / ')} ms; orders/s of each run: ${runs.map((run) => run.ordersPerSecond).join(' / ')}`,
    );
    console.log(
      `stored: ${report.stored.orders} orders (client counted ${clientOrders}), ${report.stored.orderItems} items`,
    );
    console.log(
      `p99 ${median.placeOrder.p99} ms: ${report.budget.met ? 'within' : 'OVER'} the ${BUDGET_P99_MS} ms budget. Results: ${path.relative(ROOT, file)}`,
    );
  } finally {
    agent.destroy();
    if (server) await stop(server);
    if (process.env.BENCH_KEEP_DB !== '1') {
      await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
