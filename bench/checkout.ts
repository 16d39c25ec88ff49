/**
 * Checkout benchmark (docs/performance.md "Budgets"): 50 signed-in customers on PostgreSQL each
 * repeatedly put 3 different products in the cart (3 x `POST /api/cart/items`, timed separately)
 * and place the cart as a cash-on-delivery order (`POST /api/orders`, timed). Two modes
 * (BENCH_MODE):
 * - `closed` (default): every virtual customer sends its next request when the previous one
 *   answered, so the figures are the most orders/s 50 customers without think time get, and the
 *   latency each of them sees (p99 >= 50 / throughput by construction);
 * - `open`: orders *arrive* at a constant BENCH_RATE per second (a comma list runs each rate),
 *   dealt to the 50 customers in turn; each customer fills its next cart right after an order
 *   answers, and places it at its scheduled instant (bench/open-loop.ts `runSchedule`). The
 *   order's latency is measured from that scheduled instant, so queueing (behind the server or
 *   the customer's own previous cycle) is counted: the latency a customer sees at that load.
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
 *   BENCH_MODE=open BENCH_RATE=25,50,100   open loop at each rate (orders/s)
 *   BENCH_SERVER_DIST=<dir>  run that build of the server instead of apps/server/dist
 *   BENCH_CPU_PROF=<dir>   the server writes a V8 CPU profile (.cpuprofile) there when stopped
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as hdr from 'hdr-histogram-js';
import pg from 'pg';
import { stopProcess, waitUntilAnswering } from '../e2e/support/processes.js';
import { hashPassword } from '../apps/server/src/platform/auth.js';
import { insertLoadCustomers } from '../apps/server/test/harness/load-customers.js';
import { keepAliveClient, microsSince, newLatencyHistogram, runSchedule } from './open-loop.js';

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
const MODE = process.env.BENCH_MODE === 'open' ? 'open' : 'closed';
/** Open loop: the arrival rates to run, orders per second. */
const RATES = (process.env.BENCH_RATE ?? '25,50,100')
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

interface RunFigures {
  /** Open loop: the scheduled arrival rate, orders/s (absent in the closed loop). */
  rate?: number;
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
  /**
   * CPU time (user + system) per order placed, ms, of the Bazaar server process and of the
   * PostgreSQL backends serving it: the cost of one cycle (3 cart adds + 1 order), which the
   * machine's other load hardly changes, unlike latency.
   */
  cpuPerOrderMs: { server: number; postgres: number };
}

interface CpuShare {
  user: number;
  system: number;
  idle: number;
  iowait: number;
  steal: number;
}

const { request, agent } = keepAliveClient(ORIGIN, CUSTOMERS + 5);

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
  // BENCH_SERVER_DIST=<dir>: another build of the server (e.g. the code before a change).
  const entry = path.join(
    path.resolve(ROOT, process.env.BENCH_SERVER_DIST ?? 'apps/server/dist'),
    'main.js',
  );
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
  await waitUntilAnswering(`${ORIGIN}/api/health`, child);
  return child;
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
    await client.query('begin');
    const emails = await insertLoadCustomers(client, CUSTOMERS, passwordHash, {
      email: (i) => `bench-customer-${i}@bazaar.test`,
      name: (i) => `Bench Customer ${i}`,
      mobile: (i) => `7${String(i).padStart(9, '0')}`,
    });
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

/** What one run records: both routes' latencies (us), errors by status, orders placed. */
/** User + system CPU time of a process so far, ms (0 when it is gone). */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

const CLOCK_TICKS = 100;
/** The server's process id and its PostgreSQL backends' (set once the server answers). */
const probe = { serverPid: 0, postgresPids: [] as number[] };

/** CPU ms so far of the server and of its PostgreSQL backends. */
function usage(): { server: number; postgres: number } {
  return {
    server: processCpuMs(probe.serverPid),
    postgres: probe.postgresPids.reduce((sum, pid) => sum + processCpuMs(pid), 0),
  };
}

/** Finds the PostgreSQL backends connected to the benchmark database (the server's pool). */
async function findPostgresBackends(): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const rows = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [DB_NAME],
    );
    probe.postgresPids = rows.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

