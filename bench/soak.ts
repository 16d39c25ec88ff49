/**
 * Load and soak benchmark (docs/performance.md "Budgets"): the built production server on
 * PostgreSQL over loopback, fed mixed traffic at a constant arrival rate (open loop,
 * bench/open-loop.ts `runSchedule`) for BENCH_DURATION seconds:
 * - browse 80 %: product list pages, searches and product details (signed out);
 * - cart 15 %: signed-in customers add, change and remove cart lines;
 * - checkout 5 %: a customer with a filled cart places it as a cash-on-delivery order.
 * Reports throughput, p50/p99 (latency from each request's scheduled instant, so queueing counts),
 * errors, the server's RSS (VmRSS of /proc/<pid>/status every BENCH_SAMPLE_S seconds) and its
 * heap after a forced full GC halfway through the warm-up and again at the end (the server runs with --expose-gc and
 * bench/soak-probe.mjs, which answers memory figures over the IPC channel: no route exists for
 * it). Then, on the same server, autocannon against GET /api/support/contact (the full stack's
 * trivial route: request id, the request's log line, security headers, the cross-site and access
 * checks, the response schema's serializer; no database), GET /api/health (the same plus a
 * database ping) and GET /api/auth/session, and against bench/bare-server.mjs (a bare Fastify
 * route): requests/s and the trivial route's ratio to the bare one. The ratio is also measured
 * once on the instance before the mixed load (reported, not a budget).
 *
 * Budgets: 0 errors, p99 < 100 ms, RSS < 350 MB, heap growth < 10 % (mid warm-up to the end, both
 * after a forced GC). Exit code 1 when one is missed. The full stack's ratio to a bare Fastify
 * route is reported, not a budget: users feel latency under load, not the trivial route's share
 * of a bare server's throughput (docs/decisions/0017-no-private-internals.md).
 *
 * Setup: a fresh database `bazaar_soak` at BENCH_PG_ADMIN_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres; never `test`) with the demo data, every product's
 * stock raised to 1,000,000 (10 minutes of checkouts never run it out), BENCH_CUSTOMERS (60)
 * verified customers inserted with SQL, each signed in through the captcha + login routes (the
 * captcha answer read from the database: the server runs with NODE_ENV=production, which
 * refuses CAPTCHA_TEST_CODE). The database is dropped afterwards (BENCH_KEEP_DB=1 keeps it).
 *
 * Run: npm run build && npx tsx bench/soak.ts
 *   BENCH_DURATION=600  seconds of measured load, after BENCH_WARMUP seconds of the same mix
 *                       (default a tenth of BENCH_DURATION, 10 to 60)
 *   BENCH_RATE=300      requests per second
 *   BENCH_CANNON_S=10   seconds of autocannon per target for the overhead ratio
 *   BENCH_NODE_ARGS='--max-old-space-size=192'  the server's Node flags (the default)
 *   BENCH_CI=1          the CI short form: see `verdicts` (what fails, what is only reported)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
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
const DB_NAME = 'bazaar_soak';
const RATE = Number(process.env.BENCH_RATE ?? 300);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 600);
/** Warm-up before the measured load: a tenth of the run, 10 s to 60 s (a minute for 10 minutes). */
const WARMUP_S = Number(
  process.env.BENCH_WARMUP ?? Math.min(60, Math.max(10, Math.round(DURATION_S / 10))),
);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 60);
const SAMPLE_S = Number(process.env.BENCH_SAMPLE_S ?? 5);
const CANNON_S = Number(process.env.BENCH_CANNON_S ?? 10);
const CI = process.env.BENCH_CI === '1';
/**
 * Node flags of the server. The default caps V8's old space at 192 MB as a production instance
 * would be (the live heap is about 85 MB): left to itself on this 24 GB machine V8 lets garbage
 * pile up to 300+ MB between full collections, and RSS follows.
 */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '--max-old-space-size=192')
  .split(' ')
  .filter(Boolean);
const PORT = Number(process.env.BENCH_PORT ?? 3994);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? 3995);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench@12345';
const SEARCH_TERMS = ['shirt', 'kurta', 'saree', 'jeans', 'cotton', 'silk', 'blue', 'frock'];

