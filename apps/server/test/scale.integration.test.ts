import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, Order } from '@bazaar/shared';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { addresses, authAccounts, users } from '../src/db/schema/index.js';
import { moveShipment } from '../src/modules/orders/index.js';
import { hashPassword } from '../src/platform/auth.js';
import { createLocalStorage } from '../src/platform/storage.js';
import { insertProduct, insertShop } from './support/fixtures.js';
import { openTestDatabase, TEST_CAPTCHA_CODE } from './support/test-app.js';

/*
 * docs/deploy.md: N app instances on one PostgreSQL database behind a
 * load balancer. Two apps built separately (each its own pool, caches and timers, as two
 * processes would be) on the same database; a tiny round-robin "balancer" sends each request of
 * a browser to the next instance and keeps the browser's cookies. Every piece of a visit that
 * must survive a switch of instance is checked: captcha, session, cart, checkout, the
 * delivery-code try counter and logout.
 *
 * PostgreSQL only: PGlite is one process's embedded database, so two instances cannot share it.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const PASSWORD = 'Bazaar@123';

/** A browser behind a round-robin balancer: requests alternate between the instances. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private next = 0;
  /** Which instance answered each request, in order (0 or 1). */
  readonly served: number[] = [];

  constructor(private readonly instances: FastifyInstance[]) {}

  /** Sends the request to the next instance with the cookies, and keeps the cookies it sets. */
  async send(request: InjectOptions, instance?: number): Promise<LightMyRequestResponse> {
    const index = instance ?? this.next;
    this.next = (index + 1) % this.instances.length;
    this.served.push(index);
    const cookie = this.cookieHeader();
    const response = await this.instances[index]!.inject({
      ...request,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    });
    for (const line of [response.headers['set-cookie'] ?? []].flat()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute));
      if (!value || expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return response;
  }

  /** The cookies as a `cookie` header (to replay them later). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Signs in at `area` (captcha from one instance, answered on the other). */
  async signIn(area: string, identifier: string): Promise<LightMyRequestResponse> {
    const captcha = await this.send({ method: 'POST', url: '/api/captchas' });
    expect(captcha.statusCode).toBe(201);
    return this.send({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        area,
        identifier,
        password: PASSWORD,
        captchaId: captcha.json<{ captchaId: string }>().captchaId,
        captchaCode: TEST_CAPTCHA_CODE,
      },
    });
  }
}

