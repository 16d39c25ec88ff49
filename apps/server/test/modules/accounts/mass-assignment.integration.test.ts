import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@bazaar/shared';
import {
  addresses,
  bills,
  cartItems,
  colours,
  companies,
  contactMessages,
  orders,
  outbox,
  productNames,
  products,
  shops,
  stockItems,
  users,
  wholesaleCustomers,
} from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { newCaptchaId, signIn } from '../../support/accounts.js';
import { backgroundJobsDone } from '../../support/background-jobs.js';
import { changedTables, fingerprintTables } from '../../support/db-fingerprint.js';
import { insertProduct, insertShop } from '../../support/fixtures.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../../support/test-app.js';
import { insertStockRow, insertWholesaleCustomer } from '../bills/bills-test-support.js';
import { customerInput, employeeInput, uniqueAadhaar } from '../customers/people-test-support.js';
import { createCustomer, type TestCustomer } from '../orders/orders-test-support.js';

/*
 * Mass assignment (`role`, `shopId`, prices or totals sent by the client are never stored;
 * docs/accounts.md "Authorisation"; ASVS 5.0 15.3.3). Every create or update route is sent the
 * fields a client must never set (role, shop, owner, prices, totals, statuses, verification, 2FA)
 * next to valid input, and the test reads the stored row: each route either refuses the body (400,
 * and no table changed) or stores the server's values. A write route whose body schema accepts
 * unknown fields must have a case here (the first test).
 */

let ctx: TestContext;
let shopA: number;
let shopB: number;
const cookies: Partial<Record<'admin' | 'employee' | 'seller' | 'newseller', string>> = {};
let customer: TestCustomer;
let otherCustomer: TestCustomer;
let png: Buffer;

/**
 * Fields no client may set, with values that would matter if stored: another shop, another
 * owner, one-paisa prices and totals, a finished status, a verified or disabled account.
 */
function forbidden(): Record<string, unknown> {
  return {
    id: 999_999,
    role: 'admin',
    shopId: shopB,
    shop_id: shopB,
    userId: otherCustomer.id,
    user_id: otherCustomer.id,
    pricePaise: 1,
    mrpPaise: 1,
    totalPaise: 1,
    amountPaise: 1,
    subtotalPaise: 1,
    discountPaise: 1,
    receivedPaise: 1,
    status: 'delivered',
    paymentStatus: 'paid',
    emailVerified: true,
    disabledAt: '2020-01-01T00:00:00.000Z',
    twoFactorEnabled: true,
    rating: 5,
    placement: 'best_selling',
    archivedAt: '2020-01-01T00:00:00.000Z',
    readAt: '2020-01-01T00:00:00.000Z',
  };
}

/** `forbidden()` without the fields the route legitimately takes. */
function forbiddenExcept(...legit: string[]): Record<string, unknown> {
  const fields = forbidden();
  for (const name of legit) delete fields[name];
  return fields;
}

/** A multipart body of text fields and, optionally, files under one field name. */
function multipartOf(
  fields: Record<string, unknown>,
  files: { field: string; name: string; bytes: Buffer }[] = [],
): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----mass${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
    ),
  );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function call(cookie: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    ...options,
    headers: { ...options.headers, ...(cookie ? { cookie } : {}) },
  });
}

/**
 * Sends `options` and checks the route refused the forbidden fields: 400 and no table changed
 * (once the background jobs of earlier steps are done). Answers the response for more checks.
 */
async function expectRefusedUnchanged(
  cookie: string | undefined,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  // The order mails of earlier steps are composed after their commits, in the background: the
  // fingerprint waits for them so only this request is measured.
  await backgroundJobsDone(ctx.database.db);
  const before = await fingerprintTables(ctx.database.db);
  const response = await call(cookie, options);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json<{ error: { code: string } }>().error.code).toBe('VALIDATION_FAILED');
  expect(changedTables(before, await fingerprintTables(ctx.database.db))).toEqual([]);
  return response;
}

