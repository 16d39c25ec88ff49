/**
 * Crash loop (docs/operations.md "Crashes and lost database connections"): the built server
 * (`node apps/server/dist/main.js`) on a PostgreSQL database of its own, or on a PGlite folder of
 * its own (`database: 'pglite'`), is SIGKILLed at a random moment under mixed traffic and
 * restarted, `kills` times; after every kill, and once more after a graceful stop at the end, the
 * data is checked with SQL (`checkInvariants`). Nothing a killed process was doing may leave a
 * half-written order or bill behind, and every restart must answer /api/health within
 * `restartLimitMs`. On PGlite the harness itself opens the folder for each check while the server
 * is down, so the killed server's folder lock is taken over twice per cycle (docs/operations.md
 * "One process per PGlite folder"). `pidNamespace` runs the server as process 1 of its own pid
 * namespace (`unshare --pid --fork --mount-proc`, Linux as root), as in a container.
 *
 * Traffic (`workers` virtual users, each a signed-in customer, the admin shared): browse 45 %
 * (search, product page), add to cart 25 %, cash-on-delivery checkout 12 %, wholesale bill
 * purchase 10 % and bill payment 8 % as the admin. Requests cut off by a kill count as
 * `network`; any 5xx answer fails the run.
 *
 * Setup: on PostgreSQL creates `bazaar_crash_<pid>` through `adminUrl` (the postgres superuser)
 * and drops it at the end (`keepDatabase` keeps it); on PGlite uses `DATA_DIR/pglite` of the
 * temporary DATA_DIR. Migrates and inserts its own shop, products, customers,
 * demo staff accounts, wholesale customers and stock rows; a temporary DATA_DIR; a free port.
 * The server runs with NODE_ENV=development because the sign-in needs CAPTCHA_TEST_CODE, which
 * production refuses; everything else is the production build.
 *
 * Run: npm run build, then
 *   npx tsx apps/server/test/harness/crash-loop.ts
 *   CRASH_LOOP_KILLS=50 CRASH_LOOP_WORKERS=6 CRASH_LOOP_PG_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres
 *   CRASH_LOOP_DB=pglite (default postgres) CRASH_LOOP_PID_NAMESPACE=1 (server as pid 1)
 * Prints the figures as JSON; exits 1 when an invariant or a request failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/db/client.js';
import { hashPassword } from '../../src/platform/auth.js';
import { createRandom, type Random } from '../../src/seed/prng.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../src/seed/demo-accounts.js';
import { insertLoadCustomers } from './load-customers.js';

const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const CAPTCHA_CODE = 'ABCDEFG';
const CUSTOMER_PASSWORD = 'Crash@12345';
/** The storefront products and their opening stock. */
const PRODUCT_COUNT = 12;
const PRODUCT_STOCK = 2_000;
const STOCK_KEYS = ['Shirt-Box', 'Trouser-Packing'].flatMap((item) =>
  ['Silver', 'Golden', 'Diamond'].map((category) => ({ item, category, type: "Men's" })),
);
const STOCK_PIECES = 5_000;

export interface CrashLoopOptions {
  /** Which database the server runs on: PostgreSQL (the default) or a PGlite folder. */
  database?: 'postgres' | 'pglite';
  /** A superuser URL of the PostgreSQL server (creates and drops the database); PostgreSQL only. */
  adminUrl?: string;
  /** Runs the server as process 1 of a new pid namespace (`unshare`), as in a container. */
  pidNamespace?: boolean;
  /** The longest a restart after a kill may take to answer /api/health, ms; longer fails the run (20 000). */
  restartLimitMs?: number;
  kills: number;
  workers: number;
  /** How long the server runs under load before each kill: uniformly in [min, max] ms. */
  upMinMs: number;
  upMaxMs: number;
  seed: number;
  keepDatabase?: boolean;
  /** Progress lines (stderr by default). */
  log?: (line: string) => void;
}

/**
 * The SQL the harness runs itself: a pg client or PGlite, both answer `query(text, params)` with
 * `$1` placeholders.
 */
