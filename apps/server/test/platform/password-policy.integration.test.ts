import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@bazaar/shared';
import { users } from '../../src/db/schema/index.js';
import { asStaff, createStaff } from '../modules/fulfilment/shop-office-test-support.js';
import { newCaptchaId, signIn } from '../support/accounts.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../support/test-app.js';
import { PASSWORD_POLICY_MESSAGES } from '../../src/platform/password-policy.js';

/*
 * docs/accounts.md "Passwords" (ASVS 5.0 6.2.4, 6.2.11; docs/security.md V6): registration and
 * password change refuse common and context-word passwords on the server, with the message on the
 * field, writing nothing.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
});

function customer(password: string, name = 'Neha Sharma') {
  return {
    name,
    email: `neha${Math.random().toString(36).slice(2, 8)}@example.in`,
    password,
    confirmPassword: password,
    mobile: `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
    gender: 'Female',
    locality: 'Kankarbagh',
    landmark: 'Near Patrakar Nagar',
    city: 'Patna',
    pincode: '800020',
    acceptTerms: true,
    captchaCode: TEST_CAPTCHA_CODE,
  };
}

async function register(body: ReturnType<typeof customer>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register/customer',
    payload: { captchaId: await newCaptchaId(ctx.app), ...body },
  });
}

async function accountExists(email: string): Promise<boolean> {
  const rows = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return rows.length > 0;
}

describe('registration', () => {
  it.each([
    ['Password@123', PASSWORD_POLICY_MESSAGES.common],
    ['Bazaar@2024', PASSWORD_POLICY_MESSAGES.context],
    ['Sharma#1', PASSWORD_POLICY_MESSAGES.context],
  ])(
    'refuses %s with the message on the password field, creating nothing',
    async (password, message) => {
      const body = customer(password);
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      const error = response.json<ErrorBody>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toEqual({ password: message });
      expect(await accountExists(body.email)).toBe(false);
    },
  );

  it('accepts a password that is neither', async () => {
    const body = customer('Kesar#Mango7');
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    expect(await accountExists(body.email)).toBe(true);
  });
});

describe('password change', () => {
  it('refuses a common new password and keeps the old one', async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    const response = await asStaff(ctx.app, employee, {
      method: 'POST',
      url: '/api/account/change-password',
      payload: {
        currentPassword: 'Bazaar@123',
        newPassword: 'Welcome@2024',
        confirmPassword: 'Welcome@2024',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.fields).toEqual({
      newPassword: PASSWORD_POLICY_MESSAGES.common,
    });
    await expect(signIn(ctx.app, 'employee', employee.email, 'Bazaar@123')).resolves.toContain(
      'session_token',
    );
  });
});