describe.skipIf(!onPostgres)(
  'two app instances on one PostgreSQL database (skipped without DATABASE_URL: PGlite is embedded in one process)',
  () => {
    const databases: Database[] = [];
    const apps: FastifyInstance[] = [];
    let uploads: string;
    let shopId: number;
    let passwordHash: string;
    let counter = 0;

    /** Inserts a verified account of `role` (password PASSWORD) and answers its email and id. */
    async function insertAccount(role: 'customer' | 'delivery') {
      counter += 1;
      const id = crypto.randomUUID();
      const email = `scale-${role}${counter}-${Date.now()}@example.in`;
      const db = databases[0]!.db;
      await db.insert(users).values({
        id,
        name: `Scale ${role} ${counter}`,
        email,
        emailVerified: true,
        role,
        mobile: `96${String(counter).padStart(8, '0')}`,
        gender: 'Female',
      });
      await db.insert(authAccounts).values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
      const [address] = await db
        .insert(addresses)
        .values({
          userId: id,
          locality: 'Boring Road',
          city: 'Patna',
          pincode: '800001',
          isDefault: true,
        })
        .returning({ id: addresses.id });
      return { id, email, addressId: address!.id };
    }

    beforeAll(async () => {
      // Instance 1 starts on a freshly migrated schema; instance 2 opens its own pool on it.
      databases.push(await openTestDatabase());
      databases.push(await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolMax: 4 }));
      // Both instances run the migrations at start-up, as main.ts does (a no-op by now).
      await databases[1]!.migrate();
      uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-scale-uploads-'));
      for (const database of databases) {
        const app = await buildApp({
          database,
          storage: createLocalStorage(path.join(uploads, 'uploads')),
          privateStorage: createLocalStorage(path.join(uploads, 'private')),
          logger: false,
          catalogSummaryTtlMs: 0,
          accounts: {
            captchaTestCode: TEST_CAPTCHA_CODE,
            authRateLimitPerMinute: 10_000,
            mailRetryIntervalMs: 0,
          },
        });
        await app.ready();
        apps.push(app);
      }
      passwordHash = await hashPassword(PASSWORD);
      shopId = await insertShop(databases[0]!.db, { name: 'Scale Fashion House' });
    });

    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    });

    it('migrates a new database once when two instances start at the same moment', async () => {
      // A database of its own (the shared test database is already migrated).
      const name = `bazaar_scale_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const fresh = [
        await openDatabase({ databaseUrl: url.toString(), poolMax: 1 }),
        await openDatabase({ databaseUrl: url.toString(), poolMax: 1 }),
      ];
      try {
        // Without the advisory lock the second failed: duplicate key in pg_type_typname_nsp_index.
        const results = await Promise.allSettled(fresh.map((database) => database.migrate()));
        expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
        expect(await fresh[1]!.ping()).toBe(true);
      } finally {
        for (const database of fresh) await database.close();
        await admin.query(`drop database if exists ${name}`);
        await admin.end();
      }
    });

    it('shares both instances one AUTH_SECRET-less session secret (kept in the database)', async () => {
      // No AUTH_SECRET was given: each instance read the one stored secret, so a session cookie
      // signed by one is accepted by the other (checked by every test below).
      const browser = new Browser(apps);
      const { email } = await insertAccount('customer');
      const login = await browser.signIn('customer', email);
      expect(login.statusCode, login.body).toBe(200);
      expect(browser.served).toEqual([0, 1]);
      const session = await browser.send({ method: 'GET', url: '/api/auth/session' });
      expect(session.json<{ user: { email: string } | null }>().user?.email).toBe(email);
      expect(browser.served.at(-1)).toBe(0);
    });

    it('answers on instance 2 a captcha fetched from instance 1', async () => {
      const browser = new Browser(apps);
      const captcha = await browser.send({ method: 'POST', url: '/api/captchas' }, 0);
      const { email } = await insertAccount('customer');
      const login = await browser.send(
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: {
            area: 'customer',
            identifier: email,
            password: PASSWORD,
            captchaId: captcha.json<{ captchaId: string }>().captchaId,
            captchaCode: TEST_CAPTCHA_CODE,
          },
        },
        1,
      );
      expect(login.statusCode, login.body).toBe(200);
      // A captcha is single use, whichever instance is asked the second time.
      const again = await browser.send(
        {
          method: 'POST',
          url: '/api/auth/login',
          payload: {
            area: 'customer',
            identifier: email,
            password: PASSWORD,
            captchaId: captcha.json<{ captchaId: string }>().captchaId,
            captchaCode: TEST_CAPTCHA_CODE,
          },
        },
        0,
      );
      expect(again.statusCode).toBe(400);
    });

    it('keeps one cart and checks it out whichever instance answers, and logout ends it on both', async () => {
      const browser = new Browser(apps);
      const { email, addressId } = await insertAccount('customer');
      expect((await browser.signIn('customer', email)).statusCode).toBe(200);

      const products: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        products.push(
          await insertProduct(databases[0]!.db, {
            shopId,
            name: `Scale Kurta ${index}`,
            pricePaise: 40_000 + index * 1_000,
            stockQuantity: 50,
          }),
        );
      }
      const served: number[] = [];
      for (const productId of products) {
        const added = await browser.send({
          method: 'POST',
          url: '/api/cart/items',
          payload: { productId, quantity: 2 },
        });
        expect(added.statusCode, added.body).toBe(200);
        served.push(browser.served.at(-1)!);
      }
      // Lines went to both instances...
      expect(new Set(served)).toEqual(new Set([0, 1]));
      // ...and both see all of them.
      for (const instance of [0, 1]) {
        const cart = await browser.send({ method: 'GET', url: '/api/cart' }, instance);
        expect(
          cart
            .json<Cart>()
            .lines.map((line) => line.productId)
            .sort(),
        ).toEqual([...products].sort());
      }
      const removed = await browser.send(
        { method: 'DELETE', url: `/api/cart/items/${products[3]}` },
        1,
      );
      expect(removed.statusCode).toBe(200);

      const placed = await browser.send(
        { method: 'POST', url: '/api/orders', payload: { addressId, paymentMethod: 'cod' } },
        0,
      );
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json<Order>();
      const seen = await browser.send({ method: 'GET', url: `/api/orders/${order.id}` }, 1);
      expect(seen.statusCode).toBe(200);
      expect(seen.json<Order>().orderNumber).toBe(order.orderNumber);
      const emptied = await browser.send({ method: 'GET', url: '/api/cart' }, 1);
      expect(emptied.json<Cart>().lines).toEqual([]);

      const sessionCookie = browser.cookieHeader();
      const logout = await browser.send({ method: 'POST', url: '/api/auth/logout' }, 0);
      expect(logout.statusCode).toBe(204);
      // The old cookie, replayed on the other instance, no longer opens the session.
      for (const instance of [1, 0]) {
        const after = await apps[instance]!.inject({
          method: 'GET',
          url: '/api/cart',
          headers: { cookie: sessionCookie },
        });
        expect(after.statusCode).toBe(401);
      }
    });

    it('counts wrong delivery codes across both instances', async () => {
      const buyer = new Browser(apps);
      const customer = await insertAccount('customer');
      expect((await buyer.signIn('customer', customer.email)).statusCode).toBe(200);
      const productId = await insertProduct(databases[0]!.db, {
        shopId,
        name: 'Scale Dupatta',
        pricePaise: 30_000,
        stockQuantity: 50,
      });
      await buyer.send({
        method: 'POST',
        url: '/api/cart/items',
        payload: { productId, quantity: 1 },
      });
      const placed = await buyer.send({
        method: 'POST',
        url: '/api/orders',
        payload: { addressId: customer.addressId, paymentMethod: 'cod' },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const shipmentId = placed.json<Order>().shipments[0]!.id;

      const staff = await insertAccount('delivery');
      await databases[0]!.db.transaction(async (tx) => {
        await moveShipment(tx, { shipmentId, allowedFrom: ['placed'], to: 'confirmed' });
        await moveShipment(tx, { shipmentId, allowedFrom: ['confirmed'], to: 'packed' });
        await moveShipment(tx, {
          shipmentId,
          allowedFrom: ['packed'],
          to: 'assigned',
          patch: { deliveryStaffId: staff.id, assignedAt: new Date(), deliveryCode: '4826' },
        });
      });
      const rider = new Browser(apps);
      expect((await rider.signIn('delivery', staff.email)).statusCode).toBe(200);
      const base = `/api/delivery/shipments/${shipmentId}`;
      expect((await rider.send({ method: 'POST', url: `${base}/pick-up` })).statusCode).toBe(200);
      expect(
        (await rider.send({ method: 'POST', url: `${base}/out-for-delivery` })).statusCode,
      ).toBe(200);

      // Two wrong codes on each instance one after the other, then four more at once on both:
      // five are counted in all, wherever they arrived; the rest meet the lock.
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 2; attempt += 1) {
        for (const instance of [0, 1]) {
          const wrong = await rider.send(
            { method: 'POST', url: `${base}/deliver`, payload: { code: '0000' } },
            instance,
          );
          statuses.push(wrong.statusCode);
        }
      }
      expect(statuses).toEqual([422, 422, 422, 422]);
      const burst = await Promise.all(
        [0, 1, 0, 1].map((instance) =>
          rider.send(
            { method: 'POST', url: `${base}/deliver`, payload: { code: '1111' } },
            instance,
          ),
        ),
      );
      expect(burst.map((answer) => answer.statusCode).sort()).toEqual([422, 429, 429, 429]);
      for (const instance of [0, 1]) {
        const locked = await rider.send(
          { method: 'POST', url: `${base}/deliver`, payload: { code: '4826' } },
          instance,
        );
        expect(locked.statusCode).toBe(429);
        expect(locked.json<{ error: { message: string } }>().error.message).toBe(
          'Too many wrong codes. Try again in 15 minutes',
        );
      }
    });
  },
);