export interface SqlClient {
  query<Row>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/** What one invariant check found: the name of each invariant and its count of violations. */
export type InvariantReport = Record<string, number>;

export interface CrashLoopFigures {
  /** The PostgreSQL database's name, or the PGlite folder. */
  database: string;
  kills: number;
  restarts: number;
  /** Answers by `kind status` (`network` for requests cut off by a kill). */
  requests: Record<string, number>;
  requestsTotal: number;
  /** How many times the invariant queries ran, and how many invariants each time. */
  invariantChecks: number;
  invariantsPerCheck: number;
  /** Violations summed over all checks, by invariant (all zero when the run passed). */
  violations: InvariantReport;
  /** Writes answered 201/200 to the load generator. */
  ordersPlaced: number;
  billsCreated: number;
  billPayments: number;
  /**
   * What the database holds at the end: more than answered means some kills landed after a
   * commit and before the answer (the client saw a network error for a write that stayed).
   */
  ordersInDatabase: number;
  billsInDatabase: number;
  billPaymentsInDatabase: number;
  /** Mean and longest time from spawning the server to its first healthy answer, ms. */
  restartMeanMs: number;
  restartMaxMs: number;
  elapsedMs: number;
  passed: boolean;
  failures: string[];
}

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** A free TCP port on loopback (asked of the kernel, then released). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Where the run's data lives: a PostgreSQL database or a PGlite folder. */
type Target = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; pgliteDir: string };

/**
 * Opens `target` for the harness's own SQL (while the server is down, for PGlite); close it
 * before the server starts again.
 */
async function openSql(target: Target): Promise<{ sql: SqlClient; close(): Promise<void> }> {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return { sql: client as unknown as SqlClient, close: () => client.end() };
  }
  const database = await openDatabase({ pgliteDataDir: target.pgliteDir });
  // openDatabase's PGlite handle: drizzle keeps it as $client.
  const client = (database.db as unknown as { $client: SqlClient }).$client;
  return { sql: client, close: () => database.close() };
}

/** The run's own data: shops, products, customers, staff, wholesale customers and stock. */
async function prepareData(target: Target, customers: number) {
  const database = await openDatabase(
    target.kind === 'postgres'
      ? { databaseUrl: target.databaseUrl, poolMax: 2 }
      : { pgliteDataDir: target.pgliteDir },
  );
  try {
    await database.migrate();
    // PGlite is one connection: the harness's SQL goes through the handle just opened.
    const opened =
      target.kind === 'postgres'
        ? await openSql(target)
        : {
            sql: (database.db as unknown as { $client: SqlClient }).$client,
            close: async () => {},
          };
    const client = opened.sql;
    try {
      const shops: number[] = [];
      for (const name of ['Crash Loop Fashion', 'Restart Garments']) {
        const row = await client.query<{ id: number }>(
          `insert into shops (name, owner_name, email, mobile, locality, city, district, pincode)
           values ($1, 'Ramesh Kumar', $2, '9876543210', 'Boring Road', 'Patna', 'Patna', '800001')
           returning id`,
          [name, `${name.toLowerCase().replace(/ /g, '.')}@example.in`],
        );
        shops.push(row.rows[0]!.id);
      }
      // The demo staff accounts (admin@bazaar.test ...) with DEMO_PASSWORD.
      await seedDemoAccounts(database.db);
      const productIds: number[] = [];
      for (let index = 0; index < PRODUCT_COUNT; index += 1) {
        const price = 19_900 + index * 7_331;
        // One design of one variant per product (docs/catalog.md "Designs and variants").
        const design = await client.query<{ id: number }>(
          `insert into product_designs (shop_id, company, name, category, style, material, description)
           values ($1, 'Raymond', $2, 'Men', 'Plain', 'Cotton', 'Crash loop kurta in soft cotton.')
           returning id`,
          [shops[index % 2], `Crash Loop Kurta ${index}`],
        );
        const row = await client.query<{ id: number }>(
          `insert into products (shop_id, design_id, sku, company, name, category, style, material, colour,
             size, chest_inches, length_cm, price_paise, mrp_paise, rating, rating_count,
             description, placement, stock_quantity)
           values ($1, $6, $2, 'Raymond', $3, 'Men', 'Plain', 'Cotton', 'White', 'M', 40, 71, $4, $4,
             4, 10, 'Crash loop kurta in soft cotton.', 'normal', $5)
           returning id`,
          [
            shops[index % 2],
            `CRASH-${index}`,
            `Crash Loop Kurta ${index}`,
            price,
            PRODUCT_STOCK,
            design.rows[0]!.id,
          ],
        );
        await client.query('select refresh_design_summary(array[$1]::int[])', [design.rows[0]!.id]);
        productIds.push(row.rows[0]!.id);
      }
      const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
      // insertLoadCustomers only calls query(text, params), which PGlite answers the same way.
      const emails = await insertLoadCustomers(
        client as unknown as pg.ClientBase,
        customers,
        passwordHash,
        {
          email: (index) => `crash-customer-${index}@example.in`,
          name: (index) => `Crash Customer ${index}`,
          mobile: (index) => `96${String(index).padStart(8, '0')}`,
        },
      );
      const wholesale: number[] = [];
      for (let index = 0; index < 3; index += 1) {
        const userId = crypto.randomUUID();
        const email = `crash-wholesale-${index}@example.in`;
        const mobile = `95${String(index).padStart(8, '0')}`;
        await client.query(
          `insert into users (id, name, email, email_verified, role, mobile, gender)
           values ($1, $2, $3, true, 'customer', $4, 'Male')`,
          [userId, `Crash Wholesale ${index}`, email, mobile],
        );
        const row = await client.query<{ id: number }>(
          `insert into wholesale_customers (user_id, name, email, mobile, shop_name, locality,
             landmark, city, pincode)
           values ($1, $2, $3, $4, $5, 'Khemnichak', 'Near the temple', 'Patna', '800020')
           returning id`,
          [userId, `Crash Wholesale ${index}`, email, mobile, `Crash Cloth Store ${index}`],
        );
        wholesale.push(row.rows[0]!.id);
      }
      // Stock is kept per size: a row for every size the bills below pick.
      for (const key of STOCK_KEYS.flatMap((each) =>
        ['S', 'M', 'L', 'XL'].map((size) => ({ ...each, size })),
      )) {
        await client.query('begin');
        const row = await client.query<{ id: number }>(
          `insert into stock_items (item, category, type, size, quantity, price_paise)
           values ($1, $2, $3, $4, $5, 25000) returning id`,
          [key.item, key.category, key.type, key.size, STOCK_PIECES],
        );
        await client.query(
          `insert into stock_movements (stock_item_id, kind, change, quantity_after)
           values ($1, 'opening', $2, $2)`,
          [row.rows[0]!.id, STOCK_PIECES],
        );
        await client.query('commit');
      }
      return { productIds, emails, wholesale };
    } finally {
      await opened.close();
    }
  } finally {
    await database.close();
  }
}

