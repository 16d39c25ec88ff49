import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, LOGIN_MAX_FAILURES, type Role } from '@bazaar/shared';
import { loginFailures } from '../../../src/db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { loginRequest } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';

/*
 * The sign-in lock-out counts wrong passwords per account (docs/security.md): the email and the
 * mobile number of one account share one count, so an attacker gets LOGIN_MAX_FAILURES guesses
 * per account, not per identifier.
 */

let context: TestContext;

const demo = (role: Role) => DEMO_ACCOUNTS.find((account) => account.role === role)!;

beforeAll(async () => {
  context = await createTestApp();
  await insertShop(context.database.db);
  await seedDemoAccounts(context.database.db);
});

afterAll(async () => {
  await context.close();
});

beforeEach(async () => {
  // Each case starts with no failures counted (test-only reset of the counter table).
  await context.database.db.delete(loginFailures);
});

async function failTimes(area: Role, identifier: string, times: number) {
  for (let attempt = 0; attempt < times; attempt += 1) {
    const response = await loginRequest(context.app, {
      area,
      identifier,
      password: 'Wrong@123',
    });
    expect(response.statusCode).toBe(401);
  }
}

describe('sign-in lock-out per account', () => {
  it('locks the mobile number after five wrong passwords by email', async () => {
    const account = demo('delivery');
    await failTimes('delivery', account.email, LOGIN_MAX_FAILURES);
    const byEmail = await loginRequest(context.app, {
      area: 'delivery',
      identifier: account.email,
      password: DEMO_PASSWORD,
    });
    const byMobile = await loginRequest(context.app, {
      area: 'delivery',
      identifier: account.mobile,
      password: DEMO_PASSWORD,
    });
    expect(byEmail.statusCode).toBe(429);
    expect(byMobile.statusCode).toBe(429);
    expect(byMobile.json()).toEqual(byEmail.json());
    expect(byMobile.json().error.message).toBe(ACCOUNT_MESSAGES.locked);
    expect(byMobile.headers['set-cookie']).toBeUndefined();
  });

  it('locks the email after five wrong passwords by mobile number', async () => {
    const account = demo('employee');
    await failTimes('employee', account.mobile, LOGIN_MAX_FAILURES);
    const byEmail = await loginRequest(context.app, {
      area: 'employee',
      identifier: account.email.toUpperCase(),
      password: DEMO_PASSWORD,
    });
    expect(byEmail.statusCode).toBe(429);
    expect(byEmail.json().error.message).toBe(ACCOUNT_MESSAGES.locked);
  });

  it('counts wrong passwords by email and by mobile together', async () => {
    const account = demo('admin');
    await failTimes('admin', account.email, 3);
    await failTimes('admin', account.mobile, 2);
    const locked = await loginRequest(context.app, {
      area: 'admin',
      identifier: account.email,
      password: DEMO_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
  });

  it('a right password by mobile clears the failures counted by email', async () => {
    const account = demo('customer');
    await failTimes('customer', account.email, LOGIN_MAX_FAILURES - 1);
    const signedIn = await loginRequest(context.app, {
      area: 'customer',
      identifier: account.mobile,
      password: DEMO_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    await failTimes('customer', account.email, LOGIN_MAX_FAILURES - 1);
    const again = await loginRequest(context.app, {
      area: 'customer',
      identifier: account.email,
      password: DEMO_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
  });

  it('still locks an identifier that no account has, with the same answer', async () => {
    await failTimes('customer', 'nobody@bazaar.test', LOGIN_MAX_FAILURES);
    const ghost = await loginRequest(context.app, {
      area: 'customer',
      identifier: 'nobody@bazaar.test',
      password: 'Wrong@123',
    });
    expect(ghost.statusCode).toBe(429);
    expect(ghost.json().error.message).toBe(ACCOUNT_MESSAGES.locked);
  });
});
