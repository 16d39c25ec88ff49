import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryAddress, DeliveryAddressList } from '@bazaar/shared';
import { authAccounts, users } from '../../../src/db/schema/index.js';
import { hashPassword } from '../../../src/platform/auth.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';

/*
 * docs/shopping.md: saved delivery addresses with the registration address rules (6-digit
 * pincode, Bihar, India) and one default.
 */

let context: TestContext;
let demoCustomer: string;

beforeAll(async () => {
  context = await createTestApp();
  await insertShop(context.database.db);
  await insertShop(context.database.db);
  await seedDemoAccounts(context.database.db);
  demoCustomer = await signIn(context.app, 'customer', 'customer@bazaar.test', DEMO_PASSWORD);
});

afterAll(async () => {
  await context.close();
});

let customerCounter = 0;

/** A verified customer without any address, signed in; answers its session cookie. */
async function newCustomer(): Promise<string> {
  customerCounter += 1;
  const id = crypto.randomUUID();
  const email = `buyer${customerCounter}@example.in`;
  await context.database.db.transaction(async (tx) => {
    await tx.insert(users).values({
      id,
      name: `Buyer ${customerCounter}`,
      email,
      emailVerified: true,
      role: 'customer',
      mobile: `70000000${String(customerCounter).padStart(2, '0')}`,
    });
    await tx.insert(authAccounts).values({
      id: crypto.randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: await hashPassword(DEMO_PASSWORD),
    });
  });
  return signIn(context.app, 'customer', email, DEMO_PASSWORD);
}

function call(cookie: string, options: InjectOptions) {
  return context.app.inject({ ...options, headers: { ...options.headers, cookie } });
}

/** A valid new address in Patna; `overrides` replace fields. */
function addressBody(overrides: Record<string, unknown> = {}) {
  return {
    recipientName: 'Sita Devi',
    mobile: '9431012345',
    locality: 'Kankarbagh Main Road',
    landmark: 'Near Patrakar Nagar',
    city: 'Patna',
    pincode: '800020',
    ...overrides,
  };
}

async function save(cookie: string, overrides: Record<string, unknown> = {}) {
  return call(cookie, { method: 'POST', url: '/api/addresses', payload: addressBody(overrides) });
}

async function list(cookie: string): Promise<DeliveryAddress[]> {
  const response = await call(cookie, { method: 'GET', url: '/api/addresses' });
  expect(response.statusCode).toBe(200);
  return response.json<DeliveryAddressList>().addresses;
}

function errorOf(response: { json(): unknown }) {
  return (
    response.json() as { error: { code: string; message: string; fields?: Record<string, string> } }
  ).error;
}