/**
 * The invariants, each a count of violations (0 = holds), over the whole database:
 * - storefront stock: products.stock_quantity is what is left to sell; an order takes its units
 *   in the same transaction that writes it, and a cancelled or returned shipment gives them
 *   back, so stock + units on live shipments must equal each product's `committed` baseline;
 * - every order has shipments and items, its total is the sum of its items, each shipment's
 *   subtotal the sum of its own items;
 * - back office: stock_items.quantity = sum of its stock_movements, the last movement's
 *   quantity_after = quantity, sales minus restores = pieces on existing bills;
 * - bills: received = sum of payments (dues = total - payments), received <= total, amount =
 *   sum of lines, every bill has lines;
 * - no orphans: order_items / shipments / status events without orders, items without
 *   shipments, bill_items / bill_payments without bills, paid payment events without an order.
 */
export async function checkInvariants(
  client: SqlClient,
  committed: Map<number, number>,
): Promise<InvariantReport> {
  const counts = await client.query<Record<string, number>>(`select
    (select count(*) from orders o where not exists
      (select 1 from order_items i where i.order_id = o.id))::int as "ordersWithoutItems",
    (select count(*) from orders o where not exists
      (select 1 from shipments s where s.order_id = o.id))::int as "ordersWithoutShipments",
    (select count(*) from shipments s where not exists
      (select 1 from order_items i where i.shipment_id = s.id))::int as "shipmentsWithoutItems",
    (select count(*) from orders o where o.total_paise <> (select coalesce(sum(i.line_total_paise), 0)
      from order_items i where i.order_id = o.id))::int as "orderTotalsOffItems",
    (select count(*) from orders o where o.item_count <> (select coalesce(sum(i.quantity), 0)
      from order_items i where i.order_id = o.id))::int as "orderCountsOffItems",
    (select count(*) from shipments s where s.subtotal_paise <> (select coalesce(sum(i.line_total_paise), 0)
      from order_items i where i.shipment_id = s.id))::int as "shipmentSubtotalsOffItems",
    (select count(*) from order_items i where not exists
      (select 1 from orders o where o.id = i.order_id))::int as "orderItemsWithoutOrders",
    (select count(*) from order_items i where not exists
      (select 1 from shipments s where s.id = i.shipment_id and s.order_id = i.order_id))::int
      as "orderItemsWithoutShipments",
    (select count(*) from shipments s where not exists
      (select 1 from orders o where o.id = s.order_id))::int as "shipmentsWithoutOrders",
    (select count(*) from order_status_events e where not exists
      (select 1 from orders o where o.id = e.order_id))::int as "statusEventsWithoutOrders",
    (select count(*) from payment_events p where p.outcome = 'paid' and not exists
      (select 1 from orders o where o.razorpay_order_id = p.razorpay_order_id))::int
      as "paymentsWithoutOrders",
    (select count(*) from stock_items s where s.quantity <> (select coalesce(sum(m.change), 0)
      from stock_movements m where m.stock_item_id = s.id))::int as "stockOffLedger",
    (select count(*) from stock_items s where s.quantity is distinct from (select m.quantity_after
      from stock_movements m where m.stock_item_id = s.id order by m.id desc limit 1))::int
      as "stockOffLastMovement",
    (select count(*) from stock_items s where coalesce((select -sum(m.change) from stock_movements m
      where m.stock_item_id = s.id and m.kind in ('sale', 'restore')), 0) <>
      coalesce((select sum(i.quantity) from bill_items i where i.stock_item_id = s.id), 0))::int
      as "ledgerSalesOffBills",
    (select count(*) from bills b where b.received_paise <> (select coalesce(sum(p.amount_paise), 0)
      from bill_payments p where p.bill_id = b.id))::int as "billDuesOffPayments",
    (select count(*) from bills b where b.received_paise > b.amount_paise + b.gst_paise)::int
      as "billsOverpaid",
    (select count(*) from bills b where b.amount_paise <> (select coalesce(sum(i.amount_paise), 0)
      from bill_items i where i.bill_id = b.id))::int as "billAmountsOffLines",
    (select count(*) from bills b where not exists
      (select 1 from bill_items i where i.bill_id = b.id))::int as "billsWithoutLines",
    (select count(*) from bill_items i where not exists
      (select 1 from bills b where b.id = i.bill_id))::int as "billItemsWithoutBills",
    (select count(*) from bill_payments p where not exists
      (select 1 from bills b where b.id = p.bill_id))::int as "billPaymentsWithoutBills"`);
  const report: InvariantReport = { ...counts.rows[0]! };
  const stock = await client.query<{ id: number; units: number }>(`
    select p.id, (p.stock_quantity + coalesce((select sum(i.quantity) from order_items i
      join shipments s on s.id = i.shipment_id
      where i.product_id = p.id and s.status not in ('cancelled', 'returned')), 0))::int as units
    from products p`);
  report.productStockOffOrders = stock.rows.filter(
    (row) => row.units !== (committed.get(row.id) ?? -1),
  ).length;
  return report;
}

