import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { and, eq, like } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, TWO_FACTOR_MESSAGES, type Role } from '@bazaar/shared';
import {
  auditLog,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../../../src/db/schema/index.js';
import { hashPassword } from '../../../src/platform/auth.js';
import { loginRequest, sessionCookieOf, signIn } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import * as repo from '../../../src/modules/accounts/accounts.repo.js';

/**
 * Two-step sign-in for staff and re-login (docs/accounts.md "Two-step sign-in"). Every account here
 * is created by the test, so the demo accounts never change. Codes are computed from the secret the
 * API hands out, as an authenticator app would.
 */

const PASSWORD = 'Staff@Secure123';
let context: TestContext;
let shopId: number;
let passwordHash: string;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp();
  shopId = await insertShop(context.database.db);
  passwordHash = await hashPassword(PASSWORD);
});

afterAll(async () => {
  await context.close();
});

afterEach(async () => {
  // The policy is one row for the whole installation: no test leaves it on for the next.
  await repo.saveRequireStaffTwoFactor(context.database.db, false);
});

function inject(options: InjectOptions) {
  return context.app.inject(options);
}

/** A verified account of `role` with PASSWORD; sellers and support admins get the test shop. */
async function createAccount(role: Role): Promise<{ id: string; email: string }> {
  counter += 1;
  const id = crypto.randomUUID();
  const email = `tf-${role}-${counter}-${Date.now()}@example.in`;
  await context.database.db.transaction(async (tx) => {
    await repo.insertUserWithCredential(tx, {
      user: {
        id,
        name: `Staff ${counter}`,
        email,
        emailVerified: true,
        role,
        shopId: role === 'seller' || role === 'support_admin' ? shopId : null,
      },
      passwordHash,
    });
  });
  return { id, email };
}

/** The `name=value` pairs of every cookie a response sets (not the cleared ones). */
function cookiesOf(response: LightMyRequestResponse): string {
  return [response.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The code an authenticator app shows now for a base32 secret, or `steps` periods away. */
async function totp(secret: string, steps = 0): Promise<string> {
  const otp = createOTP(base32.decode(secret));
  return steps === 0 ? otp.totp() : otp.hotp(Math.floor(Date.now() / 30_000) + steps);
}

/** A 6-digit code that is none of the codes the server accepts now (its window is +-1 step). */
async function wrongCode(secret: string): Promise<string> {
  const valid = new Set([await totp(secret, -1), await totp(secret), await totp(secret, 1)]);
  let guess = Number(await totp(secret, 7));
  while (valid.has(String(guess).padStart(6, '0'))) guess = (guess + 1) % 1_000_000;
  return String(guess).padStart(6, '0');
}

async function sessionOf(cookie: string) {
  const response = await inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return response.json<{ user: { id: string; twoFactorSetupRequired: boolean } | null }>().user;
}

/** Turns two-step sign-in on for a signed-in account; returns the secret, codes and new cookie. */
async function enableTwoFactor(cookie: string) {
  const setup = await inject({
    method: 'POST',
    url: '/api/account/two-factor/setup',
    headers: { cookie },
    payload: { password: PASSWORD },
  });
  expect(setup.statusCode).toBe(200);
  const { secret, recoveryCodes, totpUri } = setup.json<{
    secret: string;
    recoveryCodes: string[];
    totpUri: string;
  }>();
  const confirm = await inject({
    method: 'POST',
    url: '/api/account/two-factor/confirm',
    headers: { cookie },
    payload: { code: await totp(secret) },
  });
  expect(confirm.statusCode).toBe(200);
  const renewed = sessionCookieOf(confirm.headers['set-cookie']) ?? cookie;
  return { secret, recoveryCodes, totpUri, cookie: renewed };
}

/** The password step of a sign-in; returns the response and its pending cookie. */
async function passwordStep(role: Role, email: string, cookie?: string) {
  const response = cookie
    ? await inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { cookie },
        payload: {
          area: role,
          identifier: email,
          password: PASSWORD,
          captchaId: (await inject({ method: 'POST', url: '/api/captchas' })).json<{
            captchaId: string;
          }>().captchaId,
          captchaCode: 'ABCDEFG',
        },
      })
    : await loginRequest(context.app, { area: role, identifier: email, password: PASSWORD });
  return { response, pending: cookiesOf(response) };
}

function codeStep(pending: string, method: 'totp' | 'recovery', code: string) {
  return inject({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    headers: { cookie: pending },
    payload: { method, code },
  });
}

