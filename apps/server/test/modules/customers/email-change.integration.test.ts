import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  EMAIL_CHANGE_MESSAGES,
  type CreatedCustomer,
  type PendingEmailChange,
  type WholesaleCustomer,
} from '@bazaar/shared';
import { users, verifications } from '../../../src/db/schema/index.js';
import { loginRequest, newCaptchaId, signIn } from '../../support/accounts.js';
import { TEST_CAPTCHA_CODE } from '../../support/test-app.js';
import {
  auditRowsOf,
  createPeopleContext,
  customerInput,
  errorOf,
  mailsTo,
  type PeopleContext,
} from './people-test-support.js';

/*
 * docs/security.md "Changing a customer's email": staff changing a customer's email must not hand
 * the account to the new address. The change waits for a one-time link mailed to the new
 * address; the old address is told; until then only the old address signs in and resets.
 */

let people: PeopleContext;

beforeAll(async () => {
  people = await createPeopleContext();
});

afterAll(async () => {
  await people.ctx.close();
});

let counter = 0;
function attackerEmail(): string {
  counter += 1;
  return `staff-owned-${counter}-${Date.now()}@example.in`;
}

async function createCustomer() {
  const input = customerInput();
  const response = await people.call('admin', {
    method: 'POST',
    url: '/api/customers',
    payload: input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { input, created: response.json<CreatedCustomer>() };
}

/** An employee's Edit of the customer that only changes the email. */
async function changeEmail(created: CreatedCustomer, email: string): Promise<WholesaleCustomer> {
  const { customer } = created;
  const response = await people.call('employee', {
    method: 'PATCH',
    url: `/api/customers/${customer.id}`,
    payload: {
      name: customer.name,
      email,
      mobile: customer.mobile,
      altMobile: customer.altMobile,
      shopName: customer.shopName,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WholesaleCustomer>();
}

function forgotPassword(email: string) {
  return newCaptchaId(people.ctx.app).then((captchaId) =>
    people.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email, captchaId, captchaCode: TEST_CAPTCHA_CODE },
    }),
  );
}

function login(identifier: string, password: string) {
  return loginRequest(people.ctx.app, { area: 'customer', identifier, password });
}

/** The token of the verification link mailed to `email`. */
async function linkTokenSentTo(email: string): Promise<string> {
  const mails = await mailsTo(people.ctx, email);
  const link = mails.find((mail) => mail.textBody.includes('/VerifyEmailChange?token='));
  expect(link, 'verification link to the new address').toBeDefined();
  return decodeURIComponent(/VerifyEmailChange\?token=(\S+)/.exec(link!.textBody)![1]!);
}

function verify(token: string) {
  return people.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email-change',
    payload: { token },
  });
}

