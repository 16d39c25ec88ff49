import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@bazaar/shared';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';

/*
 * A support admin's job title is the seller's to set, from SUPPORT_ADMIN_TITLES, when the seller
 * creates the support admin (docs/shop-office.md "Support admins"); the support admin's own
 * profile shows it but cannot change it (docs/security.md).
 */

let context: TestContext;
let support: string;

beforeAll(async () => {
  context = await createTestApp();
  await insertShop(context.database.db);
  await seedDemoAccounts(context.database.db);
  support = await signIn(context.app, 'support_admin', 'support@bazaar.test', DEMO_PASSWORD);
});

afterAll(async () => {
  await context.close();
});

async function patchProfile(payload: Record<string, unknown>) {
  return context.app.inject({
    method: 'PATCH',
    url: '/api/account/profile',
    headers: { cookie: support },
    payload,
  });
}

async function profile() {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/account/profile',
    headers: { cookie: support },
  });
  return response.json<{ name: string; jobTitle: string | null }>();
}

describe("a support admin's own job title", () => {
  it('refuses a job title the support admin sets for themselves', async () => {
    const before = await profile();
    const response = await patchProfile({ jobTitle: 'Owner' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: `jobTitle: ${ACCOUNT_MESSAGES.jobTitleSetBySeller}`,
        fields: { jobTitle: ACCOUNT_MESSAGES.jobTitleSetBySeller },
      },
    });
    expect((await profile()).jobTitle).toBe(before.jobTitle);
  });

  it('refuses even a title from the list, and changes nothing else sent with it', async () => {
    const before = await profile();
    const response = await patchProfile({ name: 'Manoj Kumar Yadav', jobTitle: 'Support' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.jobTitle).toBe(ACCOUNT_MESSAGES.jobTitleSetBySeller);
    expect(await profile()).toMatchObject({ name: before.name, jobTitle: before.jobTitle });
  });

  it('still lets the support admin change the fields that are theirs', async () => {
    const response = await patchProfile({ name: 'Manoj Kumar Yadav' });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Manoj Kumar Yadav');
  });
});