const BUDGET = {
  errors: 0,
  p99Ms: 100,
  rssMb: 350,
  heapGrowthPct: 10,
};

type Category = 'list' | 'search' | 'detail' | 'cartAdd' | 'cartUpdate' | 'cartRemove' | 'order';

/** A small deterministic PRNG (mulberry32), so two runs send the same mix. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const { request, agent } = keepAliveClient(ORIGIN, 100);

function databaseUrl(): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
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

/** The built server in production mode, with --expose-gc and the memory probe on IPC. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...NODE_ARGS,
      '--expose-gc',
      '--import',
      path.join(ROOT, 'bench/soak-probe.mjs'),
      path.join(ROOT, 'apps/server/dist/main.js'),
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl(),
        DATA_DIR: path.join(ROOT, 'data/bench-soak'),
        DEMO_DATA: 'auto',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: ORIGIN,
        AUTH_SECRET: 'soak-bench-secret-0123456789abcdefghijklmnop',
        LOG_LEVEL: 'warn',
        // 60 customers sign in from one address within seconds.
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  await waitUntilAnswering(`${ORIGIN}/api/health`, child);
  return child;
}

interface Memory {
  heapUsed: number;
  heapTotal: number;
  external: number;
  rss: number;
}

let memoryRequests = 0;

/** The server's process.memoryUsage(), after two full GCs when `gc` (bench/soak-probe.mjs). */
function serverMemory(child: ChildProcess, gc: boolean): Promise<Memory> {
  memoryRequests += 1;
  const id = memoryRequests;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('memory probe did not answer')), 10_000);
    const listener = (message: { type?: string; id?: number } & Memory) => {
      if (message?.type !== 'bazaar-soak-memory' || message.id !== id) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
    child.send({ type: 'bazaar-soak-memory', id, gc });
  });
}

/** VmRSS of /proc/<pid>/status, MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

const mb = (bytes: number) => Math.round(bytes / 104_857.6) / 10;

interface Customer {
  cookie: string;
  addressId: number;
  /** The cart as the bench knows it: productId -> quantity. */
  lines: Map<number, number>;
  /** The customer's previous request: the next one waits for it (one tab per customer). */
  busy: Promise<void>;
}

