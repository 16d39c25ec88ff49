import type { LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillDetail, Order } from '@bazaar/shared';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from '../modules/bills/bills-test-support.js';
import {
  addToCart,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../modules/orders/orders-test-support.js';
import { insertProduct, insertShop } from '../support/fixtures.js';
import { createTestApp, type TestContext } from '../support/test-app.js';

/*
 * docs/operations.md "Crashes and lost database connections": the PostgreSQL connection killed in
 * the middle of a transaction. A second connection holds a row lock the operation needs next, so
 * the operation's transaction waits at a known point (found in pg_stat_activity as blocked by that
 * connection, with the tables it has already written read from pg_locks); then its backend is
 * terminated with pg_terminate_backend. The request must answer a clean 5xx in the error format,
 * leave no half-written rows (the transaction rolled back), and the same operation must then
 * succeed (the pool drops the dead connection). PostgreSQL only: PGlite runs inside the process,
 * there is no server connection to kill.
 */

const DATABASE_URL = process.env.DATABASE_URL;

/** What the blocked backend is doing when it is killed. */
interface KillReport {
  pid: number;
  /** Tables the transaction had already written (RowExclusiveLock held) when it was killed. */
  written: string[];
}

describe.skipIf(!DATABASE_URL)(
  'PostgreSQL connection killed mid-transaction (PostgreSQL only: PGlite has no connection to kill)',
  () => {
    let ctx: TestContext;
    let as: StaffCookies;
    let customer: TestCustomer;
    let shopId: number;
    let productId: number;
    let wholesaleCustomerId: number;
    const PRODUCT_STOCK = 40;
    const STOCK_PIECES = 100;

    beforeAll(async () => {
      ctx = await createTestApp();
      as = await signInEveryRole(ctx.app, ctx.database.db);
      customer = await createCustomer(ctx.app, ctx.database.db);
      shopId = await insertShop(ctx.database.db, { name: 'Connection Kill Fabrics' });
      productId = await insertProduct(ctx.database.db, {
        shopId,
        name: 'Kill Switch Kurta',
        pricePaise: 149_950,
        stockQuantity: PRODUCT_STOCK,
      });
      // The cart every checkout below places (a failed one leaves it as it was).
      await addToCart(ctx.app, customer, productId, 3);
      wholesaleCustomerId = await insertWholesaleCustomer(ctx.database.db, 'Killed Line Traders');
      // Two stock rows; a bill locks both (in id order) before it takes any pieces.
      await insertStockRow(ctx.database.db, {
        item: 'Shirt-Box',
        category: 'Diamond',
        type: "Men's",
        quantity: STOCK_PIECES,
      });
      await insertStockRow(ctx.database.db, {
        item: 'Shirt-Box',
        category: 'Golden',
        type: "Men's",
        size: 'L',
        quantity: STOCK_PIECES,
      });
      // One bill of another customer, so the Tax Invoice series of this financial year has its
      // row: the second purchase point below waits on that row's lock.
      const other = await insertWholesaleCustomer(ctx.database.db, 'Series Starter Stores');
      const first = await purchase(other);
      expect(first.statusCode, first.body).toBe(201);
    });

    afterAll(async () => {
      await ctx?.close();
    });

    async function rowsOf<T>(query: SQL): Promise<T[]> {
      return ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    }

    /**
     * Holds `lockSql` (a `select ... for update`) on a connection of its own, starts
     * `operation`, waits until a backend is blocked by that connection, notes the tables it has
     * written, terminates it, and answers the operation's response with the report.
     */
    async function killWhileBlocked(
      lockSql: string,
      lockParams: unknown[],
      operation: () => Promise<LightMyRequestResponse>,
    ): Promise<{ response: LightMyRequestResponse; report: KillReport }> {
      const blocker = new pg.Client({ connectionString: DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query('begin');
        const locked = await blocker.query(lockSql, lockParams);
        expect(locked.rowCount, lockSql).toBe(1);
        const blockerPid = (await blocker.query<{ pid: number }>('select pg_backend_pid() as pid'))
          .rows[0]!.pid;
        const pending = operation();
        let pid: number | undefined;
        for (let tries = 0; tries < 200 && pid === undefined; tries += 1) {
          const waiting = await blocker.query<{ pid: number }>(
            `select pid from pg_stat_activity
             where datname = current_database() and $1 = any(pg_blocking_pids(pid))`,
            [blockerPid],
          );
          pid = waiting.rows[0]?.pid;
          if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        if (pid === undefined) throw new Error(`no backend waited on: ${lockSql}`);
        const written = await blocker.query<{ relname: string }>(
          `select c.relname from pg_locks l join pg_class c on c.oid = l.relation
           where l.pid = $1 and l.mode = 'RowExclusiveLock' and c.relkind = 'r'
           order by c.relname`,
          [pid],
        );
        const terminated = await blocker.query<{ ok: boolean }>(
          'select pg_terminate_backend($1) as ok',
          [pid],
        );
        expect(terminated.rows[0]!.ok).toBe(true);
        const response = await pending;
        return { response, report: { pid, written: written.rows.map((row) => row.relname) } };
      } finally {
        await blocker.query('rollback').catch(() => undefined);
        await blocker.end();
      }
    }

    /** A lost database answers a clean server error in the error format, nothing more. */
    function expectCleanServerError(response: LightMyRequestResponse) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(500);
      expect(response.statusCode).toBeLessThan(600);
      const body = response.json<{ error: { code: string; message: string } }>();
      expect(['INTERNAL', 'SERVICE_UNAVAILABLE']).toContain(body.error.code);
      expect(body.error.message).not.toMatch(/terminat|connection|postgres|sql/i);
    }

    /** Store and back-office invariants over the whole database. */
    async function expectConsistent() {
      const [counts] = await rowsOf<Record<string, number>>(sql`select
        (select count(*) from orders o where not exists
          (select 1 from order_items i where i.order_id = o.id))::int as "ordersWithoutItems",
        (select count(*) from orders o where not exists
          (select 1 from shipments s where s.order_id = o.id))::int as "ordersWithoutShipments",
        (select count(*) from shipments s where not exists
          (select 1 from order_items i where i.shipment_id = s.id))::int as "shipmentsWithoutItems",
        (select count(*) from orders o where o.total_paise <>
          (select coalesce(sum(i.line_total_paise), 0) from order_items i
           where i.order_id = o.id))::int as "ordersOffTheirItems",
        (select count(*) from bills b where not exists
          (select 1 from bill_items i where i.bill_id = b.id))::int as "billsWithoutLines",
        (select count(*) from bills b where b.amount_paise <>
          (select coalesce(sum(i.amount_paise), 0) from bill_items i
           where i.bill_id = b.id))::int as "billsOffTheirLines",
        (select count(*) from bills b where b.received_paise <>
          (select coalesce(sum(p.amount_paise), 0) from bill_payments p
           where p.bill_id = b.id))::int as "billsOffTheirPayments",
        (select count(*) from bills b
          where b.received_paise > b.amount_paise + b.gst_paise)::int as "billsOverpaid",
        (select count(*) from stock_items s where s.quantity <>
          (select coalesce(sum(m.change), 0) from stock_movements m
           where m.stock_item_id = s.id))::int as "stockOffTheLedger",
        (select count(*) from stock_movements m where m.kind = 'sale' and not exists
          (select 1 from bills b where b.id = m.bill_id))::int as "salesWithoutBills"`);
      expect(counts).toEqual({
        ordersWithoutItems: 0,
        ordersWithoutShipments: 0,
        shipmentsWithoutItems: 0,
        ordersOffTheirItems: 0,
        billsWithoutLines: 0,
        billsOffTheirLines: 0,
        billsOffTheirPayments: 0,
        billsOverpaid: 0,
        stockOffTheLedger: 0,
        salesWithoutBills: 0,
      });
    }

    async function productStock(): Promise<number> {
      const [row] = await rowsOf<{ stock: number }>(
        sql`select stock_quantity as stock from products where id = ${productId}`,
      );
      return row!.stock;
    }

    async function ordersOfCustomer(): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from orders where user_id = ${customer.id}`,
      );
      return row!.n;
    }

    async function billsOfCustomer(): Promise<number> {
      const [row] = await rowsOf<{ n: number }>(
        sql`select count(*)::int as n from bills where customer_id = ${wholesaleCustomerId}`,
      );
      return row!.n;
    }

    async function stockPieces(): Promise<number[]> {
      const rows = await rowsOf<{ quantity: number }>(
        sql`select quantity from stock_items where item = 'Shirt-Box' order by category`,
      );
      return rows.map((row) => row.quantity);
    }

    const checkoutPoints = [
      {
        point: 'waiting for the customer row lock (nothing written yet)',
        lockSql: 'select id from users where id = $1 for update',
        params: () => [customer.id],
        written: [] as string[],
      },
      {
        point: 'after writing the order, shipment and items, before the stock ledger',
        // The shipment's foreign key check on its shop waits for this lock at statement end. The
        // units leave stock in the next statement (the ledger), so the product rows are locked,
        // not yet written; the crash loop covers a kill after the stock was taken.
        lockSql: 'select id from shops where id = $1 for update',
        params: () => [shopId],
        written: ['order_items', 'orders', 'shipments'],
      },
    ];

    it.each(checkoutPoints)(
      'kills a cash-on-delivery checkout $point: clean 5xx, nothing half-written',
      async ({ lockSql, params, written }) => {
        const stockBefore = await productStock();
        const { response, report } = await killWhileBlocked(lockSql, params(), () =>
          placeOrder(ctx.app, customer),
        );
        for (const table of written) expect(report.written).toContain(table);
        expectCleanServerError(response);
        expect(await ordersOfCustomer()).toBe(0);
        expect(await productStock()).toBe(stockBefore);
        const [cart] = await rowsOf<{ quantity: number }>(
          sql`select quantity from cart_items where user_id = ${customer.id}`,
        );
        expect(cart?.quantity).toBe(3);
        await expectConsistent();
      },
    );

    /** The bill every purchase point below tries: two lines, GST, part paid. */
    function purchase(customerId = wholesaleCustomerId) {
      return callWith(ctx.app, as.admin, {
        method: 'POST',
        url: `/api/customers/${customerId}/bills`,
        payload: {
          lines: [
            {
              item: 'Shirt-Box',
              category: 'Diamond',
              type: "Men's",
              size: 'M',
              quantity: 6,
              ratePaise: 25_050,
            },
            {
              item: 'Shirt-Box',
              category: 'Golden',
              type: "Men's",
              size: 'L',
              quantity: 4,
              ratePaise: 31_075,
            },
          ],
          gstApplied: true,
          receivedPaise: 50_000,
        },
      });
    }

    const purchasePoints = [
      {
        point: 'after writing the bill, before any stock',
        // The bill locks its stock rows before it moves any; this one is one of them.
        lockSql: `select id from stock_items where item = 'Shirt-Box' and category = $1 for update`,
        params: ['Golden'],
        written: ['bills'],
      },
      {
        point: 'after writing the bill, its lines and their stock, before its invoice number',
        // The invoice takes the next serial of its series under that row's lock.
        lockSql: `select last_serial from document_series where kind = $1 for update`,
        params: ['tax_invoice'],
        written: ['bill_items', 'bills', 'stock_items', 'stock_movements'],
      },
    ];

    it.each(purchasePoints)(
      'kills a wholesale bill purchase $point: clean 5xx, nothing half-written',
      async ({ lockSql, params, written }) => {
        const piecesBefore = await stockPieces();
        const { response, report } = await killWhileBlocked(lockSql, params, purchase);
        for (const table of written) expect(report.written).toContain(table);
        expectCleanServerError(response);
        expect(await billsOfCustomer()).toBe(0);
        expect(await stockPieces()).toEqual(piecesBefore);
        await expectConsistent();
      },
    );

    it('recovers: the pool replaces the killed connections and both operations succeed on retry', async () => {
      // More requests at once than the pool has connections, so every pooled one is used.
      const browse = await Promise.all(
        Array.from({ length: 12 }, () =>
          ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` }),
        ),
      );
      for (const answer of browse) expect(answer.statusCode, answer.body).toBe(200);

      const stockBefore = await productStock();
      const placed = await placeOrder(ctx.app, customer);
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      expect(order.totals.totalPaise).toBe(3 * 149_950);
      expect(await productStock()).toBe(stockBefore - 3);
      expect(await ordersOfCustomer()).toBe(1);

      const piecesBefore = await stockPieces();
      const bought = await purchase();
      expect(bought.statusCode, bought.body).toBe(201);
      const bill = bought.json<BillDetail>();
      expect(bill.items).toHaveLength(2);
      expect(await stockPieces()).toEqual([piecesBefore[0]! - 6, piecesBefore[1]! - 4]);
      expect(await billsOfCustomer()).toBe(1);
      await expectConsistent();
    });
  },
);
