import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@bazaar/shared';
import { buildApp, type AccountsOptions } from '../../../src/app.js';
import type { Database } from '../../../src/db/client.js';
import { outbox, users, verifications } from '../../../src/db/schema/index.js';
import { createLocalStorage } from '../../../src/platform/storage.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { newCaptchaId, signIn } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { openTestDatabase, TEST_CAPTCHA_CODE } from '../../support/test-app.js';

/*
 * Reset and verification links (docs/security.md): their tokens never reach the log, an older
 * link stops working once a newer one is asked for or the password changes, and asking for a
 * link answers alike whether or not the account exists, at most one mail a minute per account.
 */

/** An app on a fresh database with the demo accounts, whose log lines are kept in `logText()`. */
async function startApp(accounts: AccountsOptions = {}) {
  const database: Database = await openTestDatabase();
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-reset-tokens-'));
  const storage = createLocalStorage(uploads);
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    database,
    storage,
    privateStorage: createLocalStorage(path.join(uploads, 'private')),
    logger: { level: 'info', stream },
    catalogSummaryTtlMs: 0,
    accounts: {
      captchaTestCode: TEST_CAPTCHA_CODE,
      authRateLimitPerMinute: 10_000,
      mailRetryIntervalMs: 0,
      ...accounts,
    },
  });
  await app.ready();
  await insertShop(database.db);
  await insertShop(database.db);
  await seedDemoAccounts(database.db);
  return {
    app,
    db: database.db,
    logText: () => chunks.join(''),
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    },
  };
}

type TestApp = Awaited<ReturnType<typeof startApp>>;

/** Asks for a reset link for `email`; returns the answer. */
async function forgot(app: FastifyInstance, email: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email, captchaId: await newCaptchaId(app), captchaCode: TEST_CAPTCHA_CODE },
  });
}

/** The reset mails to `email` in the outbox, oldest first. */
async function resetMails(t: TestApp, email: string) {
  const rows = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
  return rows.filter((row) => row.subject.includes('Reset')).sort((a, b) => a.id - b.id);
}

/** Waits until `count` reset mails to `email` are in the outbox; the newest one's token. */
async function waitForResetToken(t: TestApp, email: string, count = 1): Promise<string> {
  const mails = await vi.waitFor(
    async () => {
      const found = await resetMails(t, email);
      if (found.length < count) throw new Error(`${found.length} of ${count} reset mails`);
      return found;
    },
    { timeout: 10_000, interval: 20 },
  );
  const text = mails.at(-1)!.textBody;
  return decodeURIComponent(/ResetPassword\?token=(\S+)/.exec(text)![1]!);
}

/** Sets a new password with `token`; returns the answer. */
function reset(app: FastifyInstance, token: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword: password },
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The app of every test but the cool-down's: cool-down off, so each request sends its mail. */
let t: TestApp;
beforeAll(async () => {
  t = await startApp({ passwordResetCooldownSeconds: 0 });
});
afterAll(() => t.close());