describe('delivery addresses', () => {
  it("shows the registration address as the default, with the account's name and mobile", async () => {
    const addresses = await list(demoCustomer);
    expect(addresses).toEqual([
      {
        id: expect.any(Number),
        locality: 'Boring Road',
        landmark: 'Near A. N. College',
        city: 'Patna',
        state: 'Bihar',
        pincode: '800001',
        country: 'India',
        isDefault: true,
        recipientName: 'Priya Kumari',
        mobile: '9876500002',
      },
    ]);
  });

  it('makes the first address the default and lists the default first, then the newest', async () => {
    const cookie = await newCustomer();
    expect(await list(cookie)).toEqual([]);
    const first = await save(cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json<DeliveryAddressList>().addresses).toEqual([
      {
        id: expect.any(Number),
        ...addressBody(),
        state: 'Bihar',
        country: 'India',
        isDefault: true,
      },
    ]);
    await save(cookie, { locality: 'Second Lane' });
    const third = await save(cookie, { locality: 'Third Lane', landmark: undefined });
    expect(third.statusCode).toBe(201);
    const addresses = third.json<DeliveryAddressList>().addresses;
    expect(addresses.map((address) => [address.locality, address.isDefault])).toEqual([
      ['Kankarbagh Main Road', true],
      ['Third Lane', false],
      ['Second Lane', false],
    ]);
    expect(addresses[1]!.landmark).toBe('');
  });

  it('refuses a pincode outside Bihar and bad fields with their messages', async () => {
    const cookie = await newCustomer();
    const delhi = await save(cookie, { pincode: '110001' });
    expect(delhi.statusCode).toBe(400);
    expect(errorOf(delhi)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { pincode: 'We deliver only in Bihar: please enter a Bihar pincode' },
    });
    const short = await save(cookie, { pincode: '8000' });
    expect(errorOf(short).fields).toEqual({ pincode: 'Pincode must be 6 digit' });
    const mobile = await save(cookie, { mobile: '5123456789' });
    expect(errorOf(mobile).fields).toEqual({ mobile: 'Mobile number must be start from  6 - 9' });
    const name = await save(cookie, { recipientName: 'R2D2' });
    expect(errorOf(name).fields).toEqual({ recipientName: 'Name should only contain letters' });
    const state = await save(cookie, { state: 'Delhi' });
    expect(errorOf(state).fields).toEqual({ state: 'State must be Bihar' });
    expect(await list(cookie)).toEqual([]);
  });

  it('refuses an 11th address', async () => {
    const cookie = await newCustomer();
    for (let index = 0; index < 10; index += 1) {
      expect((await save(cookie, { locality: `House ${index}` })).statusCode).toBe(201);
    }
    const response = await save(cookie);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'CONFLICT',
      reason: 'ADDRESS_LIMIT',
      message: 'You can save at most 10 addresses: delete one to add another',
    });
  });

  it('changes some fields of an address', async () => {
    const cookie = await newCustomer();
    const [saved] = (await save(cookie)).json<DeliveryAddressList>().addresses;
    const response = await call(cookie, {
      method: 'PATCH',
      url: `/api/addresses/${saved!.id}`,
      payload: { recipientName: 'Gita Devi', landmark: '', pincode: '800001' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<DeliveryAddressList>().addresses).toEqual([
      { ...saved, recipientName: 'Gita Devi', landmark: '', pincode: '800001' },
    ]);

    const outside = await call(cookie, {
      method: 'PATCH',
      url: `/api/addresses/${saved!.id}`,
      payload: { pincode: '110001' },
    });
    expect(outside.statusCode).toBe(400);
    const empty = await call(cookie, {
      method: 'PATCH',
      url: `/api/addresses/${saved!.id}`,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const unknownField = await call(cookie, {
      method: 'PATCH',
      url: `/api/addresses/${saved!.id}`,
      payload: { isDefault: true },
    });
    expect(unknownField.statusCode).toBe(400);
  });

  it('makes another address the default', async () => {
    const cookie = await newCustomer();
    await save(cookie, { locality: 'First' });
    const second = (await save(cookie, { locality: 'Second' })).json<DeliveryAddressList>()
      .addresses[1]!;
    const response = await call(cookie, {
      method: 'POST',
      url: `/api/addresses/${second.id}/default`,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.json<DeliveryAddressList>().addresses.map((a) => [a.locality, a.isDefault]),
    ).toEqual([
      ['Second', true],
      ['First', false],
    ]);
  });

  it('passes the default to the newest remaining address when the default is deleted', async () => {
    const cookie = await newCustomer();
    await save(cookie, { locality: 'Oldest' });
    await save(cookie, { locality: 'Middle' });
    await save(cookie, { locality: 'Newest' });
    const [defaultAddress] = await list(cookie);
    expect(defaultAddress!.locality).toBe('Oldest');
    const response = await call(cookie, {
      method: 'DELETE',
      url: `/api/addresses/${defaultAddress!.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response.json<DeliveryAddressList>().addresses.map((a) => [a.locality, a.isDefault]),
    ).toEqual([
      ['Newest', true],
      ['Middle', false],
    ]);

    const middle = (await list(cookie))[1]!;
    const kept = await call(cookie, { method: 'DELETE', url: `/api/addresses/${middle.id}` });
    expect(
      kept.json<DeliveryAddressList>().addresses.map((a) => [a.locality, a.isDefault]),
    ).toEqual([['Newest', true]]);
    const again = await call(cookie, { method: 'DELETE', url: `/api/addresses/${middle.id}` });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another customer's address and leaves it alone", async () => {
    const owner = await newCustomer();
    const intruder = await newCustomer();
    const [theirs] = (await save(owner)).json<DeliveryAddressList>().addresses;
    const attempts: InjectOptions[] = [
      { method: 'PATCH', url: `/api/addresses/${theirs!.id}`, payload: { city: 'Gaya' } },
      { method: 'DELETE', url: `/api/addresses/${theirs!.id}` },
      { method: 'POST', url: `/api/addresses/${theirs!.id}/default` },
    ];
    for (const attempt of attempts) {
      const response = await call(intruder, attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'NOT_FOUND', message: 'Address not found' });
    }
    expect(await list(owner)).toEqual([theirs]);
    expect(await list(intruder)).toEqual([]);
  });

  it('answers 403 to a seller', async () => {
    const seller = await signIn(context.app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
    const response = await call(seller, { method: 'GET', url: '/api/addresses' });
    expect(response.statusCode).toBe(403);
  });
});