/** Each product's stock plus its units on live shipments: constant whatever is ordered. */
export async function committedUnits(client: SqlClient): Promise<Map<number, number>> {
  const rows = await client.query<{ id: number; units: number }>(`
    select p.id, (p.stock_quantity + coalesce((select sum(i.quantity) from order_items i
      join shipments s on s.id = i.shipment_id
      where i.product_id = p.id and s.status not in ('cancelled', 'returned')), 0))::int as units
    from products p`);
  return new Map(rows.rows.map((row) => [row.id, row.units]));
}

/**
 * Runs the crash loop; answers its figures. Always drops the database (unless `keepDatabase`)
 * and kills the server it started.
 * @throws Error when the build is missing or a restart does not come up.
 */
export async function runCrashLoop(options: CrashLoopOptions): Promise<CrashLoopFigures> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (!fs.existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} is missing: run npm run build first`);
  }
  const kind = options.database ?? 'postgres';
  if (kind === 'postgres' && !options.adminUrl) throw new Error('adminUrl is needed on PostgreSQL');
  const adminUrl = options.adminUrl ?? '';
  const restartLimitMs = options.restartLimitMs ?? 20_000;
  const started = Date.now();
  const random: Random = createRandom(options.seed);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-crash-'));
  const dbName = kind === 'postgres' ? `bazaar_crash_${process.pid}` : path.join(dataDir, 'pglite');
  const databaseUrl = kind === 'postgres' ? databaseUrlFor(adminUrl, dbName) : '';
  const target: Target =
    kind === 'postgres' ? { kind, databaseUrl } : { kind, pgliteDir: path.join(dataDir, 'pglite') };
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const figures: CrashLoopFigures = {
    database: dbName,
    kills: 0,
    restarts: 0,
    requests: {},
    requestsTotal: 0,
    invariantChecks: 0,
    invariantsPerCheck: 0,
    violations: {},
    ordersPlaced: 0,
    billsCreated: 0,
    billPayments: 0,
    ordersInDatabase: 0,
    billsInDatabase: 0,
    billPaymentsInDatabase: 0,
    restartMeanMs: 0,
    restartMaxMs: 0,
    elapsedMs: 0,
    passed: false,
    failures: [],
  };
  const restartTimes: number[] = [];
  let child: ChildProcess | undefined;

  if (kind === 'postgres') {
    await adminQuery(adminUrl, `drop database if exists ${dbName}`);
    await adminQuery(adminUrl, `create database ${dbName}`);
  }
  try {
    const data = await prepareData(target, options.workers);
    const committed = await (async () => {
      const opened = await openSql(target);
      try {
        return await committedUnits(opened.sql);
      } finally {
        await opened.close();
      }
    })();

    const serverOutput: string[] = [];
    const command = options.pidNamespace
      ? // --kill-child: the server dies with unshare, should the harness kill unshare itself.
        [
          'unshare',
          '--pid',
          '--fork',
          '--mount-proc',
          '--kill-child',
          process.execPath,
          SERVER_MAIN,
        ]
      : [process.execPath, SERVER_MAIN];
    const startServer = async (): Promise<ChildProcess> => {
      const spawnedAt = Date.now();
      const process_ = spawn(command[0]!, command.slice(1), {
        env: {
          ...process.env,
          NODE_ENV: 'development',
          // Empty on PGlite: the server then opens DATA_DIR/pglite.
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          DEMO_DATA: 'off',
          HOST: '127.0.0.1',
          PORT: String(port),
          PG_POOL_MAX: '8',
          LOG_LEVEL: 'error',
          AUTH_SECRET: 'crash-loop-auth-secret-0123456789abcdef',
          CAPTCHA_TEST_CODE: CAPTCHA_CODE,
          AUTH_RATE_LIMIT_PER_MINUTE: '100000',
          CATALOG_SUMMARY_TTL_MS: '0',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      process_.stderr!.on('data', (chunk: Buffer) => {
        serverOutput.push(chunk.toString());
        if (serverOutput.length > 50) serverOutput.shift();
      });
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (process_.exitCode !== null) {
          throw new Error(`server exited with ${process_.exitCode}: ${serverOutput.join('')}`);
        }
        try {
          if ((await fetch(`${origin}/api/health`)).ok) {
            const tookMs = Date.now() - spawnedAt;
            // The first start is not a restart: it only opens the folder the setup prepared.
            if (restartTimes.length > 0 && tookMs > restartLimitMs) {
              figures.failures.push(`restart ${restartTimes.length} took ${tookMs} ms`);
            }
            restartTimes.push(tookMs);
            return process_;
          }
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      process_.kill('SIGKILL');
      throw new Error(`server did not answer within 60 s: ${serverOutput.join('')}`);
    };

    /**
     * Sends `signal` to the server and waits until it is gone. Under `unshare` the server is the
     * child of the unshare process (process 1 inside): the signal goes to it, so a SIGKILL hits
     * the server itself, as `docker kill` does, and unshare exits once it has reaped it.
     */
    const stopServer = async (server: ChildProcess, signal: NodeJS.Signals) => {
      const exited = new Promise((resolve) => {
        if (server.exitCode !== null || server.signalCode !== null) resolve(undefined);
        else server.once('exit', resolve);
      });
      let pid = server.pid!;
      if (options.pidNamespace) {
        const children = fs
          .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
          .trim()
          .split(' ')
          .filter(Boolean);
        if (children.length === 1) pid = Number(children[0]);
      }
      process.kill(pid, signal);
      await exited;
    };

    const agentRequest = async (
      method: string,
      url: string,
      cookie?: string,
      body?: unknown,
    ): Promise<Answer> => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (cookie) headers.cookie = cookie;
      try {
        const response = await fetch(`${origin}${url}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        return {
          status: response.status,
          body: await response.text(),
          setCookie: response.headers.getSetCookie(),
        };
      } catch {
        return { status: 0, body: '', setCookie: [] };
      }
    };

    const signIn = async (area: string, identifier: string, password: string) => {
      const captcha = await agentRequest('POST', '/api/captchas');
      if (captcha.status !== 201) throw new Error(`captcha: ${captcha.status} ${captcha.body}`);
      const { captchaId } = JSON.parse(captcha.body) as { captchaId: string };
      const login = await agentRequest('POST', '/api/auth/login', undefined, {
        area,
        identifier,
        password,
        captchaId,
        captchaCode: CAPTCHA_CODE,
      });
      const cookie = login.setCookie
        .find((line) => /^[^=]*session_token=[^;]/.test(line))
        ?.split(';')[0];
      if (login.status !== 200 || !cookie) {
        throw new Error(`sign-in of ${identifier}: ${login.status} ${login.body}`);
      }
      return cookie;
    };

    child = await startServer();
    // Sessions live in the database, so one sign-in serves every restart.
    const admin = await signIn('admin', 'admin@bazaar.test', DEMO_PASSWORD);
    const customers: { cookie: string; addressId: number }[] = [];
    for (const email of data.emails) {
      const cookie = await signIn('customer', email, CUSTOMER_PASSWORD);
      const list = await agentRequest('GET', '/api/addresses', cookie);
      const { addresses } = JSON.parse(list.body) as { addresses: { id: number }[] };
      customers.push({ cookie, addressId: addresses[0]!.id });
    }

    const billIds: number[] = [];
    const count = (kind: string, status: number) => {
      const key = `${kind} ${status === 0 ? 'network' : status}`;
      figures.requests[key] = (figures.requests[key] ?? 0) + 1;
      figures.requestsTotal += 1;
      if (status >= 500) figures.failures.push(`${kind} answered ${status}`);
    };

    /** One request of the mix as `customer` (the admin for the back office). */
    const operate = async (customer: { cookie: string; addressId: number }) => {
      const roll = random.next();
      if (roll < 0.45) {
        if (random.chance(0.5)) {
          const answer = await agentRequest('GET', '/api/products?q=kurta&pageSize=20');
          count('browse', answer.status);
        } else {
          const answer = await agentRequest('GET', `/api/products/${random.pick(data.productIds)}`);
          count('product', answer.status);
        }
      } else if (roll < 0.7) {
        const answer = await agentRequest('POST', '/api/cart/items', customer.cookie, {
          productId: random.pick(data.productIds),
          quantity: random.int(1, 3),
        });
        count('cart', answer.status);
      } else if (roll < 0.82) {
        const answer = await agentRequest('POST', '/api/orders', customer.cookie, {
          addressId: customer.addressId,
          paymentMethod: 'cod',
        });
        count('checkout', answer.status);
        if (answer.status === 201) figures.ordersPlaced += 1;
      } else if (roll < 0.92 || billIds.length === 0) {
        const lines = Array.from({ length: random.int(1, 3) }, () => ({
          ...random.pick(STOCK_KEYS),
          size: random.pick(['S', 'M', 'L', 'XL']),
          quantity: random.int(1, 12),
          ratePaise: random.int(100, 60_000),
        }));
        const amount = lines.reduce((sum, line) => sum + line.quantity * line.ratePaise, 0);
        const answer = await agentRequest(
          'POST',
          `/api/customers/${random.pick(data.wholesale)}/bills`,
          admin,
          {
            lines,
            gstApplied: random.chance(0.5),
            receivedPaise: random.chance(0.5) ? random.int(0, amount) : 0,
          },
        );
        count('purchase', answer.status);
        if (answer.status === 201) {
          figures.billsCreated += 1;
          billIds.push((JSON.parse(answer.body) as { id: number }).id);
        }
      } else {
        const answer = await agentRequest(
          'POST',
          `/api/bills/${random.pick(billIds)}/payments`,
          admin,
          { amountPaise: random.int(1, 50_000) },
        );
        count('payment', answer.status);
        if (answer.status === 200) figures.billPayments += 1;
      }
    };

    const runChecks = async (when: string) => {
      // On PGlite this takes the folder over from the server just stopped (its lock included).
      const opened = await openSql(target);
      let report: InvariantReport;
      try {
        report = await checkInvariants(opened.sql, committed);
      } finally {
        await opened.close();
      }
      figures.invariantChecks += 1;
      figures.invariantsPerCheck = Object.keys(report).length;
      for (const [name, violations] of Object.entries(report)) {
        figures.violations[name] = (figures.violations[name] ?? 0) + violations;
        if (violations !== 0) figures.failures.push(`${when}: ${name} = ${violations}`);
      }
    };

    for (let kill = 1; kill <= options.kills; kill += 1) {
      // Load until a random moment, then SIGKILL in the middle of whatever is in flight.
      let running = true;
      const workers = customers.map(async (customer) => {
        while (running) await operate(customer);
      });
      await new Promise((resolve) =>
        setTimeout(resolve, random.int(options.upMinMs, options.upMaxMs)),
      );
      // Workers finish (or lose) the request in flight and start no other.
      running = false;
      await stopServer(child, 'SIGKILL');
      await Promise.all(workers);
      figures.kills += 1;
      await runChecks(`after kill ${kill}`);
      child = await startServer();
      figures.restarts += 1;
      if (kill % 10 === 0) log(`crash loop: ${kill} kills, ${figures.requestsTotal} requests`);
    }

    // A last round of traffic on the restarted server, a graceful stop, and the final check.
    let running = true;
    const workers = customers.map(async (customer) => {
      while (running) await operate(customer);
    });
    await new Promise((resolve) => setTimeout(resolve, options.upMaxMs));
    running = false;
    await Promise.all(workers);
    await stopServer(child, 'SIGTERM');
    child = undefined;
    await runChecks('after the final graceful stop');
    const opened = await openSql(target);
    const totals = await opened.sql
      .query<{ orders: number; bills: number; payments: number }>(
        `select (select count(*) from orders)::int as orders, (select count(*) from bills)::int as bills,
        (select count(*) from bill_payments)::int as payments`,
      )
      .finally(() => opened.close());
    figures.ordersInDatabase = totals.rows[0]!.orders;
    figures.billsInDatabase = totals.rows[0]!.bills;
    figures.billPaymentsInDatabase = totals.rows[0]!.payments;
    if (figures.ordersPlaced === 0) figures.failures.push('no order was placed');
    if (figures.billsCreated === 0) figures.failures.push('no bill was created');
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    if (kind === 'postgres' && !options.keepDatabase) {
      await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
    }
    if (kind === 'postgres' || !options.keepDatabase) {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  figures.restartMeanMs = Math.round(
    restartTimes.reduce((sum, ms) => sum + ms, 0) / Math.max(1, restartTimes.length),
  );
  figures.restartMaxMs = Math.max(0, ...restartTimes);
  figures.elapsedMs = Date.now() - started;
  figures.passed = figures.failures.length === 0;
  return figures;
}

/** The command line: options from CRASH_LOOP_* variables, figures as JSON on stdout. */
async function cli(): Promise<void> {
  const env = process.env;
  const figures = await runCrashLoop({
    database: env.CRASH_LOOP_DB === 'pglite' ? 'pglite' : 'postgres',
    pidNamespace: env.CRASH_LOOP_PID_NAMESPACE === '1',
    adminUrl: env.CRASH_LOOP_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    kills: Number(env.CRASH_LOOP_KILLS ?? 50),
    workers: Number(env.CRASH_LOOP_WORKERS ?? 6),
    upMinMs: Number(env.CRASH_LOOP_UP_MIN_MS ?? 100),
    upMaxMs: Number(env.CRASH_LOOP_UP_MAX_MS ?? 1_500),
    seed: Number(env.CRASH_LOOP_SEED ?? Date.now() % 2 ** 31),
    keepDatabase: env.CRASH_LOOP_KEEP_DB === '1',
  });
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  if (!figures.passed) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli().catch((error: unknown) => {
    process.stderr.write(`crash loop failed: ${error instanceof Error ? error.stack : error}\n`);
    process.exit(1);
  });
}