function newRecorder() {
  const recorder = {
    place: newLatencyHistogram(),
    cart: newLatencyHistogram(),
    placeErrors: {} as Record<string, number>,
    cartErrors: {} as Record<string, number>,
    ordersPlaced: 0,
    cpuBefore: readCpu(),
    usageBefore: usage(),
    /** Puts 3 random products in the customer's cart (each add timed from its sending). */
    async fillCart(customer: Customer, productIds: readonly number[]): Promise<void> {
      for (const productId of pickProducts(productIds)) {
        const at = performance.now();
        const added = await request('POST', '/api/cart/items', customer.cookie, {
          productId,
          quantity: 1,
        });
        recorder.cart.recordValue(microsSince(at));
        if (added.status !== 200) count(recorder.cartErrors, added.status);
      }
    },
    /** Places the cart (COD); latency from `from`: the sending (closed) or the schedule (open). */
    async placeOrder(customer: Customer, from: number): Promise<void> {
      const placed = await request('POST', '/api/orders', customer.cookie, {
        addressId: customer.addressId,
        paymentMethod: 'cod',
      });
      recorder.place.recordValue(microsSince(from));
      if (placed.status === 201) recorder.ordersPlaced += 1;
      else count(recorder.placeErrors, placed.status);
    },
    /** The run's figures over `elapsedS` seconds; frees the histograms. */
    finish(elapsedS: number, rate?: number): RunFigures {
      const figures: RunFigures = {
        ...(rate === undefined ? {} : { rate }),
        durationS: Math.round(elapsedS * 10) / 10,
        ordersPlaced: recorder.ordersPlaced,
        ordersPerSecond: Math.round((recorder.ordersPlaced / elapsedS) * 10) / 10,
        placeOrder: percentiles(recorder.place),
        addToCart: percentiles(recorder.cart),
        errors: { placeOrder: recorder.placeErrors, addToCart: recorder.cartErrors },
        cpu: cpuShare(recorder.cpuBefore, readCpu()),
        cpuPerOrderMs: perOrder(recorder.usageBefore, usage(), recorder.ordersPlaced),
      };
      recorder.place.destroy();
      recorder.cart.destroy();
      return figures;
    },
  };
  return recorder;
}

function perOrder(
  before: { server: number; postgres: number },
  after: { server: number; postgres: number },
  orders: number,
) {
  const each = (value: number) => Math.round((value / Math.max(1, orders)) * 10) / 10;
  return {
    server: each(after.server - before.server),
    postgres: each(after.postgres - before.postgres),
  };
}

function count(errors: Record<string, number>, status: number): void {
  const key = status === 0 ? 'network' : String(status);
  errors[key] = (errors[key] ?? 0) + 1;
}

/** Closed loop: every customer fills its cart and places it, over and over, for `durationS` s. */
async function runClosed(
  customers: readonly Customer[],
  productIds: readonly number[],
  durationS: number,
): Promise<RunFigures> {
  await findPostgresBackends();
  const recorder = newRecorder();
  const started = performance.now();
  const deadline = started + durationS * 1000;
  await Promise.all(
    customers.map(async (customer) => {
      while (performance.now() < deadline) {
        await recorder.fillCart(customer, productIds);
        await recorder.placeOrder(customer, performance.now());
      }
    }),
  );
  return recorder.finish((performance.now() - started) / 1000);
}

/**
 * Open loop: `rate` orders/s for `durationS` s, order i placed by customer i mod N at its
 * scheduled instant (or as soon as that customer's previous cycle is done, the wait counted).
 * Each customer refills its cart right after each order, so carts are full when a run starts;
 * `fillAll` fills them before the first run.
 */
async function runOpen(
  customers: readonly Customer[],
  productIds: readonly number[],
  rate: number,
  durationS: number,
): Promise<RunFigures> {
  await findPostgresBackends();
  const recorder = newRecorder();
  const busy = customers.map(() => Promise.resolve());
  const elapsedS = await runSchedule(rate, durationS, (index, scheduledAt) => {
    const slot = index % customers.length;
    const customer = customers[slot]!;
    busy[slot] = busy[slot]!.then(async () => {
      await recorder.placeOrder(customer, scheduledAt);
      await recorder.fillCart(customer, productIds);
    });
    return busy[slot];
  });
  return recorder.finish(elapsedS, rate);
}

/** Fills every customer's cart once (before the first open-loop run). */
async function fillAll(customers: readonly Customer[], productIds: readonly number[]) {
  const recorder = newRecorder();
  await Promise.all(customers.map((customer) => recorder.fillCart(customer, productIds)));
  recorder.finish(1);
}

