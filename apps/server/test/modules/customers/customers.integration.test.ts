import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  GENERATED_PASSWORD_ALPHABET,
  PEOPLE_MESSAGES,
  type CreatedCustomer,
  type CustomerPage,
  type WholesaleCustomer,
} from '@bazaar/shared';
import { bills, users, wholesaleCustomers } from '../../../src/db/schema/index.js';
import { loginRequest } from '../../support/accounts.js';
import {
  auditCount,
  auditRowsOf,
  createPeopleContext,
  customerInput,
  errorOf,
  mailsTo,
  uniqueMobile,
  type PeopleContext,
} from './people-test-support.js';

/*
 * docs/back-office-people.md: wholesale customers with their own login,
 * the list with search, the Edit modal, the employee home's counts; audit rows for each change.
 */

let people: PeopleContext;

beforeAll(async () => {
  people = await createPeopleContext();
});

afterAll(async () => {
  await people.ctx.close();
});

async function createCustomer(overrides = {}) {
  const input = customerInput(overrides);
  const response = await people.call('admin', {
    method: 'POST',
    url: '/api/customers',
    payload: input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { input, created: response.json<CreatedCustomer>() };
}

describe('creating a customer', () => {
  it('creates the customer and a verified account whose generated password logs in, mails it and audits it', async () => {
    const { input, created } = await createCustomer({
      altMobile: uniqueMobile(),
      gstin: '10AABCU9603R1Z2',
    });
    expect(created.customer).toMatchObject({
      name: input.name,
      email: input.email,
      mobile: input.mobile,
      altMobile: input.altMobile,
      shopName: input.shopName,
      gstin: '10AABCU9603R1Z2',
      locality: 'Kadamkuan',
      landmark: 'Near Kali Mandir',
      city: 'Patna',
      pincode: '800003',
      state: 'Bihar',
      country: 'India',
      duesPaise: 0,
      billCount: 0,
    });
    const password = created.generatedPassword;
    expect(password).toHaveLength(8);
    expect([...password].every((char) => GENERATED_PASSWORD_ALPHABET.includes(char))).toBe(true);

    const [account] = await people.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, input.email));
    expect(account).toMatchObject({ role: 'customer', emailVerified: true, mobile: input.mobile });

    const login = await loginRequest(people.ctx.app, {
      area: 'customer',
      identifier: input.email,
      password,
    });
    expect(login.statusCode, login.body).toBe(200);

    const mails = await mailsTo(people.ctx, input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(password);

    const audit = await auditRowsOf(people.ctx, 'customer', created.customer.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorName: 'Anil Sinha',
      actorRole: 'admin',
      action: 'create',
      before: null,
    });
    expect(audit[0]!.after).toMatchObject({ email: input.email, shopName: input.shopName });
  });

  it('refuses a taken email or mobile with 409 and a field message, writing nothing', async () => {
    const { input } = await createCustomer();
    const before = await auditCount(people.ctx);

    const sameEmail = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ email: input.email.toUpperCase() }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(errorOf(sameEmail).fields).toEqual({ email: ACCOUNT_MESSAGES.emailTaken });

    const sameMobile = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ mobile: input.mobile }),
    });
    expect(sameMobile.statusCode).toBe(409);
    expect(errorOf(sameMobile).fields).toEqual({ mobile: ACCOUNT_MESSAGES.mobileTaken });

    // The demo customer's account mobile is taken too, though it is no wholesale customer.
    const accountMobile = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ mobile: '9876500002' }),
    });
    expect(accountMobile.statusCode).toBe(409);
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it("refuses a mobile starting 5 with the spec's message, and a bad GSTIN", async () => {
    const before = await auditCount(people.ctx);
    const response = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({
        mobile: '5123456789',
        altMobile: '12345',
        gstin: '10AABCU9603R1Z3',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      mobile: PEOPLE_MESSAGES.mobileInvalid,
      altMobile: PEOPLE_MESSAGES.mobileInvalid,
      gstin: 'Invalid GST No',
    });
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it("refuses a pincode of another state than the address's, and one India Post does not know", async () => {
    const response = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ pincode: '110001' }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ pincode: 'Pincode 110001 is in Delhi, not Bihar' });
    const unknown = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ pincode: '000000' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).fields).toEqual({ pincode: ACCOUNT_MESSAGES.pincodeUnknown });
  });

  it('lets only the admin create customers', async () => {
    for (const caller of ['employee', 'customer', 'seller', 'delivery'] as const) {
      const response = await people.call(caller, {
        method: 'POST',
        url: '/api/customers',
        payload: customerInput(),
      });
      expect(response.statusCode, caller).toBe(403);
    }
    const anonymous = await people.call(null, {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput(),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the customer list', () => {
  it('searches name, mobile, shop, locality, landmark and city case-insensitively, 10 a page', async () => {
    const { input } = await createCustomer({
      name: 'Zubair Ansari',
      shopName: 'Ansari Hosiery',
      locality: 'Sabzibagh',
      landmark: 'Opposite Pir Mohani',
      city: 'Patna',
    });
    for (const search of ['zubair', 'ANSARI HOS', input.mobile.slice(2, 8), 'sabzi', 'pir moh']) {
      const response = await people.call('employee', {
        method: 'GET',
        url: `/api/customers?search=${encodeURIComponent(search)}`,
      });
      expect(response.statusCode).toBe(200);
      const page = response.json<CustomerPage>();
      expect(
        page.items.map((item) => item.email),
        search,
      ).toContain(input.email);
    }
    const none = await people.call('admin', {
      method: 'GET',
      url: '/api/customers?search=nobody%25here',
    });
    expect(none.json<CustomerPage>()).toMatchObject({ items: [], total: 0, totalPages: 0 });

    for (let index = 0; index < 11; index += 1) await createCustomer();
    const first = (
      await people.call('admin', { method: 'GET', url: '/api/customers' })
    ).json<CustomerPage>();
    expect(first.items).toHaveLength(10);
    expect(first.pageSize).toBe(10);
    expect(first.totalPages).toBe(Math.ceil(first.total / 10));
    const second = (
      await people.call('admin', { method: 'GET', url: '/api/customers?page=2' })
    ).json<CustomerPage>();
    expect(second.items[0]!.id).toBeLessThan(first.items[9]!.id);
  });

  it('is refused to customers, sellers and delivery staff', async () => {
    for (const caller of ['customer', 'seller', 'delivery'] as const) {
      for (const url of ['/api/customers', '/api/customers/summary', '/api/customers/1']) {
        const response = await people.call(caller, { method: 'GET', url });
        expect(response.statusCode, `${caller} ${url}`).toBe(403);
      }
    }
  });

  it('answers one customer, 404 for an unknown id, and the summary with dues of open bills', async () => {
    const { created } = await createCustomer();
    const db = people.ctx.database.db;
    await db.insert(bills).values([
      {
        customerId: created.customer.id,
        amountPaise: 100_000,
        gstPaise: 5_000,
        receivedPaise: 40_000,
        sellerLabel: 'admin',
      },
      {
        customerId: created.customer.id,
        amountPaise: 20_000,
        gstPaise: 0,
        receivedPaise: 20_000,
        status: 'closed',
        sellerLabel: 'admin',
      },
    ]);
    const one = await people.call('employee', {
      method: 'GET',
      url: `/api/customers/${created.customer.id}`,
    });
    expect(one.statusCode).toBe(200);
    expect(one.json<WholesaleCustomer>()).toMatchObject({ duesPaise: 65_000, billCount: 2 });

    const missing = await people.call('admin', { method: 'GET', url: '/api/customers/999999' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(PEOPLE_MESSAGES.customerNotFound);

    const summary = await people.call('employee', { method: 'GET', url: '/api/customers/summary' });
    const customers = await db.select({ id: wholesaleCustomers.id }).from(wholesaleCustomers);
    expect(summary.json()).toEqual({
      totalCustomers: customers.length,
      totalCreditPaise: 65_000,
    });
  });
});

describe('editing a customer', () => {
  it('updates the customer and its account together and audits before and after; a new email waits for verification', async () => {
    const { input, created } = await createCustomer();
    const patch = {
      name: 'Suresh Prasad Gupta',
      email: `renamed-${Date.now()}@example.in`,
      mobile: uniqueMobile(),
      altMobile: uniqueMobile(),
      shopName: 'Gupta Cloth House',
    };
    const response = await people.call('employee', {
      method: 'PATCH',
      url: `/api/customers/${created.customer.id}`,
      payload: patch,
    });
    expect(response.statusCode, response.body).toBe(200);
    // The sign-in email changes only once the new address is verified (email-change.integration.test.ts).
    expect(response.json<WholesaleCustomer>()).toMatchObject({ ...patch, email: input.email });

    const [account] = await people.ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, input.email));
    expect(account).toMatchObject({ name: patch.name, mobile: patch.mobile });
    const login = await loginRequest(people.ctx.app, {
      area: 'customer',
      identifier: patch.mobile,
      password: created.generatedPassword,
    });
    expect(login.statusCode).toBe(200);

    const audit = await auditRowsOf(people.ctx, 'customer', created.customer.id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'email_change_requested']);
    expect(audit[1]).toMatchObject({ actorRole: 'employee', actorName: 'Rakesh Paswan' });
    expect(audit[1]!.before).toMatchObject({ email: input.email, shopName: input.shopName });
    expect(audit[1]!.after).toMatchObject({ email: input.email, shopName: patch.shopName });
    expect(audit[2]!.after).toMatchObject({ email: patch.email });
    // Only the customer's own fields are compared, so the trail shows what the edit changed.
    expect(Object.keys(audit[1]!.before as object).sort()).toEqual(
      Object.keys(audit[1]!.after as object).sort(),
    );
    expect(audit[1]!.before).not.toHaveProperty('duesPaise');
  });

  it('keeps its own email and mobile, refuses another account’s with 409 and no audit row', async () => {
    const { input, created } = await createCustomer();
    const { input: other } = await createCustomer();
    const same = await people.call('admin', {
      method: 'PATCH',
      url: `/api/customers/${created.customer.id}`,
      payload: {
        name: 'Same Contact',
        email: input.email,
        mobile: input.mobile,
        shopName: 'Same Shop',
      },
    });
    expect(same.statusCode).toBe(200);
    const before = await auditCount(people.ctx);
    const taken = await people.call('admin', {
      method: 'PATCH',
      url: `/api/customers/${created.customer.id}`,
      payload: { name: 'X', email: other.email, mobile: input.mobile, shopName: 'Y' },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toEqual({ email: ACCOUNT_MESSAGES.emailTaken });
    const badMobile = await people.call('admin', {
      method: 'PATCH',
      url: `/api/customers/${created.customer.id}`,
      payload: { name: 'X', email: input.email, mobile: '5123456789', shopName: 'Y' },
    });
    expect(badMobile.statusCode).toBe(400);
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it('is refused to customers, sellers and delivery staff, and 404 for an unknown customer', async () => {
    const payload = { name: 'X', email: 'x@example.in', mobile: uniqueMobile(), shopName: 'Y' };
    for (const caller of ['customer', 'seller', 'delivery'] as const) {
      const response = await people.call(caller, {
        method: 'PATCH',
        url: '/api/customers/1',
        payload,
      });
      expect(response.statusCode, caller).toBe(403);
    }
    const missing = await people.call('admin', {
      method: 'PATCH',
      url: '/api/customers/999999',
      payload,
    });
    expect(missing.statusCode).toBe(404);
  });
});