describe('re-login', () => {
  it('ends the session the browser already had when it signs in again (ASVS 7.2.4)', async () => {
    const account = await createAccount('customer');
    const first = await signIn(context.app, 'customer', account.email, PASSWORD);
    expect(await sessionOf(first)).not.toBeNull();

    const again = await passwordStep('customer', account.email, first);
    expect(again.response.statusCode).toBe(200);
    const second = sessionCookieOf(again.response.headers['set-cookie'])!;
    expect(second).not.toBe(first);

    // The old token is gone on the server, not only replaced in this browser's cookie.
    expect(await sessionOf(first)).toBeNull();
    expect(await sessionOf(second)).not.toBeNull();
    const rows = await context.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, account.id));
    expect(rows).toHaveLength(1);
  });

  it('keeps the earlier session when the new sign-in fails', async () => {
    const account = await createAccount('customer');
    const first = await signIn(context.app, 'customer', account.email, PASSWORD);
    const wrong = await inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first },
      payload: {
        area: 'customer',
        identifier: account.email,
        password: 'Wrong@Password1',
        captchaId: (await inject({ method: 'POST', url: '/api/captchas' })).json<{
          captchaId: string;
        }>().captchaId,
        captchaCode: 'ABCDEFG',
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await sessionOf(first)).not.toBeNull();
  });
});

