import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedSupportAdmin, SupportAdmin } from '@bazaar/shared';
import { outbox, sessions, users } from '../../../src/db/schema/index.js';
import { loginRequest } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { asStaff, createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';

/*
 * docs/shop-office.md "Support admins": the seller creates support admins of
 * its own shop with a generated password (shown once, mailed), lists and disables them; support
 * admins cannot; another shop's are 404.
 */

let ctx: TestContext;
let seller: TestStaff;
let seller2: TestStaff;
let support: TestStaff;
let shopA: number;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  shopA = await insertShop(ctx.database.db);
  const shopB = await insertShop(ctx.database.db);
  seller = await createStaff(ctx.app, ctx.database.db, 'seller', shopA);
  seller2 = await createStaff(ctx.app, ctx.database.db, 'seller', shopB);
  support = await createStaff(ctx.app, ctx.database.db, 'support_admin', shopA);
});

afterAll(async () => {
  await ctx.close();
});

function input(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Sunita Devi',
    email: `sunita${counter}-${Date.now()}@example.in`,
    mobile: `96${String(Date.now() % 1e6).padStart(6, '0')}${String(counter).padStart(2, '0')}`,
    dateOfBirth: '1995-04-12',
    aadhaarNumber: '234123412346',
    jobTitle: 'Order manager',
    ...overrides,
  };
}

function create(staff: TestStaff, payload: object) {
  return asStaff(ctx.app, staff, { method: 'POST', url: '/api/shop/support-admins', payload });
}

describe('create', () => {
  it('creates a verified support admin of the seller shop who can sign in with the mailed password', async () => {
    const payload = input();
    const response = await create(seller, payload);
    expect(response.statusCode).toBe(201);
    const created = response.json<CreatedSupportAdmin>();
    expect(created.password).toHaveLength(8);
    expect(created.supportAdmin).toMatchObject({
      name: 'Sunita Devi',
      email: payload.email,
      jobTitle: 'Order manager',
      disabledAt: null,
    });
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, created.supportAdmin.id));
    expect(row).toMatchObject({ role: 'support_admin', shopId: shopA, emailVerified: true });
    const mails = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, payload.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(created.password);

    const login = await loginRequest(ctx.app, {
      area: 'support_admin',
      identifier: payload.email,
      password: created.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses under 18, a bad Aadhaar, an unknown role and a taken email', async () => {
    const today = new Date();
    const young = `${today.getUTCFullYear() - 17}-01-01`;
    const tooYoung = await create(seller, input({ dateOfBirth: young }));
    expect(tooYoung.statusCode).toBe(400);
    expect(tooYoung.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      dateOfBirth: 'A support admin must be at least 18 years old',
    });
    const aadhaar = await create(seller, input({ aadhaarNumber: '234123412345' }));
    expect(aadhaar.statusCode).toBe(400);
    expect(
      aadhaar.json<{ error: { fields: Record<string, string> } }>().error.fields,
    ).toMatchObject({ aadhaarNumber: 'Invalid Aadhaar number' });
    expect((await create(seller, input({ jobTitle: 'Owner' }))).statusCode).toBe(400);
    const taken = await create(seller, input({ email: seller2.email }));
    expect(taken.statusCode).toBe(409);
  });

  it('is for sellers only: a support admin gets 403', async () => {
    expect((await create(support, input())).statusCode).toBe(403);
    const list = await asStaff(ctx.app, support, {
      method: 'GET',
      url: '/api/shop/support-admins',
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('list and disable', () => {
  it("lists only the seller's own support admins and disables them, ending their sessions", async () => {
    const created = (await create(seller, input())).json<CreatedSupportAdmin>();
    const mine = (
      await asStaff(ctx.app, seller, { method: 'GET', url: '/api/shop/support-admins' })
    ).json<SupportAdmin[]>();
    expect(mine.map((admin) => admin.id)).toContain(created.supportAdmin.id);
    expect(mine.map((admin) => admin.id)).toContain(support.id);
    const theirs = (
      await asStaff(ctx.app, seller2, { method: 'GET', url: '/api/shop/support-admins' })
    ).json<SupportAdmin[]>();
    expect(theirs).toEqual([]);

    const outsider = await asStaff(ctx.app, seller2, {
      method: 'POST',
      url: `/api/shop/support-admins/${support.id}/disable`,
    });
    expect(outsider.statusCode).toBe(404);
    expect(
      (await asStaff(ctx.app, support, { method: 'GET', url: '/api/shop/summary' })).statusCode,
    ).toBe(200);

    const disabled = await asStaff(ctx.app, seller, {
      method: 'POST',
      url: `/api/shop/support-admins/${support.id}/disable`,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<SupportAdmin>().disabledAt).not.toBeNull();
    const left = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, support.id));
    expect(left).toEqual([]);
    expect(
      (await asStaff(ctx.app, support, { method: 'GET', url: '/api/shop/summary' })).statusCode,
    ).toBe(401);
    const seller0 = await asStaff(ctx.app, seller, {
      method: 'POST',
      url: `/api/shop/support-admins/${seller2.id}/disable`,
    });
    expect(seller0.statusCode).toBe(404);
  });
});