describe('a staff member changing a customer’s email', () => {
  it('does not hand over the account: no reset mail to the new address, no sign-in with it', async () => {
    const { input, created } = await createCustomer();
    const newEmail = attackerEmail();
    const answer = await changeEmail(created, newEmail);
    const withNew = await login(newEmail, created.generatedPassword);
    expect(withNew.statusCode).toBe(401);
    const withOld = await login(input.email, created.generatedPassword);
    expect(withOld.statusCode).toBe(200);

    expect((await forgotPassword(newEmail)).statusCode).toBe(202);
    // The old address still gets its reset mail: the pipeline works, the new address is not in it.
    expect((await forgotPassword(input.email)).statusCode).toBe(202);
    await vi.waitFor(
      async () => {
        const resets = (await mailsTo(people.ctx, input.email)).filter(
          (mail) => !mail.subject.includes('changed') && mail.subject !== 'Your Bazaar account',
        );
        expect(resets.length).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    const toNew = await mailsTo(people.ctx, newEmail);
    expect(toNew.map((mail) => mail.subject)).toEqual([
      'Confirm your new email address for Bazaar',
    ]);

    expect(answer.email).toBe(input.email);
  });

  it('tells the old address who is changing it to what', async () => {
    const { input, created } = await createCustomer();
    const newEmail = attackerEmail();
    await changeEmail(created, newEmail);
    const notices = (await mailsTo(people.ctx, input.email)).filter(
      (mail) => mail.subject === 'Your Bazaar email address is being changed',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.textBody).toContain(`Your email is being changed to ${newEmail}`);
    expect(notices[0]!.textBody).toContain('Rakesh Paswan');
    expect(notices[0]!.textBody).toContain('contact the shop');
    expect(notices[0]!.textBody).not.toContain('token=');
  });

  it('shows the pending change in the customer’s profile and audits the request', async () => {
    const { input, created } = await createCustomer();
    const newEmail = attackerEmail();
    await changeEmail(created, newEmail);
    const cookie = await signIn(people.ctx.app, 'customer', input.email, created.generatedPassword);
    const pending = await people.ctx.app.inject({
      method: 'GET',
      url: '/api/account/email-change',
      headers: { cookie },
    });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json<PendingEmailChange>().pending).toMatchObject({ email: newEmail });

    const audit = await auditRowsOf(people.ctx, 'customer', created.customer.id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'email_change_requested']);
    expect(audit[2]).toMatchObject({ actorRole: 'employee', actorName: 'Rakesh Paswan' });
    expect(audit[2]!.before).toEqual({ email: input.email });
    expect(audit[2]!.after).toMatchObject({ email: newEmail });
  });

  it('switches the email once the link is opened: the new address signs in, the old one no longer', async () => {
    const { input, created } = await createCustomer();
    const newEmail = attackerEmail();
    await changeEmail(created, newEmail);
    const token = await linkTokenSentTo(newEmail);

    const verified = await verify(token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: EMAIL_CHANGE_MESSAGES.verified });

    expect((await login(newEmail, created.generatedPassword)).statusCode).toBe(200);
    expect((await login(input.email, created.generatedPassword)).statusCode).toBe(401);
    const customer = await people.call('admin', {
      method: 'GET',
      url: `/api/customers/${created.customer.id}`,
    });
    expect(customer.json<WholesaleCustomer>().email).toBe(newEmail);
    const audit = await auditRowsOf(people.ctx, 'customer', created.customer.id);
    expect(audit.map((row) => row.action)).toEqual([
      'create',
      'update',
      'email_change_requested',
      'email_change_verified',
    ]);
    expect(audit[3]).toMatchObject({ actorRole: 'customer', actorName: created.customer.name });
    expect(audit[3]!.after).toEqual({ email: newEmail });
  });

  it('refuses a used link and an expired one', async () => {
    const { created } = await createCustomer();
    const newEmail = attackerEmail();
    await changeEmail(created, newEmail);
    const token = await linkTokenSentTo(newEmail);
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(EMAIL_CHANGE_MESSAGES.linkInvalid);

    const { input: other, created: otherCreated } = await createCustomer();
    const laterEmail = attackerEmail();
    await changeEmail(otherCreated, laterEmail);
    const expiring = await linkTokenSentTo(laterEmail);
    await people.ctx.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `email-change:${await userIdOf(other.email)}`));
    const expired = await verify(expiring);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).message).toBe(EMAIL_CHANGE_MESSAGES.linkInvalid);
    expect((await login(laterEmail, otherCreated.generatedPassword)).statusCode).toBe(401);
    expect((await verify('not-a-token')).statusCode).toBe(400);
  });
});

async function userIdOf(email: string): Promise<string> {
  const [row] = await people.ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  return row!.id;
}

describe('withdrawing a pending change', () => {
  it('refuses the link once staff save the customer with the current email again', async () => {
    const { input, created } = await createCustomer();
    const newEmail = attackerEmail();
    await changeEmail(created, newEmail);
    const token = await linkTokenSentTo(newEmail);
    await changeEmail(created, input.email);

    const withdrawn = await verify(token);
    expect(withdrawn.statusCode).toBe(400);
    expect((await login(newEmail, created.generatedPassword)).statusCode).toBe(401);
    const audit = await auditRowsOf(people.ctx, 'customer', created.customer.id);
    expect(audit.map((row) => row.action).slice(-2)).toEqual(['update', 'email_change_cancelled']);
  });
});
