import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToCart,
  createCustomer,
  placeOrder,
  type TestCustomer,
} from '../modules/orders/orders-test-support.js';
import { insertProduct, insertShop } from '../support/fixtures.js';
import { createTestApp, type TestContext } from '../support/test-app.js';

/*
 * Browsing must not wait behind writes
 * (docs/decisions/0013-reads-and-cart-never-wait-for-the-disk.md). When commits are slow (a disk
 * flush that stalls, a row lock), every connection of the main pool can be held by a write waiting
 * for its commit; the catalog reads through a pool of its own (db/client.ts `readDb`), so product
 * lists, searches and product pages still answer. A second connection's row lock plays the slow
 * commit here. PostgreSQL only: PGlite is one connection inside the process, with no pool.
 */

const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)(
  'catalog reads while the main pool is held by waiting writes (PostgreSQL only: PGlite has no pool)',
  () => {
    let ctx: TestContext;
    let productId: number;
    let secondProductId: number;
    const customers: TestCustomer[] = [];

    beforeAll(async () => {
      ctx = await createTestApp({ pools: { poolMax: 2, readPoolMax: 2 } });
      const shopId = await insertShop(ctx.database.db, { name: 'Read Pool Fabrics' });
      productId = await insertProduct(ctx.database.db, {
        shopId,
        name: 'Patient Kurta',
        pricePaise: 99_900,
        stockQuantity: 50,
      });
      secondProductId = await insertProduct(ctx.database.db, {
        shopId,
        name: 'Patient Saree',
        pricePaise: 249_900,
        stockQuantity: 50,
      });
      for (const id of [productId, secondProductId]) {
        const customer = await createCustomer(ctx.app, ctx.database.db);
        await addToCart(ctx.app, customer, id, 1);
        customers.push(customer);
      }
    });

    afterAll(async () => {
      await ctx?.close();
    });

    it('answers the product list, a search and the product page while two checkouts hold both main connections', async () => {
      const blocker = new pg.Client({ connectionString: DATABASE_URL });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select id from products where id = any($1) for update', [
          [productId, secondProductId],
        ]);
        const checkouts = customers.map((customer) => placeOrder(ctx.app, customer));
        // Each checkout waits on its product's row inside its transaction: the main pool has no
        // connection left.
        let waiting = 0;
        for (let tries = 0; tries < 200 && waiting < 2; tries += 1) {
          // pg_stat_activity is read once per transaction unless its snapshot is cleared.
          await blocker.query('select pg_stat_clear_snapshot()');
          const rows = await blocker.query<{ count: string }>(
            `select count(*) from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          waiting = Number(rows.rows[0]!.count);
          if (waiting < 2) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(waiting).toBe(2);

        // The main pool really is held: the health check's ping finds no connection in 2 s.
        const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);

        const started = performance.now();
        const [list, search, detail] = await Promise.all([
          ctx.app.inject({ method: 'GET', url: '/api/products?page=1&pageSize=20' }),
          ctx.app.inject({ method: 'GET', url: '/api/products?q=patient&pageSize=20' }),
          ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` }),
        ]);
        const elapsedMs = performance.now() - started;
        expect([list.statusCode, search.statusCode, detail.statusCode]).toEqual([200, 200, 200]);
        expect(list.json<{ items: { id: number }[] }>().items.map((item) => item.id)).toContain(
          productId,
        );
        const found = search.json<{ items: { name: string }[] }>().items.map((item) => item.name);
        expect(found.sort()).toEqual(['Patient Kurta', 'Patient Saree']);
        expect(detail.json<{ name: string }>().name).toBe('Patient Kurta');
        // Far below the main pool's 5 s connection timeout the reads would otherwise wait for.
        expect(elapsedMs).toBeLessThan(3_000);

        await blocker.query('rollback');
        const answers = await Promise.all(checkouts);
        expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      } finally {
        await blocker.end();
      }
    });
  },
);