describe('tokens and codes in the log', () => {
  it('writes a reset page request with token=[redacted], never the token, through a whole reset', async () => {
    const email = 'admin@bazaar.test';
    expect((await forgot(t.app, email)).statusCode).toBe(202);
    const token = await waitForResetToken(t, email);
    // The emailed link opened in a browser, in any spelling of the parameter.
    await t.app.inject({ method: 'GET', url: `/ResetPassword?token=${token}` });
    await t.app.inject({ method: 'GET', url: `/resetpassword?x=1&TOKEN=${token}#top` });
    await t.app.inject({ method: 'GET', url: `/VerifyEmail?token=${token}` });
    await t.app.inject({ method: 'GET', url: `/api/nowhere?Code=${token}&otp=${token}` });
    expect((await reset(t.app, token, 'Fresh@Secure456')).statusCode).toBe(200);

    const log = t.logText();
    expect(log).toContain('/ResetPassword?token=[redacted]');
    expect(log).toContain('TOKEN=[redacted]');
    expect(log).toContain('/VerifyEmail?token=[redacted]');
    expect(log).toContain('Code=[redacted]&otp=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });

  it('keeps the seller registration OTP out of the mail subject and the log', async () => {
    const email = 'new-shop-owner@example.in';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/registration-otp',
      payload: { email },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, email));
    const otp = /\b(\d{6})\b/.exec(mail!.textBody)![1]!;
    expect(mail!.subject).toBe('Your Bazaar seller registration code');
    expect(mail!.subject).not.toContain(otp);
    expect(t.logText()).toContain('Your Bazaar seller registration code');
    expect(t.logText()).not.toContain(otp);
  });
});

describe('older reset links', () => {
  it('refuses the first link as soon as a second is asked for, and the second once used', async () => {
    const email = 'seller@bazaar.test';
    await forgot(t.app, email);
    const first = await waitForResetToken(t, email, 1);
    await forgot(t.app, email);
    const second = await waitForResetToken(t, email, 2);
    expect(second).not.toBe(first);

    const old = await reset(t.app, first, 'Older@Secure456');
    expect(old.statusCode).toBe(400);
    expect(old.json().error.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
    expect((await reset(t.app, second, 'Fresh@Secure456')).statusCode).toBe(200);
    expect((await reset(t.app, first, 'Older@Secure456')).statusCode).toBe(400);
    expect((await reset(t.app, second, 'Again@Secure456')).statusCode).toBe(400);
    await signIn(t.app, 'seller', email, 'Fresh@Secure456');
  });

  it('leaves no reset link of the account working after a reset', async () => {
    const email = 'seller2@bazaar.test';
    await forgot(t.app, email);
    const token = await waitForResetToken(t, email, 1);
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // A link left over from elsewhere (another instance's request at the same moment).
    await t.db.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: 'reset-password:left-over-token-of-seller-two',
      value: user!.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await reset(t.app, token, 'Fresh@Secure456')).statusCode).toBe(200);
    expect(
      (await reset(t.app, 'left-over-token-of-seller-two', 'Other@Secure456')).statusCode,
    ).toBe(400);
    const left = await t.db
      .select()
      .from(verifications)
      .where(
        and(eq(verifications.value, user!.id), like(verifications.identifier, 'reset-password:%')),
      );
    expect(left).toEqual([]);
  });

  it('refuses an outstanding link once the signed-in user changes the password', async () => {
    const email = 'customer@bazaar.test';
    await forgot(t.app, email);
    const token = await waitForResetToken(t, email, 1);
    const cookie = await signIn(t.app, 'customer', email, DEMO_PASSWORD);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: { cookie },
      payload: {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Changed@Secure456',
        confirmPassword: 'Changed@Secure456',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const late = await reset(t.app, token, 'Other@Secure456');
    expect(late.statusCode).toBe(400);
    await signIn(t.app, 'customer', email, 'Changed@Secure456');
  });
});

describe('asking for a reset link', () => {
  it('sends at most one reset mail a minute per account, with the same answer each time', async () => {
    const strict = await startApp();
    try {
      const email = 'customer@bazaar.test';
      const first = await forgot(strict.app, email);
      const second = await forgot(strict.app, email);
      expect(second.statusCode).toBe(first.statusCode);
      expect(second.json()).toEqual(first.json());
      const token = await waitForResetToken(strict, email, 1);
      // The second request's work runs after its answer: give it time to (not) send.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await resetMails(strict, email)).toHaveLength(1);
      // The one link sent still works.
      expect((await reset(strict.app, token, 'Fresh@Secure456')).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('sends a second mail when the cool-down is off', async () => {
    await forgot(t.app, 'support@bazaar.test');
    await forgot(t.app, 'support@bazaar.test');
    await waitForResetToken(t, 'support@bazaar.test', 2);
  });

  it('answers about as fast for an existing account as for an unknown email', async () => {
    const existing: number[] = [];
    const unknown: number[] = [];
    const timed = async (email: string) => {
      const captchaId = await newCaptchaId(t.app);
      const started = process.hrtime.bigint();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email, captchaId, captchaCode: TEST_CAPTCHA_CODE },
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(answer.statusCode).toBe(202);
      return ms;
    };
    const email = 'employee@bazaar.test';
    for (let round = 1; round <= 30; round += 1) {
      existing.push(await timed(email));
      // Each round's mail is queued before the next measurement, so background work of one
      // request never lands inside another's timing.
      await waitForResetToken(t, email, round);
      unknown.push(await timed(`nobody-${round}@example.in`));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ratio = median(existing) / median(unknown);
    expect(ratio, `medians ${median(existing)} ms vs ${median(unknown)} ms`).toBeLessThan(2);
  });
});