/** Inserts the customers (verified, one shared hash, a default address) and opens the stock. */
async function prepareData(): Promise<{ emails: string[]; productIds: number[] }> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query('update products set stock_quantity = 1000000');
    const passwordHash = await hashPassword(PASSWORD);
    await client.query('begin');
    const emails = await insertLoadCustomers(client, CUSTOMERS, passwordHash, {
      email: (i) => `soak-customer-${i}@bazaar.test`,
      name: (i) => `Soak Customer ${i}`,
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

/** Captcha (its answer read from the database) + login; the default address id. */
async function signIn(email: string, db: pg.Client): Promise<Customer> {
  const captcha = await request('POST', '/api/captchas');
  if (captcha.status !== 201) throw new Error(`captcha: ${captcha.status} ${captcha.body}`);
  const { captchaId } = JSON.parse(captcha.body) as { captchaId: string };
  const answer = await db.query<{ answer: string }>('select answer from captchas where id = $1', [
    captchaId,
  ]);
  const login = await request('POST', '/api/auth/login', undefined, {
    area: 'customer',
    identifier: email,
    password: PASSWORD,
    captchaId,
    captchaCode: answer.rows[0]?.answer ?? '',
  });
  // Production names it __Host-bazaar.session_token.
  const cookie = login.setCookie
    .find((line) => /^(__Host-)?bazaar\.session_token=[^;]/.test(line))
    ?.split(';')[0];
  if (login.status !== 200 || !cookie) {
    throw new Error(`sign-in of ${email}: ${login.status} ${login.body}`);
  }
  const list = await request('GET', '/api/addresses', cookie);
  const { addresses } = JSON.parse(list.body) as {
    addresses: { id: number; isDefault: boolean }[];
  };
  const address = addresses.find((entry) => entry.isDefault) ?? addresses[0];
  if (!address) throw new Error(`${email} has no address`);
  return { cookie, addressId: address.id, lines: new Map(), busy: Promise.resolve() };
}

interface Figures {
  requests: number;
  ok: number;
  errors: number;
  errorsByStatus: Record<string, number>;
  achievedRate: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
  perCategory: Record<string, { count: number; p50: number; p99: number; errors: number }>;
  /** The seconds (from the schedule's start) with the most answers over the p99 budget. */
  slowestSeconds: { second: number; slow: number; maxMs: number }[];
}

function ms(micros: number): number {
  return Math.round(micros / 10) / 100;
}

/**
 * Sends the mix at RATE per second for `durationS` seconds and records each answer's latency
 * from its scheduled instant. `onSecond` is called about every second with the elapsed seconds.
 */
async function runMix(
  customers: Customer[],
  productIds: readonly number[],
  durationS: number,
  seed: number,
  onSecond?: (elapsedS: number) => Promise<void> | void,
): Promise<Figures> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const overall = newLatencyHistogram();
  const histograms = new Map<Category, hdr.Histogram>();
  const categoryErrors = new Map<Category, number>();
  const errorsByStatus: Record<string, number> = {};
  let ok = 0;
  let errors = 0;
  let customerTurn = 0;
  const started = performance.now();
  /** Per second of the schedule: answers slower than the p99 budget, and the slowest one. */
  const seconds = new Map<number, { slow: number; maxMicros: number }>();

  const record = (category: Category, scheduledAt: number, status: number, expected: number) => {
    const micros = microsSince(scheduledAt);
    overall.recordValue(micros);
    const second = Math.floor((scheduledAt - started) / 1000);
    const tally = seconds.get(second) ?? { slow: 0, maxMicros: 0 };
    if (micros > BUDGET.p99Ms * 1000) tally.slow += 1;
    tally.maxMicros = Math.max(tally.maxMicros, micros);
    seconds.set(second, tally);
    let histogram = histograms.get(category);
    if (!histogram) {
      histogram = newLatencyHistogram();
      histograms.set(category, histogram);
    }
    histogram.recordValue(micros);
    if (status === expected) ok += 1;
    else {
      errors += 1;
      categoryErrors.set(category, (categoryErrors.get(category) ?? 0) + 1);
      const key = `${category} ${status}`;
      errorsByStatus[key] = (errorsByStatus[key] ?? 0) + 1;
    }
  };

  /** Runs `work` after the customer's previous request (a customer has one tab). */
  const asCustomer = (customer: Customer, work: () => Promise<void>): Promise<void> => {
    const run = customer.busy.then(work);
    customer.busy = run;
    return run;
  };

  const cartStep = (customer: Customer, scheduledAt: number): Promise<void> => {
    const roll = next();
    const lineIds = [...customer.lines.keys()];
    if (lineIds.length < 2 || (roll < 0.5 && lineIds.length < 5)) {
      let productId = pick(productIds);
      while (customer.lines.has(productId)) productId = pick(productIds);
      customer.lines.set(productId, 1);
      return asCustomer(customer, async () => {
        const answer = await request('POST', '/api/cart/items', customer.cookie, {
          productId,
          quantity: 1,
        });
        record('cartAdd', scheduledAt, answer.status, 200);
      });
    }
    const productId = pick(lineIds);
    if (roll < 0.8) {
      const quantity = 1 + Math.floor(next() * 3);
      customer.lines.set(productId, quantity);
      return asCustomer(customer, async () => {
        const answer = await request('PATCH', `/api/cart/items/${productId}`, customer.cookie, {
          quantity,
        });
        record('cartUpdate', scheduledAt, answer.status, 200);
      });
    }
    customer.lines.delete(productId);
    return asCustomer(customer, async () => {
      const answer = await request('DELETE', `/api/cart/items/${productId}`, customer.cookie);
      record('cartRemove', scheduledAt, answer.status, 200);
    });
  };

  const send = (_index: number, scheduledAt: number): Promise<void> => {
    const roll = next();
    if (roll < 0.8) {
      const kind = next();
      const [category, url]: [Category, string] =
        kind < 1 / 3
          ? ['list', `/api/products?page=${1 + Math.floor(next() * 20)}&pageSize=20`]
          : kind < 2 / 3
            ? ['search', `/api/products?q=${pick(SEARCH_TERMS)}&pageSize=20`]
            : ['detail', `/api/products/${pick(productIds)}`];
      return request('GET', url).then((answer) =>
        record(category, scheduledAt, answer.status, 200),
      );
    }
    customerTurn = (customerTurn + 1) % customers.length;
    const customer = customers[customerTurn]!;
    if (roll < 0.95 || customer.lines.size === 0) return cartStep(customer, scheduledAt);
    customer.lines.clear();
    return asCustomer(customer, async () => {
      const answer = await request('POST', '/api/orders', customer.cookie, {
        addressId: customer.addressId,
        paymentMethod: 'cod',
      });
      record('order', scheduledAt, answer.status, 201);
    });
  };

  let ticking = true;
  const ticker = (async () => {
    let second = 0;
    while (ticking) {
      second += 1;
      const due = started + second * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      if (ticking && onSecond) await onSecond(second);
    }
  })();
  const elapsedS = await runSchedule(RATE, durationS, send);
  ticking = false;
  await ticker;

  const perCategory: Figures['perCategory'] = {};
  for (const [category, histogram] of histograms) {
    perCategory[category] = {
      count: histogram.totalCount,
      p50: ms(histogram.getValueAtPercentile(50)),
      p99: ms(histogram.getValueAtPercentile(99)),
      errors: categoryErrors.get(category) ?? 0,
    };
    histogram.destroy();
  }
  const total = Math.round(RATE * durationS);
  const figures: Figures = {
    requests: total,
    ok,
    errors,
    errorsByStatus,
    achievedRate: Math.round((total / elapsedS) * 10) / 10,
    p50: ms(overall.getValueAtPercentile(50)),
    p90: ms(overall.getValueAtPercentile(90)),
    p99: ms(overall.getValueAtPercentile(99)),
    p999: ms(overall.getValueAtPercentile(99.9)),
    max: ms(overall.maxValue),
    perCategory,
    slowestSeconds: [...seconds]
      .filter(([, tally]) => tally.slow > 0)
      .sort(([, a], [, b]) => b.slow - a.slow)
      .slice(0, 5)
      .map(([second, tally]) => ({ second, slow: tally.slow, maxMs: ms(tally.maxMicros) })),
  };
  overall.destroy();
  return figures;
}

interface Throughput {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  /** The requests/s of each turn, when the figure is a mean of turns. */
  turns?: number[];
}

/** The mean of several turns' requests/s and p99, and their errors summed. */
function meanThroughput(runs: Throughput[]): Throughput {
  const mean = (values: number[]) =>
    Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  return {
    requestsPerSecond: mean(runs.map((run) => run.requestsPerSecond)),
    p99: mean(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    turns: runs.map((run) => run.requestsPerSecond),
  };
}

/** autocannon's command-line program (the package's `bin`). */
const AUTOCANNON_CLI = path.join(ROOT, 'node_modules/autocannon/autocannon.js');

/**
 * Closed-loop requests/s of one URL with autocannon (50 connections), run as a process of its
 * own (`autocannon --json`, the way Fastify's own benchmarks run it), never inside this one: here
 * the load generator would share an event loop and a heap with the soak (its histograms, sockets
 * and the tsx loader) and, on 2 cores, take CPU from the server being measured. Run in-process it
 * gave the trivial route 24,000 requests/s, 0.32 of bare, where the same server answered
 * 40,000-42,000 (0.52) to the separate command (bench/README.md). Every target is measured this
 * same way, so the ratios compare like with like.
 */
async function maxThroughput(url: string, durationS: number): Promise<Throughput> {
  const child = spawn(
    process.execPath,
    [AUTOCANNON_CLI, '--json', '--connections', '50', '--duration', String(durationS), url],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (exitCode !== 0) throw new Error(`autocannon ${url} exited with code ${String(exitCode)}`);
  const result = JSON.parse(output) as autocannon.Result;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The full stack's trivial route against the bare Fastify route, measured in turns (trivial,
 * bare, trivial, bare; half of BENCH_CANNON_S each) with both servers up, so a change in the
 * machine's speed during the minute hits both sides alike. Two unmeasured seconds each first:
 * before the mixed load neither route has run, and the mixed load never calls the trivial one.
 */
async function overheadTurns(): Promise<{ trivial: Throughput; bare: Throughput }> {
  const turnS = Math.max(1, Math.round(CANNON_S / 2));
  const trivialUrl = `${ORIGIN}/api/support/contact`;
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/constant`;
  await maxThroughput(trivialUrl, 2);
  await maxThroughput(bareUrl, 2);
  const turns: { trivial: Throughput; bare: Throughput }[] = [];
  for (let turn = 0; turn < 2; turn += 1) {
    turns.push({
      trivial: await maxThroughput(trivialUrl, turnS),
      bare: await maxThroughput(bareUrl, turnS),
    });
  }
  return {
    trivial: meanThroughput(turns.map((entry) => entry.trivial)),
    bare: meanThroughput(turns.map((entry) => entry.bare)),
  };
}

/** `a`'s requests/s over `b`'s, to 3 decimals. */
function ratio(a: Throughput, b: Throughput): number {
  return Math.round((a.requestsPerSecond / b.requestsPerSecond) * 1000) / 1000;
}

/** Aggregate CPU counters of /proc/stat (jiffies). */
function readCpu(): number[] {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  return line.trim().split(/\s+/).slice(1).map(Number);
}

type Cpu = ReturnType<typeof cpuShare>;

/** Shares (percent) of user+nice, system, idle, iowait and steal time between two readings. */
function cpuShare(before: number[], after: number[]) {
  const d = after.map((value, i) => value - (before[i] ?? 0));
  const total = d.reduce((sum, value) => sum + value, 0) || 1;
  const pct = (value: number) => Math.round((value / total) * 1000) / 10;
  return {
    user: pct(d[0]! + d[1]!),
    system: pct(d[2]!),
    idle: pct(d[3]!),
    iowait: pct(d[4]!),
    steal: pct(d[7] ?? 0),
  };
}

async function main(): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  let server: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    const setupStarted = performance.now();
    // The first start loads the demo data (720 products, their images made with sharp, whose
    // native memory stays with the process); an instance in service starts on loaded data, so
    // the measured server is a second start.
    server = await startServer();
    await stopProcess(server);
    server = await startServer();
    const pid = server.pid!;
    const idleRssMb = rssMb(pid);
    const { emails, productIds } = await prepareData();
    const db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    const customers: Customer[] = [];
    for (const email of emails) customers.push(await signIn(email, db));
    await db.end();
    console.log(
      `soak: server RSS ${idleRssMb} MB idle; ${customers.length} customers signed in, ${productIds.length} products, setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s; ${RATE} req/s for ${WARMUP_S} s warm-up + ${DURATION_S} s`,
    );

    // The bare Fastify server, for the overhead ratio; idle during the mixed load.
    bare = spawn(process.execPath, [path.join(ROOT, 'bench/bare-server.mjs')], {
      env: { ...process.env, PORT: String(BARE_PORT) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitUntilAnswering(`http://127.0.0.1:${BARE_PORT}/api/constant`, bare);
    // Framework overhead on the instance before the mixed load (reported; the verdict is the
    // ratio after it). The two differ because V8 generalises the code that every route shares
    // (Fastify's reply path, Node's header writing) once many routes have run through it, which
    // a bare server answering one route never sees (bench/README.md).
    const before = await overheadTurns();
    const beforeVsBare = ratio(before.trivial, before.bare);
    console.log(
      `overhead before the mixed load: GET /api/support/contact ${before.trivial.requestsPerSecond} req/s, ${beforeVsBare} of bare (${before.bare.requestsPerSecond} req/s)`,
    );

    // The heap baseline is taken halfway through the warm-up: the forced full collection (a
    // pause of 100+ ms, then a backlog and a few slower seconds) stays out of the latencies.
    const firstHalf = Math.ceil(WARMUP_S / 2);
    const warmup = await runMix(customers, productIds, firstHalf, 1);
    const baseline = await serverMemory(server, true);
    const settle = await runMix(customers, productIds, WARMUP_S - firstHalf, 4);
    console.log(
      `warm-up: p50 ${warmup.p50} ms, p99 ${warmup.p99} ms, errors ${warmup.errors}; after the baseline GC: p50 ${settle.p50} ms, p99 ${settle.p99} ms, errors ${settle.errors}`,
    );

    const samples: { s: number; rssMb: number; heapUsedMb: number }[] = [];
    const measure = (seed: number) =>
      runMix(customers, productIds, DURATION_S, seed, async (second) => {
        if (second % SAMPLE_S === 0) {
          const memory = await serverMemory(server!, false);
          samples.push({ s: second, rssMb: rssMb(pid), heapUsedMb: mb(memory.heapUsed) });
          if (second % 60 === 0 || (DURATION_S < 120 && second % 10 === 0)) {
            const last = samples.at(-1)!;
            console.log(`  ${second} s: RSS ${last.rssMb} MB, heap ${last.heapUsedMb} MB`);
          }
        }
      });
    let cpuBefore = readCpu();
    let load = await measure(2);
    // CI only: one stall of this shared VM (its disk has stopped writing for 1-2 s, seen as
    // iowait with nothing written) puts hundreds of answers past the p99 budget. A p99 miss
    // without errors gets one more measured run on the same server; the verdict is that run's.
    let firstRun: { p99: number; slowestSeconds: Figures['slowestSeconds']; cpu: Cpu } | undefined;
    if (CI && load.errors === 0 && load.p99 >= BUDGET.p99Ms * 3) {
      firstRun = {
        p99: load.p99,
        slowestSeconds: load.slowestSeconds,
        cpu: cpuShare(cpuBefore, readCpu()),
      };
      console.log(
        `first run: p99 ${load.p99} ms over 3x the budget (iowait ${firstRun.cpu.iowait} %, steal ${firstRun.cpu.steal} %; slowest seconds ${load.slowestSeconds
          .map((entry) => `${entry.second} s: ${entry.slow}, ${entry.maxMs} ms`)
          .join('; ')}); measuring once more`,
      );
      cpuBefore = readCpu();
      load = await measure(3);
    }
    const cpu = cpuShare(cpuBefore, readCpu());
    const end = await serverMemory(server, true);
    const endRssMb = rssMb(pid);
    const maxRssMb = Math.max(endRssMb, ...samples.map((sample) => sample.rssMb));
    const heapGrowthPct =
      Math.round(((end.heapUsed - baseline.heapUsed) / baseline.heapUsed) * 1000) / 10;

    // Framework overhead after the mixed load (the verdict): see `overheadTurns`.
    const { trivial, bare: bareFigures } = await overheadTurns();
    const health = await maxThroughput(`${ORIGIN}/api/health`, CANNON_S);
    const session = await maxThroughput(`${ORIGIN}/api/auth/session`, CANNON_S);
    await stopProcess(bare);
    bare = undefined;
    await stopProcess(server);
    server = undefined;
    const trivialVsBare = ratio(trivial, bareFigures);
    const healthVsBare = ratio(health, bareFigures);
    const sessionVsBare = ratio(session, bareFigures);

    const checks = {
      errors: { value: load.errors, budget: `= ${BUDGET.errors}`, met: load.errors === 0 },
      p99Ms: { value: load.p99, budget: `< ${BUDGET.p99Ms}`, met: load.p99 < BUDGET.p99Ms },
      rssMb: { value: maxRssMb, budget: `< ${BUDGET.rssMb}`, met: maxRssMb < BUDGET.rssMb },
      heapGrowthPct: {
        value: heapGrowthPct,
        budget: `< ${BUDGET.heapGrowthPct}`,
        met: heapGrowthPct < BUDGET.heapGrowthPct,
      },
    };
    // CI (BENCH_CI=1, a 30 s run on whatever else the box is doing): what cannot be noise fails
    // (an error answer, RSS over budget); latency fails only past 3x its budget, in the second
    // measured run when the first one missed it (see firstRun); heap growth over
    // 30 s is warm-up, not a leak, and the throughput ratio depends on the neighbours: both are
    // printed, never failed.
    const failing = CI
      ? [
          ...(checks.errors.met ? [] : ['errors']),
          ...(checks.rssMb.met ? [] : ['rssMb']),
          ...(load.p99 < BUDGET.p99Ms * 3 ? [] : ['p99Ms (over 3x the budget)']),
        ]
      : Object.entries(checks)
          .filter(([, check]) => !check.met)
          .map(([name]) => name);

    const report = {
      date: new Date().toISOString(),
      rate: RATE,
      durationS: DURATION_S,
      nodeArgs: NODE_ARGS,
      warmupS: WARMUP_S,
      customers: customers.length,
      products: productIds.length,
      loadAverage: os.loadavg(),
      cpu,
      firstRun,
      load,
      memory: {
        idleRssMb,
        baselineAtWarmupS: Math.ceil(WARMUP_S / 2),
        baselineHeapMb: mb(baseline.heapUsed),
        endHeapMb: mb(end.heapUsed),
        heapGrowthPct,
        maxRssMb,
        endRssMb,
        samples,
      },
      overheadBeforeLoad: {
        trivial: before.trivial,
        bare: before.bare,
        trivialVsBare: beforeVsBare,
      },
      overhead: {
        trivial,
        health,
        session,
        bare: bareFigures,
        trivialVsBare,
        healthVsBare,
        sessionVsBare,
      },
      checks,
      ci: CI,
      failing,
    };
    const file = path.join(
      RESULTS_DIR,
      `soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    fs.writeFileSync(file, JSON.stringify(report, null, 2));

    console.log(
      `\nmixed load ${RATE} req/s for ${DURATION_S} s: ${load.requests} requests, achieved ${load.achievedRate} req/s, ok ${load.ok}, errors ${load.errors} ${JSON.stringify(load.errorsByStatus)}`,
    );
    console.log(
      `latency from schedule: p50 ${load.p50} ms, p90 ${load.p90} ms, p99 ${load.p99} ms, p99.9 ${load.p999} ms, max ${load.max} ms`,
    );
    for (const [category, figures] of Object.entries(load.perCategory)) {
      console.log(
        `  ${category.padEnd(10)} ${String(figures.count).padStart(7)} requests  p50 ${figures.p50} ms  p99 ${figures.p99} ms  errors ${figures.errors}`,
      );
    }
    console.log(
      `slowest seconds (answers over ${BUDGET.p99Ms} ms, slowest): ${
        load.slowestSeconds
          .map((entry) => `${entry.second} s: ${entry.slow}, ${entry.maxMs} ms`)
          .join('; ') || 'none'
      }`,
    );
    console.log(
      `memory: RSS max ${maxRssMb} MB (end ${endRssMb} MB); heap after GC ${report.memory.baselineHeapMb} MB halfway through the warm-up -> ${report.memory.endHeapMb} MB at the end (${heapGrowthPct} %)`,
    );
    console.log(
      `overhead after the load (autocannon, 50 connections, ${CANNON_S} s): GET /api/support/contact ${trivial.requestsPerSecond} req/s (${trivialVsBare} of bare; turns ${trivial.turns?.join(', ')} against ${bareFigures.turns?.join(', ')}), GET /api/health ${health.requestsPerSecond} req/s, GET /api/auth/session ${session.requestsPerSecond} req/s, bare Fastify ${bareFigures.requestsPerSecond} req/s; health/bare ${healthVsBare}, session/bare ${sessionVsBare}`,
    );
    console.log(
      `machine during the load: CPU user ${cpu.user} % system ${cpu.system} % idle ${cpu.idle} % iowait ${cpu.iowait} % steal ${cpu.steal} %, load average ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}`,
    );
    for (const [name, check] of Object.entries(checks)) {
      console.log(
        `  ${check.met ? 'met   ' : 'MISSED'} ${name} ${check.value} (budget ${check.budget})`,
      );
    }
    console.log(`written ${path.relative(ROOT, file)}`);
    if (failing.length > 0) {
      console.error(`soak: over budget: ${failing.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    agent.destroy();
    if (server) await stopProcess(server);
    if (bare) await stopProcess(bare);
    if (process.env.BENCH_KEEP_DB !== '1') {
      await adminQuery(`drop database if exists ${DB_NAME} with (force)`).catch(() => {});
    }
  }
}

await main();
