import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { insertWholesaleCustomer } from '../modules/bills/bills-test-support.js';
import { insertProduct, insertShop } from '../support/fixtures.js';
import { openTestDatabase } from '../support/test-app.js';
import { checkInvariants, committedUnits, runCrashLoop } from '../harness/crash-loop.js';

/*
 * docs/operations.md "Crashes and lost database connections": the built server SIGKILLed at random
 * moments under mixed traffic and restarted, CRASH_LOOP_KILLS (50) times, on a PostgreSQL database
 * the run creates and drops (bazaar_crash_<pid>, never the shared `test` database); the invariants
 * of checkInvariants hold after every kill and after the final graceful stop. Needs the build (npm
 * run build; CI builds before the API suites). PostgreSQL only: a PGlite folder belongs to one
 * process, and the invariants are about concurrent transactions cut off by the kill.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const KILLS = Number(process.env.CRASH_LOOP_KILLS ?? 50);

describe.skipIf(!DATABASE_URL)(
  'server process killed under load and restarted (PostgreSQL only: the run needs a server it can create a database on)',
  () => {
    it('has invariant checks that find planted damage', async () => {
      const database = await openTestDatabase();
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        const db = database.db;
        const shopId = await insertShop(db);
        const productId = await insertProduct(db, { shopId, name: 'Planted Kurta' });
        const committed = await committedUnits(client);
        expect(Object.values(await checkInvariants(client, committed)).every((n) => n === 0)).toBe(
          true,
        );
        // Stock taken without an order, a stock row off its ledger, a bill without lines whose
        // received amount has no payment behind it.
        await db.execute(
          sql`update products set stock_quantity = stock_quantity - 1 where id = ${productId}`,
        );
        await db.execute(sql`insert into stock_items (item, category, type, quantity)
          values ('Shirt-Box', 'Silver', 'Men''s', 7)`);
        const customerId = await insertWholesaleCustomer(db, 'Planted Traders');
        await db.execute(sql`insert into bills (customer_id, amount_paise, received_paise, seller_label)
          values (${customerId}, 10000, 500, 'admin')`);
        expect(await checkInvariants(client, committed)).toMatchObject({
          productStockOffOrders: 1,
          stockOffLedger: 1,
          stockOffLastMovement: 1,
          billsWithoutLines: 1,
          billAmountsOffLines: 1,
          billDuesOffPayments: 1,
          ordersWithoutItems: 0,
        });
      } finally {
        await client.end();
        await database.close();
      }
    });

    it(`keeps stock, ledger, dues and every order and bill whole over ${KILLS} kills`, async () => {
      const adminUrl = new URL(DATABASE_URL!);
      adminUrl.pathname = '/postgres';
      const figures = await runCrashLoop({
        adminUrl: adminUrl.toString(),
        kills: KILLS,
        workers: 6,
        upMinMs: 100,
        upMaxMs: 1_000,
        seed: 20_261_123,
        log: () => {},
      });
      console.info(
        `crash loop: ${figures.kills} kills, ${figures.restarts} restarts (mean ${figures.restartMeanMs} ms, ` +
          `max ${figures.restartMaxMs} ms), ${figures.requestsTotal} requests ` +
          `${JSON.stringify(figures.requests)}, ${figures.ordersPlaced} orders, ` +
          `${figures.billsCreated} bills, ${figures.billPayments} bill payments answered ` +
          `(in the database: ${figures.ordersInDatabase} orders, ${figures.billsInDatabase} bills, ` +
          `${figures.billPaymentsInDatabase} payments), ` +
          `${figures.invariantChecks} invariant checks x ${figures.invariantsPerCheck} invariants, ` +
          `${figures.elapsedMs} ms`,
      );
      expect(figures.failures).toEqual([]);
      expect(figures.kills).toBe(KILLS);
      expect(figures.restarts).toBe(KILLS);
      expect(figures.invariantChecks).toBe(KILLS + 1);
      expect(Object.values(figures.violations).every((count) => count === 0)).toBe(true);
      // The traffic really wrote while it was being killed.
      expect(figures.ordersPlaced).toBeGreaterThan(0);
      expect(figures.billsCreated).toBeGreaterThan(0);
      expect(figures.billPayments).toBeGreaterThan(0);
      // A write is in the database if and only if it was answered, or cut off by a kill.
      expect(figures.ordersInDatabase).toBeGreaterThanOrEqual(figures.ordersPlaced);
      expect(figures.ordersInDatabase - figures.ordersPlaced).toBeLessThanOrEqual(
        figures.requests['checkout network'] ?? 0,
      );
      expect(figures.billsInDatabase).toBeGreaterThanOrEqual(figures.billsCreated);
      expect(figures.billsInDatabase - figures.billsCreated).toBeLessThanOrEqual(
        figures.requests['purchase network'] ?? 0,
      );
      const cutOff = Object.entries(figures.requests)
        .filter(([key]) => key.endsWith(' network'))
        .reduce((sum, [, count]) => sum + count, 0);
      expect(cutOff).toBeGreaterThan(0);
      expect(figures.passed).toBe(true);
    }, 900_000);
  },
);