describe('two-step sign-in setup', () => {
  it('sets up, confirms and reports two-step sign-in for an admin', async () => {
    const account = await createAccount('admin');
    const cookie = await signIn(context.app, 'admin', account.email, PASSWORD);

    const before = await inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: { cookie },
    });
    expect(before.json()).toEqual({ enabled: false, requiredByPolicy: false });

    const setup = await inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: { cookie },
      payload: { password: PASSWORD },
    });
    expect(setup.statusCode).toBe(200);
    const { totpUri, secret, recoveryCodes } = setup.json<{
      totpUri: string;
      secret: string;
      recoveryCodes: string[];
    }>();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Bazaar:/);
    expect(new URL(totpUri).searchParams.get('secret')).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // 20 letters and digits each (119 bits, ASVS 6.5.2), shown in groups of five.
    for (const code of recoveryCodes) expect(code).toMatch(/^([A-Za-z0-9]{5}-){3}[A-Za-z0-9]{5}$/);

    // Not on until a code confirms it; the secret is stored encrypted, never as given.
    const pending = await inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: { cookie },
    });
    expect(pending.json().enabled).toBe(false);
    const [row] = await context.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, account.id));
    expect(row!.verified).toBe(false);
    expect(row!.secret).not.toContain(secret);
    expect(row!.backupCodes).not.toContain(recoveryCodes[0]);

    const wrong = await inject({
      method: 'POST',
      url: '/api/account/two-factor/confirm',
      headers: { cookie },
      payload: { code: await wrongCode(secret) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields.code).toBe(TWO_FACTOR_MESSAGES.codeInvalid);

    const confirm = await inject({
      method: 'POST',
      url: '/api/account/two-factor/confirm',
      headers: { cookie },
      payload: { code: await totp(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const renewed = sessionCookieOf(confirm.headers['set-cookie'])!;
    const status = await inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: { cookie: renewed },
    });
    expect(status.json()).toEqual({
      enabled: true,
      requiredByPolicy: false,
      recoveryCodesLeft: 10,
    });
    const [user] = await context.database.db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, account.id));
    expect(user!.twoFactorEnabled).toBe(true);
  });

  it('lets the user end the other browsers after turning it on, keeping this one (ASVS 7.4.3)', async () => {
    const account = await createAccount('seller');
    const cookie = await signIn(context.app, 'seller', account.email, PASSWORD);
    const otherBrowser = await signIn(context.app, 'seller', account.email, PASSWORD);
    const { cookie: renewed } = await enableTwoFactor(cookie);
    expect((await sessionOf(otherBrowser))?.id).toBe(account.id);

    const ended = await inject({
      method: 'POST',
      url: '/api/account/sessions/end-others',
      headers: { cookie: renewed },
      payload: { password: PASSWORD },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ ended: 1 });
    expect(await sessionOf(otherBrowser)).toBeNull();
    expect((await sessionOf(renewed))?.id).toBe(account.id);
  });

  it('asks for the password before setup and refuses a wrong one', async () => {
    const account = await createAccount('seller');
    const cookie = await signIn(context.app, 'seller', account.email, PASSWORD);
    const response = await inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: { cookie },
      payload: { password: 'Not@ThePassword1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.password).toBe(ACCOUNT_MESSAGES.passwordNotVerified);
    const confirm = await inject({
      method: 'POST',
      url: '/api/account/two-factor/confirm',
      headers: { cookie },
      payload: { code: '123456' },
    });
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json().error.message).toBe(TWO_FACTOR_MESSAGES.setupFirst);
  });

  it.each(['customer', 'employee', 'delivery'] as const)(
    'refuses two-step sign-in routes to a %s',
    async (role) => {
      const account = await createAccount(role);
      const cookie = await signIn(context.app, role, account.email, PASSWORD);
      for (const [method, url] of [
        ['GET', '/api/account/two-factor'],
        ['POST', '/api/account/two-factor/setup'],
        ['POST', '/api/account/two-factor/confirm'],
        ['POST', '/api/account/two-factor/disable'],
        ['POST', '/api/account/two-factor/recovery-codes'],
      ] as const) {
        const response = await inject({
          method,
          url,
          headers: { cookie },
          ...(method === 'POST' ? { payload: { password: PASSWORD } } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      const settings = await inject({
        method: 'GET',
        url: '/api/admin/security-settings',
        headers: { cookie },
      });
      expect(settings.statusCode).toBe(403);
    },
  );

  it('refuses the setup routes without a session', async () => {
    const response = await inject({ method: 'GET', url: '/api/account/two-factor' });
    expect(response.statusCode).toBe(401);
  });
});

describe('sign-in with two-step sign-in on', () => {
  it('asks for the code after the password, with no session until the code is right', async () => {
    const account = await createAccount('support_admin');
    const cookie = await signIn(context.app, 'support_admin', account.email, PASSWORD);
    const { secret } = await enableTwoFactor(cookie);
    const sessionsBefore = await context.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, account.id));

    const { response, pending } = await passwordStep('support_admin', account.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookieOf(response.headers['set-cookie'])).toBeUndefined();
    expect(pending).toMatch(/bazaar\.two_factor=/);
    expect(await sessionOf(pending)).toBeNull();
    const sessionsAfter = await context.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, account.id));
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);

    const wrong = await codeStep(pending, 'totp', await wrongCode(secret));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({
      code: 'BUSINESS_RULE',
      message: TWO_FACTOR_MESSAGES.codeInvalid,
    });
    expect(sessionCookieOf(wrong.headers['set-cookie'])).toBeUndefined();

    const right = await codeStep(pending, 'totp', await totp(secret));
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ id: account.id, role: 'support_admin' });
    const session = sessionCookieOf(right.headers['set-cookie'])!;
    expect((await sessionOf(session))?.id).toBe(account.id);

    // The pending sign-in is used up: the same cookie cannot open a second session.
    const replay = await codeStep(pending, 'totp', await totp(secret));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('accepts an authenticator code for one sign-in only (ASVS 6.5.1)', async () => {
    const account = await createAccount('admin');
    const cookie = await signIn(context.app, 'admin', account.email, PASSWORD);
    const { secret } = await enableTwoFactor(cookie);
    const code = await totp(secret);
    const first = await passwordStep('admin', account.email);
    expect((await codeStep(first.pending, 'totp', code)).statusCode).toBe(200);

    // Someone who saw the code tries it within its 90 seconds.
    const second = await passwordStep('admin', account.email);
    const replayed = await codeStep(second.pending, 'totp', code);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().error.message).toBe(TWO_FACTOR_MESSAGES.codeReused);
    expect(sessionCookieOf(replayed.headers['set-cookie'])).toBeUndefined();

    // The pending sign-in is still there for the app's next code.
    let next = await totp(secret, 1);
    if (next === code) next = await totp(secret, -1);
    expect((await codeStep(second.pending, 'totp', next)).statusCode).toBe(200);
  });

  it('refuses a code two periods old and a pending sign-in past its 5 minutes (ASVS 6.5.5)', async () => {
    const account = await createAccount('seller');
    const cookie = await signIn(context.app, 'seller', account.email, PASSWORD);
    const { secret } = await enableTwoFactor(cookie);
    const accepted = new Set([await totp(secret, -1), await totp(secret), await totp(secret, 1)]);
    let steps = -2;
    while (accepted.has(await totp(secret, steps))) steps -= 1;

    const startedAt = Date.now();
    const { pending } = await passwordStep('seller', account.email);
    const stale = await codeStep(pending, 'totp', await totp(secret, steps));
    expect(stale.statusCode).toBe(422);
    expect(stale.json().error.message).toBe(TWO_FACTOR_MESSAGES.codeInvalid);

    // The pending sign-in is one verification row holding the user id, kept for 5 minutes.
    const rows = await context.database.db
      .select({ id: verifications.id, expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.value, account.id));
    expect(rows).toHaveLength(1);
    const lifetimeSeconds = (rows[0]!.expiresAt.getTime() - startedAt) / 1000;
    expect(lifetimeSeconds).toBeGreaterThan(5 * 60 - 15);
    expect(lifetimeSeconds).toBeLessThanOrEqual(5 * 60 + 1);

    // Five minutes later the right code no longer finishes it, and no session is made.
    await context.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, rows[0]!.id));
    const late = await codeStep(pending, 'totp', await totp(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json().error.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    expect(sessionCookieOf(late.headers['set-cookie'])).toBeUndefined();
  });

  it('refuses the code step without a pending sign-in', async () => {
    const response = await codeStep('', 'totp', '123456');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    const malformed = await codeStep('', 'totp', '12ab56');
    expect(malformed.statusCode).toBe(400);
  });

  it('ends the pending sign-in after 5 wrong codes, so the password is needed again', async () => {
    const account = await createAccount('admin');
    const cookie = await signIn(context.app, 'admin', account.email, PASSWORD);
    const { secret } = await enableTwoFactor(cookie);
    const { pending } = await passwordStep('admin', account.email);
    const wrong = await wrongCode(secret);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await codeStep(pending, 'totp', wrong)).statusCode).toBe(422);
    }
    const sixth = await codeStep(pending, 'totp', await totp(secret));
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(TWO_FACTOR_MESSAGES.tooManyTries);
    const after = await codeStep(pending, 'totp', await totp(secret));
    expect(after.statusCode).toBe(401);

    // A new password step starts a new pending sign-in that the right code finishes.
    const fresh = await passwordStep('admin', account.email);
    expect((await codeStep(fresh.pending, 'totp', await totp(secret))).statusCode).toBe(200);
  });

  it('locks two-step sign-in for the account after 10 wrong codes in a row', async () => {
    const account = await createAccount('seller');
    const cookie = await signIn(context.app, 'seller', account.email, PASSWORD);
    const { secret } = await enableTwoFactor(cookie);
    const wrong = await wrongCode(secret);
    for (const tries of [5, 5]) {
      const { pending } = await passwordStep('seller', account.email);
      for (let attempt = 0; attempt < tries; attempt += 1) {
        expect((await codeStep(pending, 'totp', wrong)).statusCode).toBe(422);
      }
    }
    const { pending } = await passwordStep('seller', account.email);
    const locked = await codeStep(pending, 'totp', await totp(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(TWO_FACTOR_MESSAGES.locked);
  });

  it('accepts each recovery code once, and new codes void the old ones', async () => {
    const account = await createAccount('seller');
    const cookie = await signIn(context.app, 'seller', account.email, PASSWORD);
    const enabled = await enableTwoFactor(cookie);
    const [first, second] = enabled.recoveryCodes;

    const step = await passwordStep('seller', account.email);
    // Typed without the hyphens and with spaces: still the same code.
    const typed = ` ${first!.replaceAll('-', '')} `;
    const used = await codeStep(step.pending, 'recovery', typed);
    expect(used.statusCode).toBe(200);
    const session = sessionCookieOf(used.headers['set-cookie'])!;
    const status = await inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: { cookie: session },
    });
    expect(status.json().recoveryCodesLeft).toBe(9);

    const again = await passwordStep('seller', account.email);
    const reused = await codeStep(again.pending, 'recovery', first!);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.message).toBe(TWO_FACTOR_MESSAGES.recoveryCodeInvalid);

    const renewed = await inject({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      headers: { cookie: session },
      payload: { password: PASSWORD },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);

    const old = await codeStep(again.pending, 'recovery', second!);
    expect(old.statusCode).toBe(422);
    expect((await codeStep(again.pending, 'recovery', fresh[0]!)).statusCode).toBe(200);
  });

  it('still asks for the code after a password reset (ASVS 6.4.3)', async () => {
    const account = await createAccount('support_admin');
    const cookie = await signIn(context.app, 'support_admin', account.email, PASSWORD);
    const { secret } = await enableTwoFactor(cookie);
    const forgot = await inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: {
        email: account.email,
        captchaId: (await inject({ method: 'POST', url: '/api/captchas' })).json<{
          captchaId: string;
        }>().captchaId,
        captchaCode: 'ABCDEFG',
      },
    });
    expect(forgot.statusCode).toBe(202);
    // The emailed link's token, as stored for this account once the answer has gone (the link
    // is made after answering, so the answer's time says nothing about the account).
    const row = await vi.waitFor(async () => {
      const [found] = await context.database.db
        .select({ identifier: verifications.identifier })
        .from(verifications)
        .where(
          and(
            eq(verifications.value, account.id),
            like(verifications.identifier, 'reset-password:%'),
          ),
        );
      if (!found) throw new Error('no reset token yet');
      return found;
    });
    const token = row.identifier.slice('reset-password:'.length);
    const newPassword = 'Fresh@Secure456';
    const reset = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: newPassword, confirmPassword: newPassword },
    });
    expect(reset.statusCode).toBe(200);

    const login = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        area: 'support_admin',
        identifier: account.email,
        password: newPassword,
        captchaId: (await inject({ method: 'POST', url: '/api/captchas' })).json<{
          captchaId: string;
        }>().captchaId,
        captchaCode: 'ABCDEFG',
      },
    });
    expect(login.json()).toEqual({ twoFactorRequired: true });
    expect(sessionCookieOf(login.headers['set-cookie'])).toBeUndefined();
    const done = await codeStep(cookiesOf(login), 'totp', await totp(secret));
    expect(done.statusCode).toBe(200);
  });

  it('turns two-step sign-in off after the password, and sign-in needs only the password again', async () => {
    const account = await createAccount('admin');
    const first = await signIn(context.app, 'admin', account.email, PASSWORD);
    const { cookie } = await enableTwoFactor(first);

    const wrong = await inject({
      method: 'POST',
      url: '/api/account/two-factor/disable',
      headers: { cookie },
      payload: { password: 'Not@ThePassword1' },
    });
    expect(wrong.statusCode).toBe(400);

    const disable = await inject({
      method: 'POST',
      url: '/api/account/two-factor/disable',
      headers: { cookie },
      payload: { password: PASSWORD },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json().message).toBe(TWO_FACTOR_MESSAGES.disabled);
    const rows = await context.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, account.id));
    expect(rows).toHaveLength(0);

    const { response } = await passwordStep('admin', account.email);
    expect(response.json().user.id).toBe(account.id);
    expect(sessionCookieOf(response.headers['set-cookie'])).toBeDefined();
  });
});