function describe(run: RunFigures): string {
  const { placeOrder: p, addToCart: c } = run;
  const errors = JSON.stringify(run.errors.placeOrder);
  return [
    ...(run.rate === undefined ? [] : [`at ${run.rate} orders/s scheduled`]),
    `${run.ordersPlaced} orders in ${run.durationS} s = ${run.ordersPerSecond} orders/s`,
    `POST /api/orders p50 ${p.p50} / p95 ${p.p95} / p99 ${p.p99} / max ${p.max} ms`,
    `POST /api/cart/items p50 ${c.p50} / p99 ${c.p99} ms`,
    `errors ${errors} cart ${JSON.stringify(run.errors.addToCart)}`,
    `CPU per order: server ${run.cpuPerOrderMs.server} ms, PostgreSQL ${run.cpuPerOrderMs.postgres} ms`,
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

    // One series of BENCH_REPEAT runs per configuration: the closed loop, or each open rate.
    const configurations: (number | undefined)[] = MODE === 'open' ? RATES : [undefined];
    const run = (rate: number | undefined, durationS: number) =>
      rate === undefined
        ? runClosed(customers, productIds, durationS)
        : runOpen(customers, productIds, rate, durationS);
    probe.serverPid = server.pid ?? 0;
    if (MODE === 'open') await fillAll(customers, productIds);
    const warmup = await run(configurations[0], WARMUP_S);
    console.log(`warm-up ${WARMUP_S} s: ${describe(warmup)}`);
    const series: { rate?: number; runs: RunFigures[]; median: RunFigures }[] = [];
    for (const rate of configurations) {
      const runs: RunFigures[] = [];
      for (let repeat = 0; repeat < REPEAT; repeat += 1) {
        const figures = await run(rate, DURATION_S);
        runs.push(figures);
        console.log(`run ${repeat + 1}: ${describe(figures)}`);
      }
      const median = [...runs].sort((a, b) => a.placeOrder.p99 - b.placeOrder.p99)[
        Math.floor(runs.length / 2)
      ]!;
      series.push({ ...(rate === undefined ? {} : { rate }), runs, median });
    }
    const allRuns = series.flatMap((entry) => entry.runs);

    const check = new pg.Client({ connectionString: databaseUrl() });
    await check.connect();
    const stored = await check.query<{ orders: string; items: string }>(
      'select (select count(*) from orders) as orders, (select count(*) from order_items) as items',
    );
    await check.end();
    const clientOrders =
      warmup.ordersPlaced + allRuns.reduce((sum, figures) => sum + figures.ordersPlaced, 0);
    // Open loop: the highest arrival rate whose median run keeps p99 within the budget.
    const withinBudget = series.filter((entry) => entry.median.placeOrder.p99 < BUDGET_P99_MS);
    const highestRateWithinBudget =
      MODE === 'open' ? Math.max(0, ...withinBudget.map((entry) => entry.rate ?? 0)) : undefined;

    const report = {
      date: new Date().toISOString(),
      mode: MODE,
      machine: { cpus: os.cpus().length, loadavg: os.loadavg() },
      customers: CUSTOMERS,
      linesPerOrder: LINES_PER_ORDER,
      durationS: DURATION_S,
      warmupS: WARMUP_S,
      products: productIds.length,
      warmup,
      series,
      stored: {
        orders: Number(stored.rows[0]!.orders),
        orderItems: Number(stored.rows[0]!.items),
        placedByClient: clientOrders,
      },
      budget: {
        p99Ms: BUDGET_P99_MS,
        ...(highestRateWithinBudget === undefined ? {} : { highestRateWithinBudget }),
      },
    };
    const file = path.join(
      RESULTS_DIR,
      `checkout-${MODE}-${report.date.replaceAll(':', '-').replace(/\..*$/, '')}.json`,
    );
    fs.writeFileSync(file, JSON.stringify(report, null, 2));

    console.log(
      `\nCheckout (${MODE} loop), ${CUSTOMERS} customers x (${LINES_PER_ORDER} cart adds + COD order), ${REPEAT} x ${DURATION_S} s per configuration on PostgreSQL; load average ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
    for (const entry of series) {
      console.log(`median run (by p99): ${describe(entry.median)}`);
      console.log(
        `  p99 of each run: ${entry.runs.map((figures) => figures.placeOrder.p99).join(' / ')} ms; p50: ${entry.runs.map((figures) => figures.placeOrder.p50).join(' / ')} ms; orders/s: ${entry.runs.map((figures) => figures.ordersPerSecond).join(' / ')}`,
      );
    }
    console.log(
      `stored: ${report.stored.orders} orders (client counted ${clientOrders}), ${report.stored.orderItems} items`,
    );
    if (highestRateWithinBudget !== undefined) {
      console.log(
        `highest rate with p99 under ${BUDGET_P99_MS} ms: ${highestRateWithinBudget || 'none'} orders/s`,
      );
    }
    console.log(`Results: ${path.relative(ROOT, file)}`);
  } finally {
    agent.destroy();
    if (server) await stopProcess(server);
    if (process.env.BENCH_KEEP_DB !== '1') {
      await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
