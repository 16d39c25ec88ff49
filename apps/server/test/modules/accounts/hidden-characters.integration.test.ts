import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_CHARACTERS_MESSAGE } from '@bazaar/shared';
import { users } from '../../../src/db/schema/index.js';
import { newCaptchaId } from '../../support/accounts.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../../support/test-app.js';

/*
 * Names and address lines with control or invisible formatting characters (a right-to-left
 * override turning "Patna" into something else on a label) are refused with a field message
 * before anything is stored (docs/security.md).
 */

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

function registration(overrides: Record<string, unknown>) {
  return {
    name: 'Neha Sharma',
    email: `neha${Math.random().toString(36).slice(2, 8)}@example.in`,
    password: 'Secure@123',
    confirmPassword: 'Secure@123',
    mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    gender: 'Female',
    locality: 'Kankarbagh',
    landmark: 'Near Patrakar Nagar',
    city: 'Patna',
    pincode: '800020',
    acceptTerms: true,
    captchaCode: TEST_CAPTCHA_CODE,
    ...overrides,
  };
}

describe('hidden characters in a customer registration', () => {
  it.each([
    ['name', 'Neha\u202EamrahS'],
    ['locality', 'Kankar\u202Ebagh'],
  ])(
    'refuses a right-to-left override in %s with 400 and stores no account',
    async (field, value) => {
      const body = registration({ [field]: value });
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/register/customer',
        payload: { captchaId: await newCaptchaId(context.app), ...body },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
      expect(response.json().error.fields).toEqual({ [field]: HIDDEN_CHARACTERS_MESSAGE });
      expect(
        await context.database.db.select().from(users).where(eq(users.email, body.email)),
      ).toEqual([]);
    },
  );

  it('accepts a Hindi name', async () => {
    const body = registration({ name: 'राम कुमार' });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/auth/register/customer',
      payload: { captchaId: await newCaptchaId(context.app), ...body },
    });
    expect(response.statusCode).toBe(201);
    const [row] = await context.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.name).toBe('राम कुमार');
  });
});