describe("the admin's reset of a lost second factor (ASVS 6.4.4)", () => {
  it("turns a seller's two-step sign-in off, ends the seller's sessions and audits it", async () => {
    const seller = await createAccount('seller');
    const sellerCookie = (
      await enableTwoFactor(await signIn(context.app, 'seller', seller.email, PASSWORD))
    ).cookie;
    const admin = await createAccount('admin');
    const adminCookie = await signIn(context.app, 'admin', admin.email, PASSWORD);

    const reset = await inject({
      method: 'POST',
      url: `/api/admin/users/${seller.id}/two-factor/reset`,
      headers: { cookie: adminCookie },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(TWO_FACTOR_MESSAGES.resetDone);
    expect(await sessionOf(sellerCookie)).toBeNull();
    const rows = await context.database.db
      .select()
      .from(twoFactors)
      .where(eq(twoFactors.userId, seller.id));
    expect(rows).toHaveLength(0);
    const audit = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, `two_factor:${seller.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);

    // The seller signs in with the password alone again.
    const { response } = await passwordStep('seller', seller.email);
    expect(response.json().user.id).toBe(seller.id);

    const again = await inject({
      method: 'POST',
      url: `/api/admin/users/${seller.id}/two-factor/reset`,
      headers: { cookie: adminCookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses the admin's own account, a customer's and an unknown one", async () => {
    const admin = await createAccount('admin');
    const adminCookie = await signIn(context.app, 'admin', admin.email, PASSWORD);
    const customer = await createAccount('customer');
    const cases = [
      [admin.id, 422],
      [customer.id, 404],
      ['no-such-account', 404],
    ] as const;
    for (const [userId, status] of cases) {
      const response = await inject({
        method: 'POST',
        url: `/api/admin/users/${userId}/two-factor/reset`,
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json().error.code).toBeDefined();
    }
  });
});

describe('the staff policy', () => {
  it('lets only the admin read and change it, requiring the admin to use it first, and audits it', async () => {
    const admin = await createAccount('admin');
    const adminCookie = await signIn(context.app, 'admin', admin.email, PASSWORD);
    const seller = await createAccount('seller');
    const sellerCookie = await signIn(context.app, 'seller', seller.email, PASSWORD);

    const sellerTry = await inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      headers: { cookie: sellerCookie },
      payload: { requireStaffTwoFactor: true },
    });
    expect(sellerTry.statusCode).toBe(403);

    const tooEarly = await inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      headers: { cookie: adminCookie },
      payload: { requireStaffTwoFactor: true },
    });
    expect(tooEarly.statusCode).toBe(422);
    expect(tooEarly.json().error.message).toBe(TWO_FACTOR_MESSAGES.ownAccountFirst);

    const { cookie } = await enableTwoFactor(adminCookie);
    const saved = await inject({
      method: 'PUT',
      url: '/api/admin/security-settings',
      headers: { cookie },
      payload: { requireStaffTwoFactor: true },
    });
    expect(saved.statusCode).toBe(200);
    const read = await inject({
      method: 'GET',
      url: '/api/admin/security-settings',
      headers: { cookie },
    });
    expect(read.json()).toEqual({ requireStaffTwoFactor: true });
    const audit = await context.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'security_setting',
      action: 'update',
      before: { requireStaffTwoFactor: false },
      after: { requireStaffTwoFactor: true },
    });
  });

  it('holds a staff session without two-step sign-in to its setup while the policy is on', async () => {
    const seller = await createAccount('seller');
    const sellerCookie = await signIn(context.app, 'seller', seller.email, PASSWORD);
    const customer = await createAccount('customer');
    const customerCookie = await signIn(context.app, 'customer', customer.email, PASSWORD);
    await repo.saveRequireStaffTwoFactor(context.database.db, true);

    expect((await sessionOf(sellerCookie))?.twoFactorSetupRequired).toBe(true);
    expect((await sessionOf(customerCookie))?.twoFactorSetupRequired).toBe(false);

    const held = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: sellerCookie },
      payload: { name: 'Changed Name' },
    });
    expect(held.statusCode).toBe(403);
    expect(held.json().error).toEqual({
      code: 'TWO_FACTOR_SETUP_REQUIRED',
      message: TWO_FACTOR_MESSAGES.setupRequired,
    });
    // Every signed-in route of the seller's area answers the same: a read and a write here.
    for (const [method, url] of [
      ['GET', '/api/shop/orders'],
      ['POST', '/api/seller/shop-details'],
    ] as const) {
      const response = await inject({ method, url, headers: { cookie: sellerCookie } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe('TWO_FACTOR_SETUP_REQUIRED');
    }
    // The customer is not staff: untouched.
    const customerProfile = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: customerCookie },
      payload: { name: 'Neha Sharma' },
    });
    expect(customerProfile.statusCode).toBe(200);

    // What stays open: profile, two-factor status and setup, logout.
    const profile = await inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie: sellerCookie },
    });
    expect(profile.statusCode).toBe(200);
    const status = await inject({
      method: 'GET',
      url: '/api/account/two-factor',
      headers: { cookie: sellerCookie },
    });
    expect(status.json()).toEqual({ enabled: false, requiredByPolicy: true });

    // The login answer tells the web app at once.
    const relogin = await passwordStep('seller', seller.email);
    expect(relogin.response.json().user.twoFactorSetupRequired).toBe(true);
    const fresh = sessionCookieOf(relogin.response.headers['set-cookie'])!;

    const { cookie } = await enableTwoFactor(fresh);
    expect((await sessionOf(cookie))?.twoFactorSetupRequired).toBe(false);
    const allowed = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie },
      payload: { name: 'Changed Name' },
    });
    expect(allowed.statusCode).toBe(200);

    // Under the policy it cannot be turned off again.
    const disable = await inject({
      method: 'POST',
      url: '/api/account/two-factor/disable',
      headers: { cookie },
      payload: { password: PASSWORD },
    });
    expect(disable.statusCode).toBe(403);
    expect(disable.json().error.message).toBe(TWO_FACTOR_MESSAGES.requiredByPolicy);

    const logout = await inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
  });
});