async function userRow(id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function userRowByEmail(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

beforeAll(async () => {
  ctx = await createTestApp();
  shopA = await insertShop(ctx.database.db, { name: 'Patna Fashion House' });
  shopB = await insertShop(ctx.database.db, { name: 'Gaya Garments' });
  await seedDemoAccounts(ctx.database.db);
  const as = (role: Role, email: string) => signIn(ctx.app, role, email, DEMO_PASSWORD);
  cookies.admin = await as('admin', 'admin@bazaar.test');
  cookies.employee = await as('employee', 'employee@bazaar.test');
  cookies.seller = await as('seller', 'seller@bazaar.test');
  cookies.newseller = await as('seller', 'newseller@bazaar.test');
  customer = await createCustomer(ctx.app, ctx.database.db);
  otherCustomer = await createCustomer(ctx.app, ctx.database.db);
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#225588' } })
    .png()
    .toBuffer();
  const [sellerA] = await ctx.database.db
    .select({ shopId: users.shopId })
    .from(users)
    .where(eq(users.email, 'seller@bazaar.test'));
  expect(sellerA!.shopId).toBe(shopA);
});

afterAll(async () => {
  await ctx?.close();
});

/**
 * Write routes whose body schema lets unknown fields through (they are dropped by parsing) and
 * the case below that proves nothing forbidden is stored, or why nothing can be: the body names
 * no stored record. Every other JSON write route is strict (`additionalProperties: false`):
 * unknown fields are refused with 400.
 */
const NOT_STRICT: Record<string, string> = {
  'POST /api/auth/register/customer': 'registration cannot make an admin',
  'POST /api/auth/register/seller': 'registration cannot make an admin',
  'POST /api/seller/shop-details': "a seller without a shop cannot join another's",
  'POST /api/shop/products': 'a seller cannot add a product to shop B',
  'POST /api/shop/products/{id}/images': 'images only: the form has no stored fields',
  'POST /api/shop/designs/{designId}/images': 'images only: the form has no stored fields',
  'POST /api/employees': 'an employee created with role admin is an employee',
  'POST /api/cart/items': "the cart stores the caller's line, priced by the server",
  'POST /api/cart/merge': "the cart stores the caller's line, priced by the server",
  'POST /api/addresses': "an address is the caller's",
  'POST /api/contact-messages': 'a contact message arrives unread',
  // Bodies that store no record of their own (credentials, captcha answers, tokens, email)
  'POST /api/auth/login': 'signs in; stores a session only',
  'POST /api/auth/login/two-factor': 'signs in; stores a session only',
  'POST /api/auth/email-availability': 'answers a yes/no',
  'POST /api/auth/registration-otp': 'stores an OTP for the email only',
  'POST /api/auth/verify-email': 'a token',
  'POST /api/auth/verify-email-change': 'a token',
  'POST /api/auth/resend-verification': 'an email',
  'POST /api/auth/forgot-password': 'an email',
  'POST /api/auth/reset-password': 'a token and a password',
  'POST /api/account/verify-password': 'a password',
  'POST /api/account/change-password': 'passwords',
  'POST /api/webhooks/razorpay': 'signed by Razorpay; read field by field',
  'PATCH /api/cart/items/{productId}': "a quantity of the caller's line; cart rows hold no price",
  'POST /api/account/two-factor/setup': "a password; the caller's own two-factor row",
  'POST /api/account/two-factor/confirm': "a code; the caller's own two-factor row",
  'POST /api/account/two-factor/disable': "a password; the caller's own two-factor row",
  'POST /api/account/two-factor/recovery-codes': "a password; the caller's own codes",
  'POST /api/account/sessions/{sessionId}/end': 'a password; deletes a session of the caller',
  'POST /api/account/sessions/end-others': 'a password; deletes sessions of the caller',
  'POST /api/admin/sessions/end-all': 'a password; deletes sessions',
  // A union of strict bodies (each kind refuses unknown fields; the document's top level is a oneOf)
  'POST /api/share/links': 'mints a signed link; stores nothing',
  'POST /api/share/mail': "mails the customer on record; stores only the outbox's mail",
};

const MULTIPART = new Set([
  'POST /api/auth/register/seller',
  'POST /api/seller/shop-details',
  'POST /api/shop/products',
  'POST /api/shop/products/{id}/images',
  'POST /api/shop/designs/{designId}/images',
  'POST /api/employees',
  'POST /api/webhooks/razorpay',
]);

describe('mass assignment', () => {
  it('knows every write route whose body lets unknown fields through', async () => {
    const document = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = document.json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema?: { additionalProperties?: unknown } }>;
            };
          }
        >
      >;
    }>().paths;
    const loose: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['post', 'put', 'patch'].includes(method) || !operation.requestBody) continue;
        const key = `${method.toUpperCase()} ${path}`;
        const json = operation.requestBody.content['application/json']?.schema;
        if (json && json.additionalProperties === false) continue;
        if (!json && !MULTIPART.has(key)) loose.push(`${key} (not JSON)`);
        else if (!(key in NOT_STRICT)) loose.push(key);
      }
    }
    expect(
      loose,
      'Make these body schemas .strict(), or add a mass-assignment case and a NOT_STRICT row',
    ).toEqual([]);
  });

  it('registers a customer as a customer, unverified and enabled, whatever the body says', async () => {
    const email = `mass-customer-${Date.now()}@example.in`;
    const response = await call(undefined, {
      method: 'POST',
      url: '/api/auth/register/customer',
      payload: {
        ...forbidden(),
        name: 'Neha Sharma',
        email,
        password: 'Secure@123',
        confirmPassword: 'Secure@123',
        mobile: '8123456780',
        gender: 'Female',
        locality: 'Kankarbagh',
        landmark: 'Near Patrakar Nagar',
        city: 'Patna',
        pincode: '800020',
        acceptTerms: true,
        captchaId: await newCaptchaId(ctx.app),
        captchaCode: TEST_CAPTCHA_CODE,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = (await userRowByEmail(email))!;
    expect(row).toMatchObject({
      role: 'customer',
      shopId: null,
      emailVerified: false,
      disabledAt: null,
      twoFactorEnabled: false,
    });
    expect(row.id).not.toBe(String(forbidden().id));
  });

  it('registers a seller with a new shop of its own, never shop B or another role', async () => {
    const email = `mass-seller-${Date.now()}@example.in`;
    const sent = await call(undefined, {
      method: 'POST',
      url: '/api/auth/registration-otp',
      payload: { email },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email));
    const otp = /\b(\d{6})\b/.exec(mail!.textBody)![1]!;
    const shopsBefore = await ctx.database.db.select({ id: shops.id }).from(shops);
    const response = await call(undefined, {
      method: 'POST',
      url: '/api/auth/register/seller',
      ...multipartOf(
        {
          ...forbidden(),
          name: 'Ganga Fashion Point',
          email,
          password: 'Secure@123',
          confirmPassword: 'Secure@123',
          mobile: '8123456781',
          gender: 'Male',
          locality: 'Station Road',
          landmark: 'Opposite Bus Stand',
          city: 'Gaya',
          pincode: '823001',
          gstin: '10AABCS1429B1Z9',
          shopCategory: 'Cloth',
          shopDescription: 'Sarees, kurtas and school uniforms since 1998.',
          otp,
          acceptTerms: 'true',
          captchaId: await newCaptchaId(ctx.app),
          captchaCode: TEST_CAPTCHA_CODE,
        },
        [{ field: 'shopImage', name: 'shop.png', bytes: png }],
      ),
    });
    expect(response.statusCode, response.body).toBe(201);
    const row = (await userRowByEmail(email))!;
    expect(row.role).toBe('seller');
    expect(row.disabledAt).toBeNull();
    expect(row.twoFactorEnabled).toBe(false);
    expect(row.shopId).not.toBeNull();
    expect(shopsBefore.map((shop) => shop.id)).not.toContain(row.shopId);
  });

  it('keeps role, shop, verification and 2FA out of a profile update', async () => {
    for (const [cookie, email] of [
      [customer.cookie, null],
      [cookies.seller!, 'seller@bazaar.test'],
    ] as const) {
      const id = email ? (await userRowByEmail(email))!.id : customer.id;
      const before = await userRow(id);
      const response = await call(cookie, {
        method: 'PATCH',
        url: '/api/account/profile',
        payload: { ...forbidden(), name: 'Changed Name' },
      });
      expect([200, 400], response.body).toContain(response.statusCode);
      const after = await userRow(id);
      expect(after).toMatchObject({
        role: before.role,
        shopId: before.shopId,
        emailVerified: before.emailVerified,
        disabledAt: before.disabledAt,
        twoFactorEnabled: before.twoFactorEnabled,
      });
      if (response.statusCode === 400) expect(after.name).toBe(before.name);
    }
  });

  it("keeps a profile's nested address the caller's own", async () => {
    const db = ctx.database.db;
    const [theirs] = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, otherCustomer.id));
    const response = await call(customer.cookie, {
      method: 'PATCH',
      url: '/api/account/profile',
      payload: {
        address: {
          ...forbidden(),
          id: theirs!.id,
          locality: 'Ashok Rajpath',
          city: 'Patna',
          pincode: '800004',
        },
      },
    });
    expect([200, 400], response.body).toContain(response.statusCode);
    const [after] = await db.select().from(addresses).where(eq(addresses.id, theirs!.id));
    expect(after).toEqual(theirs);
    const mine = await db.select().from(addresses).where(eq(addresses.userId, customer.id));
    expect(mine.length).toBeGreaterThan(0);
    if (response.statusCode === 200) {
      expect(mine.map((row) => row.locality)).toContain('Ashok Rajpath');
    }
  });

  it("adds a seller's product to the seller's own shop only, with no client rating or placement", async () => {
    const db = ctx.database.db;
    await db.insert(colours).values({ shopId: shopA, name: 'Maroon' }).onConflictDoNothing();
    await db.insert(companies).values({ shopId: shopA, name: 'Raymond' }).onConflictDoNothing();
    await db
      .insert(productNames)
      .values({ shopId: shopA, name: 'Silk Kurta' })
      .onConflictDoNothing();
    const fields = {
      company: 'Raymond',
      name: 'Silk Kurta',
      category: 'Men',
      style: 'Plain',
      material: 'Silk',
      colour: 'Maroon',
      size: 'M',
      quantity: '5',
      mrpPaise: '150000',
      pricePaise: '120000',
      description: 'Soft silk kurta, regular fit.',
    };
    const request = (extra: Record<string, unknown>): InjectOptions => ({
      method: 'POST',
      url: '/api/shop/products',
      ...multipartOf({ ...fields, ...extra }, [{ field: 'images', name: 'kurta.png', bytes: png }]),
    });
    await expectRefusedUnchanged(
      cookies.seller,
      request(forbiddenExcept('pricePaise', 'mrpPaise')),
    );
    for (const name of ['shopId', 'shop_id', 'rating', 'placement', 'archivedAt']) {
      await expectRefusedUnchanged(cookies.seller, request({ [name]: forbidden()[name] }));
    }
    // The same form without them is stored in shop A.
    const created = await call(cookies.seller, request({}));
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.name, 'Silk Kurta'), eq(products.pricePaise, 120_000)));
    expect(row).toMatchObject({ shopId: shopA, placement: 'normal', archivedAt: null });
  });

  it("refuses to move a seller's product to shop B or set its rating", async () => {
    const productId = await insertProduct(ctx.database.db, { shopId: shopA, name: 'Cotton Shirt' });
    await expectRefusedUnchanged(cookies.seller, {
      method: 'PATCH',
      url: `/api/shop/products/${productId}`,
      payload: { ...forbiddenExcept('pricePaise', 'mrpPaise'), description: 'Changed' },
    });
    for (const name of ['shopId', 'rating', 'placement', 'archivedAt', 'status']) {
      await expectRefusedUnchanged(cookies.seller, {
        method: 'PATCH',
        url: `/api/shop/products/${productId}`,
        payload: { [name]: forbidden()[name] },
      });
    }
  });

  it("keeps a cart line the caller's, priced from the product, and the order total the server's", async () => {
    const db = ctx.database.db;
    const productId = await insertProduct(db, {
      shopId: shopA,
      name: 'Linen Shirt',
      pricePaise: 149_900,
      stockQuantity: 20,
    });
    const added = await call(customer.cookie, {
      method: 'POST',
      url: '/api/cart/items',
      payload: { ...forbidden(), productId, quantity: 2 },
    });
    expect([200, 400], added.body).toContain(added.statusCode);
    if (added.statusCode === 400) {
      await call(customer.cookie, {
        method: 'POST',
        url: '/api/cart/items',
        payload: { productId, quantity: 2 },
      });
    }
    const merged = await call(customer.cookie, {
      method: 'POST',
      url: '/api/cart/merge',
      payload: {
        ...forbidden(),
        mergeId: 'merge-mass-assignment',
        items: [{ ...forbidden(), productId, quantity: 1 }],
      },
    });
    expect([200, 400], merged.body).toContain(merged.statusCode);
    expect(await db.select().from(cartItems).where(eq(cartItems.userId, otherCustomer.id))).toEqual(
      [],
    );
    const [line] = await db.select().from(cartItems).where(eq(cartItems.userId, customer.id));
    expect(line!.productId).toBe(productId);
    const quantity = line!.quantity;

    // A client total or price on checkout is refused; the order's total is the server's.
    await expectRefusedUnchanged(customer.cookie, {
      method: 'POST',
      url: '/api/orders',
      payload: { ...forbidden(), addressId: customer.addressId, paymentMethod: 'cod' },
    });
    const placed = await call(customer.cookie, {
      method: 'POST',
      url: '/api/orders',
      payload: { addressId: customer.addressId, paymentMethod: 'cod' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, placed.json<{ id: number }>().id));
    expect(order).toMatchObject({
      userId: customer.id,
      totalPaise: 149_900 * quantity,
      paymentStatus: 'pending',
    });
  });

  it("stores a new address as the caller's", async () => {
    const response = await call(customer.cookie, {
      method: 'POST',
      url: '/api/addresses',
      payload: {
        ...forbidden(),
        recipientName: 'Asha Devi',
        mobile: '9123456700',
        locality: 'Rajendra Nagar',
        city: 'Patna',
        pincode: '800016',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const stored = await ctx.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.locality, 'Rajendra Nagar'));
    expect(stored.map((row) => row.userId)).toEqual([customer.id]);
  });

  it('refuses client totals on a bill and computes them from the lines', async () => {
    await insertStockRow(ctx.database.db, {
      item: 'Shirt-Box',
      category: 'Silver',
      type: "Men's",
      quantity: 100,
    });
    const customerId = await insertWholesaleCustomer(ctx.database.db);
    const line = {
      item: 'Shirt-Box',
      category: 'Silver',
      type: "Men's",
      size: 'M',
      quantity: 3,
      ratePaise: 50_000,
    };
    const url = `/api/customers/${customerId}/bills`;
    await expectRefusedUnchanged(cookies.admin, {
      method: 'POST',
      url,
      payload: { ...forbiddenExcept('receivedPaise'), lines: [line] },
    });
    await expectRefusedUnchanged(cookies.admin, {
      method: 'POST',
      url,
      payload: { lines: [{ ...line, amountPaise: 1, totalPaise: 1 }] },
    });
    const created = await call(cookies.admin, { method: 'POST', url, payload: { lines: [line] } });
    expect(created.statusCode, created.body).toBe(201);
    const [bill] = await ctx.database.db
      .select()
      .from(bills)
      .where(eq(bills.customerId, customerId));
    expect(bill).toMatchObject({ amountPaise: 150_000, status: 'open', receivedPaise: 0 });
    await expectRefusedUnchanged(cookies.employee, {
      method: 'POST',
      url: `/api/bills/${bill!.id}/payments`,
      payload: { ...forbiddenExcept('amountPaise'), amountPaise: 100 },
    });
  });

  it('refuses owner, shop and status fields on back-office and shop-office records', async () => {
    await expectRefusedUnchanged(cookies.admin, {
      method: 'POST',
      url: '/api/customers',
      payload: { ...customerInput(), ...forbidden() },
    });
    await expectRefusedUnchanged(cookies.employee, {
      method: 'POST',
      url: '/api/customer-requests',
      payload: { ...customerInput(), ...forbidden() },
    });
    const customerId = await insertWholesaleCustomer(ctx.database.db);
    const input = customerInput();
    await expectRefusedUnchanged(cookies.admin, {
      method: 'PATCH',
      url: `/api/customers/${customerId}`,
      payload: {
        name: input.name,
        email: input.email,
        mobile: input.mobile,
        shopName: input.shopName,
        userId: otherCustomer.id,
        shopId: shopB,
      },
    });
    expect(
      (
        await ctx.database.db
          .select({ userId: wholesaleCustomers.userId })
          .from(wholesaleCustomers)
          .where(eq(wholesaleCustomers.id, customerId))
      )[0]!.userId,
    ).not.toBe(otherCustomer.id);
    await expectRefusedUnchanged(cookies.admin, {
      method: 'POST',
      url: '/api/stock',
      payload: {
        item: 'Shorts-Box',
        category: 'Silver',
        type: "Men's",
        size: 'M',
        quantity: 5,
        pricePaise: 20_000,
        ...forbiddenExcept('pricePaise'),
      },
    });
    await expectRefusedUnchanged(cookies.seller, {
      method: 'POST',
      url: '/api/shop/support-admins',
      payload: {
        name: 'Manoj Kumar',
        email: `mass-support-${Date.now()}@example.in`,
        mobile: '8123456782',
        dateOfBirth: '1995-05-05',
        aadhaarNumber: uniqueAadhaar(),
        jobTitle: 'Store Manager',
        ...forbidden(),
      },
    });
    expect(
      await ctx.database.db.select().from(stockItems).where(eq(stockItems.item, 'Shorts-Box')),
    ).toEqual([]);
  });

  it('creates an employee as an employee whatever role the form names', async () => {
    const fields = employeeInput();
    const response = await call(cookies.admin, {
      method: 'POST',
      url: '/api/employees',
      ...multipartOf({ ...forbidden(), ...fields }, [
        { field: 'idProof', name: 'aadhaar.png', bytes: png },
      ]),
    });
    expect([201, 400], response.body).toContain(response.statusCode);
    const row = await userRowByEmail(fields.email!);
    if (response.statusCode === 400) expect(row).toBeUndefined();
    else {
      expect(row).toMatchObject({
        role: 'employee',
        shopId: null,
        disabledAt: null,
        twoFactorEnabled: false,
      });
    }
  });

  it("keeps a seller without a shop out of shop B's", async () => {
    const newSeller = (await userRowByEmail('newseller@bazaar.test'))!;
    const response = await call(cookies.newseller, {
      method: 'POST',
      url: '/api/seller/shop-details',
      ...multipartOf(
        {
          ...forbidden(),
          gstin: '10AABCS1429B1Z9',
          shopCategory: 'Cloth',
          shopDescription: 'School uniforms and kurtas since 2001.',
          shopName: 'Kavita Textiles',
          locality: 'Boring Road',
          city: 'Patna',
          pincode: '800001',
        },
        [{ field: 'shopImage', name: 'shop.png', bytes: png }],
      ),
    });
    expect([200, 201], response.body).toContain(response.statusCode);
    const after = await userRow(newSeller.id);
    expect(after.role).toBe('seller');
    expect(after.shopId).not.toBeNull();
    expect([shopA, shopB]).not.toContain(after.shopId);
  });

  it('stores a contact message unread', async () => {
    const response = await call(undefined, {
      method: 'POST',
      url: '/api/contact-messages',
      payload: {
        ...forbidden(),
        name: 'Ravi Ranjan',
        email: 'mass-contact@example.in',
        phone: '9123456780',
        subject: 'Late parcel',
        message: 'My parcel is late by two days.',
        captchaId: await newCaptchaId(ctx.app),
        captchaCode: TEST_CAPTCHA_CODE,
      },
    });
    expect([201, 202, 200], response.body).toContain(response.statusCode);
    const [row] = await ctx.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'mass-contact@example.in'));
    expect(row!.readAt).toBeNull();
  });
});
