import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, GSTIN_STATE_MESSAGE, ROLES, type Role } from '@bazaar/shared';
import { loginFailures, shops, users } from '../../../src/db/schema/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { loginRequest, newCaptchaId, sessionCookieOf, signIn } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { startMailCatcher, type MailCatcher } from '../../support/mail-catcher.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../../support/test-app.js';

let context: TestContext;
let mail: MailCatcher;

const demo = (role: Role, email?: string) =>
  DEMO_ACCOUNTS.find((account) => account.role === role && (!email || account.email === email))!;

beforeAll(async () => {
  mail = await startMailCatcher();
  context = await createTestApp({
    accounts: { smtpUrl: mail.url, publicUrl: 'http://shop.example' },
  });
  await insertShop(context.database.db);
  await insertShop(context.database.db);
  await seedDemoAccounts(context.database.db);
});

afterAll(async () => {
  await context.close();
  await mail.close();
});

function inject(options: InjectOptions) {
  return context.app.inject(options);
}

async function session(cookie: string) {
  const response = await inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  return response.json<{ user: { role: Role; shopId: number | null; homePath: string } | null }>()
    .user;
}

/** A valid customer registration body; `overrides` replace fields. */
function customerBody(overrides: Record<string, unknown> = {}) {
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

async function registerCustomer(overrides: Record<string, unknown> = {}) {
  const body = customerBody(overrides);
  const response = await inject({
    method: 'POST',
    url: '/api/auth/register/customer',
    payload: { captchaId: await newCaptchaId(context.app), ...body },
  });
  return { response, body };
}

describe('captcha', () => {
  it('issues a 7-character SVG captcha that expires in 5 minutes', async () => {
    const response = await inject({ method: 'POST', url: '/api/captchas' });
    expect(response.statusCode).toBe(201);
    const captcha = response.json<{ captchaId: string; image: string; expiresInSeconds: number }>();
    expect(captcha.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(captcha.image.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(captcha.expiresInSeconds).toBe(300);
  });

  it("refuses a wrong captcha at login with 'Please Enter Valid Captcha Code !!'", async () => {
    const response = await loginRequest(context.app, {
      area: 'admin',
      identifier: 'admin@bazaar.test',
      password: DEMO_PASSWORD,
      captchaCode: 'WRONG12',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.captchaCode).toBe(ACCOUNT_MESSAGES.loginCaptchaInvalid);
  });

  it('accepts each captcha once only', async () => {
    const captchaId = await newCaptchaId(context.app);
    const payload = {
      area: 'admin',
      identifier: 'admin@bazaar.test',
      password: DEMO_PASSWORD,
      captchaId,
      captchaCode: TEST_CAPTCHA_CODE,
    };
    const first = await inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(first.statusCode).toBe(200);
    const again = await inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(ACCOUNT_MESSAGES.loginCaptchaInvalid);
  });

  it('treats an unknown captcha id as wrong', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        area: 'admin',
        identifier: 'admin@bazaar.test',
        password: DEMO_PASSWORD,
        captchaId: 'no-such-captcha',
        captchaCode: TEST_CAPTCHA_CODE,
      },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('login for every role', () => {
  it.each(ROLES)('signs a demo %s in at its own area and lands on its home', async (role) => {
    const account = demo(role);
    const response = await loginRequest(context.app, {
      area: role,
      identifier: account.email,
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const cookieLine = [response.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith('bazaar.session_token='))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    expect(cookieLine).not.toMatch(/Secure/i);
    const user = response.json().user;
    expect(user.role).toBe(role);
    expect(user.email).toBe(account.email);
    const current = await session(sessionCookieOf(response.headers['set-cookie'])!);
    expect(current?.role).toBe(role);
    expect(current?.homePath).toBe(user.homePath);
  });

  it('lets the admin sign in with the mobile number too', async () => {
    const response = await loginRequest(context.app, {
      area: 'admin',
      identifier: demo('admin').mobile,
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.homePath).toBe('/adminHome');
  });

  it('answers a wrong password, an unknown email and another area the same way', async () => {
    const answers = await Promise.all([
      loginRequest(context.app, {
        area: 'customer',
        identifier: 'customer@bazaar.test',
        password: 'Wrong@123',
      }),
      loginRequest(context.app, {
        area: 'customer',
        identifier: 'nobody@bazaar.test',
        password: DEMO_PASSWORD,
      }),
      loginRequest(context.app, {
        area: 'admin',
        identifier: 'customer@bazaar.test',
        password: DEMO_PASSWORD,
      }),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: ACCOUNT_MESSAGES.loginInvalid },
      });
      expect(sessionCookieOf(response.headers['set-cookie'])).toBeUndefined();
    }
    await context.database.db.delete(loginFailures);
  });

  it("refuses an empty email or password with 'Email or Password Invalid !!'", async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        area: 'customer',
        identifier: ' ',
        password: '',
        captchaId: await newCaptchaId(context.app),
        captchaCode: TEST_CAPTCHA_CODE,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.identifier).toBe(ACCOUNT_MESSAGES.loginInvalid);
    expect(response.json().error.fields.password).toBe(ACCOUNT_MESSAGES.loginInvalid);
  });

  it('locks an identifier after five failures, even for the right password, and releases it in time', async () => {
    const identifier = 'employee@bazaar.test';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await loginRequest(context.app, {
        area: 'employee',
        identifier,
        password: 'Wrong@123',
      });
      expect(response.statusCode).toBe(401);
    }
    const locked = await loginRequest(context.app, {
      area: 'employee',
      identifier,
      password: DEMO_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(ACCOUNT_MESSAGES.locked);
    // Also for an identifier no account has: the lock reveals nothing.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await loginRequest(context.app, {
        area: 'employee',
        identifier: 'ghost@bazaar.test',
        password: 'x',
      });
    }
    const ghost = await loginRequest(context.app, {
      area: 'employee',
      identifier: 'ghost@bazaar.test',
      password: 'x',
    });
    expect(ghost.statusCode).toBe(429);
    // Time passes: the lock has run out. The count of a known identifier is its account's.
    const [employee] = await context.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, identifier));
    await context.database.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginFailures.identifier, `account:${employee!.id}`));
    const released = await loginRequest(context.app, {
      area: 'employee',
      identifier,
      password: DEMO_PASSWORD,
    });
    expect(released.statusCode).toBe(200);
  });

  it('refuses a disabled account after a correct password, and ends its sessions', async () => {
    const account = demo('delivery');
    const cookie = await signIn(context.app, 'delivery', account.email, DEMO_PASSWORD);
    await context.database.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.email, account.email));
    expect(await session(cookie)).toBeNull();
    const response = await loginRequest(context.app, {
      area: 'delivery',
      identifier: account.email,
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(ACCOUNT_MESSAGES.accountDisabled);
    await context.database.db
      .update(users)
      .set({ disabledAt: null })
      .where(eq(users.email, account.email));
  });

  it('logout ends the session on the server and clears the cookie', async () => {
    const cookie = await signIn(context.app, 'customer', 'customer@bazaar.test', DEMO_PASSWORD);
    expect(await session(cookie)).not.toBeNull();
    const response = await inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/bazaar\.session_token=;.*Max-Age=0/);
    expect(await session(cookie)).toBeNull();
    const profile = await inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie },
    });
    expect(profile.statusCode).toBe(401);
  });

  it('marks the cookie Secure when the app runs with secure cookies (production)', async () => {
    const secure = await createTestApp({ accounts: { secureCookies: true } });
    try {
      await insertShop(secure.database.db);
      await seedDemoAccounts(secure.database.db);
      const response = await loginRequest(secure.app, {
        area: 'admin',
        identifier: 'admin@bazaar.test',
        password: DEMO_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
      const cookieLine = String(
        [response.headers['set-cookie']].flat().find((line) => line?.includes('session_token')),
      );
      expect(cookieLine).toMatch(/; Secure/i);
      expect(cookieLine).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});

describe('customer registration', () => {
  it('registers, mails a verification link, refuses login until verified, then signs in', async () => {
    const { response, body } = await registerCustomer();
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.verifyEmailFirst);

    const early = await loginRequest(context.app, {
      area: 'customer',
      identifier: body.email,
      password: body.password,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: ACCOUNT_MESSAGES.verifyEmailFirst,
    });
    // Only the right password learns that the address waits for verification.
    const wrongPassword = await loginRequest(context.app, {
      area: 'customer',
      identifier: body.email,
      password: 'Wrong@1234',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error.message).toBe(ACCOUNT_MESSAGES.loginInvalid);

    const message = await mail.waitFor(body.email);
    const link = /http:\/\/shop\.example\/VerifyEmail\?token=(\S+)/.exec(message.text);
    expect(link).not.toBeNull();
    const verified = await inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: decodeURIComponent(link![1]!) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe(ACCOUNT_MESSAGES.emailVerified);

    const cookie = await signIn(context.app, 'customer', body.email, body.password);
    const profile = await inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie },
    });
    expect(profile.json()).toMatchObject({
      role: 'customer',
      name: body.name,
      mobile: body.mobile,
      gender: 'Female',
      address: {
        locality: 'Kankarbagh',
        city: 'Patna',
        state: 'Bihar',
        country: 'India',
        pincode: '800020',
      },
    });
  });

  it('accepts a 128-character passphrase with spaces and Hindi, whole, and refuses 129 (ASVS 6.2.9)', async () => {
    const passphrase = 'Meri Dukaan 2026: कपड़े और साड़ियाँ, Patna! '.repeat(4).slice(0, 128);
    expect(passphrase).toHaveLength(128);
    const { response, body } = await registerCustomer({
      password: passphrase,
      confirmPassword: passphrase,
    });
    expect(response.statusCode).toBe(201);
    await context.database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, body.email));

    const cookie = await signIn(context.app, 'customer', body.email, passphrase);
    expect((await session(cookie))?.role).toBe('customer');
    // The whole passphrase counts: the same text less its last character is a wrong password.
    const shortened = await loginRequest(context.app, {
      area: 'customer',
      identifier: body.email,
      password: passphrase.slice(0, 127),
    });
    expect(shortened.statusCode).toBe(401);
    expect(shortened.json().error.message).toBe(ACCOUNT_MESSAGES.loginInvalid);

    const tooLong = `${passphrase}x`;
    const refused = await registerCustomer({ password: tooLong, confirmPassword: tooLong });
    expect(refused.response.statusCode).toBe(400);
    expect(refused.response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { password: 'Password is too long' },
    });
  });

  it('refuses a tampered verification token', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: 'not-a-token' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ACCOUNT_MESSAGES.verificationLinkInvalid);
  });

  it.each([
    [
      'password',
      { password: 'secure@123', confirmPassword: 'secure@123' },
      'Password must have include one capital letter...',
    ],
    [
      'password',
      { password: 'SECURE@123', confirmPassword: 'SECURE@123' },
      'Password must have include one small letter...',
    ],
    [
      'password',
      { password: 'Secure@abc', confirmPassword: 'Secure@abc' },
      'Password must have include one digit...',
    ],
    [
      'password',
      { password: 'Secure1234', confirmPassword: 'Secure1234' },
      'Password must have include one special character...',
    ],
    [
      'password',
      { password: 'Se@1', confirmPassword: 'Se@1' },
      'Password length must be greater than 7.',
    ],
    ['confirmPassword', { confirmPassword: 'Secure@124' }, 'Confirm password not matched'],
    ['mobile', { mobile: '98765' }, 'Mobile number should be length 10'],
    ['mobile', { mobile: '5876543210' }, 'Mobile number must be start from  6 - 9'],
    ['pincode', { pincode: '8000' }, 'Pincode must be 6 digit'],
    ['acceptTerms', { acceptTerms: false }, ACCOUNT_MESSAGES.termsRequired],
    ['gender', { gender: 'Other' }, 'Please select a gender'],
    ['name', { name: 'Neha 2' }, 'Name should only contain letters'],
    ['state', { state: 'Delhi' }, 'State must be Bihar'],
  ])('refuses a bad %s with the spec message: %s', async (field, overrides, message) => {
    const { response } = await registerCustomer(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it("refuses a wrong captcha with 'Invalid captcha'", async () => {
    const { response } = await registerCustomer({ captchaCode: 'ZZZZZZZ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.captchaCode).toBe(
      ACCOUNT_MESSAGES.registrationCaptchaInvalid,
    );
  });

  it('refuses a pincode outside Bihar and an unknown one', async () => {
    const delhi = await registerCustomer({ pincode: '110001' });
    expect(delhi.response.statusCode).toBe(400);
    expect(delhi.response.json().error.fields.pincode).toBe(ACCOUNT_MESSAGES.pincodeOutsideBihar);
    const unknown = await registerCustomer({ pincode: '999999' });
    expect(unknown.response.json().error.fields.pincode).toBe(ACCOUNT_MESSAGES.pincodeUnknown);
  });

  it('refuses a taken email (409) and a taken mobile, and the live check says exist', async () => {
    const taken = await registerCustomer({ email: 'Customer@Bazaar.test' });
    expect(taken.response.statusCode).toBe(409);
    expect(taken.response.json().error.fields.email).toBe(ACCOUNT_MESSAGES.emailTaken);
    const mobile = await registerCustomer({ mobile: demo('customer').mobile });
    expect(mobile.response.statusCode).toBe(409);
    expect(mobile.response.json().error.fields.mobile).toBe(ACCOUNT_MESSAGES.mobileTaken);

    const check = await inject({
      method: 'POST',
      url: '/api/auth/email-availability',
      payload: { email: 'customer@bazaar.test' },
    });
    expect(check.json()).toEqual({ available: false, emailStatus: 'exist' });
    const free = await inject({
      method: 'POST',
      url: '/api/auth/email-availability',
      payload: { email: 'free-address@bazaar.test' },
    });
    expect(free.json()).toEqual({ available: true, emailStatus: 'available' });
  });

  it('looks up a pincode for the address form', async () => {
    const response = await inject({ method: 'GET', url: '/api/pincodes/800001' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: 'Patna', state: 'Bihar', inServiceArea: true });
    const delhi = await inject({ method: 'GET', url: '/api/pincodes/110001' });
    expect(delhi.json().inServiceArea).toBe(false);
    const bad = await inject({ method: 'GET', url: '/api/pincodes/12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.pincode).toBe('Pincode must be 6 digit');
  });

  it('sends a new verification link on request without saying whether the account exists', async () => {
    const { body } = await registerCustomer();
    const before = mail.messages.filter((message) => message.to === body.email).length;
    const answers = [];
    for (const email of [body.email, 'nobody-here@bazaar.test']) {
      answers.push(
        await inject({
          method: 'POST',
          url: '/api/auth/resend-verification',
          payload: {
            email,
            captchaId: await newCaptchaId(context.app),
            captchaCode: TEST_CAPTCHA_CODE,
          },
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    await expect
      .poll(() => mail.messages.filter((message) => message.to === body.email).length)
      .toBe(before + 1);
  });
});

/** A small PNG, a real image. */
async function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#8844aa' } })
    .png()
    .toBuffer();
}

/** Builds a multipart body by hand (fields and one file). */
function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type: string },
) {
  const boundary = `----bazaar${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="shopImage"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('seller registration with email OTP', () => {
  const gstin = '10AABCS1429B1Z9';

  function sellerFields(email: string, otp: string, captchaId: string): Record<string, string> {
    return {
      name: 'Ganga Fashion Point',
      email,
      password: 'Secure@123',
      confirmPassword: 'Secure@123',
      mobile: `8${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      gender: 'Male',
      locality: 'Station Road',
      landmark: 'Opposite Bus Stand',
      city: 'Gaya',
      pincode: '823001',
      gstin,
      shopCategory: 'Cloth',
      shopDescription: 'Sarees, kurtas and school uniforms since 1998.',
      otp,
      acceptTerms: 'true',
      captchaId,
      captchaCode: TEST_CAPTCHA_CODE,
    };
  }

  async function requestOtp(email: string) {
    return inject({ method: 'POST', url: '/api/auth/registration-otp', payload: { email } });
  }

  it('emails a 6-digit OTP, refuses a wrong one, registers with the right one and signs in with the shop', async () => {
    const email = 'ganga.fashion@example.in';
    const sent = await requestOtp(email);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    const message = await mail.waitFor(email);
    const otp = /\b(\d{6})\b/.exec(message.text)![1]!;

    const wrongOtp = otp === '000000' ? '111111' : '000000';
    const wrong = await inject({
      method: 'POST',
      url: '/api/auth/register/seller',
      ...multipart(sellerFields(email, wrongOtp, await newCaptchaId(context.app)), {
        name: 'shop.png',
        bytes: await pngBytes(),
        type: 'image/png',
      }),
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().error.fields.otp).toBe(ACCOUNT_MESSAGES.otpInvalid);

    const response = await inject({
      method: 'POST',
      url: '/api/auth/register/seller',
      ...multipart(sellerFields(email, otp, await newCaptchaId(context.app)), {
        name: 'shop.png',
        bytes: await pngBytes(),
        type: 'image/png',
      }),
    });
    expect(response.statusCode).toBe(201);

    const cookie = await signIn(context.app, 'seller', email, 'Secure@123');
    const profile = await inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie },
    });
    expect(profile.json().shop).toMatchObject({
      name: 'Ganga Fashion Point',
      gstin,
      category: 'Cloth',
    });
    expect(profile.json().shop.imageUrl).toMatch(/^\/media\/shops\/.+\.webp$/);
    const image = await inject({ method: 'GET', url: profile.json().shop.imageUrl });
    expect(image.statusCode).toBe(200);

    // The OTP is used up: a second registration with it fails.
    const reused = await inject({
      method: 'POST',
      url: '/api/auth/register/seller',
      ...multipart(sellerFields(email, otp, await newCaptchaId(context.app)), {
        name: 'shop.png',
        bytes: await pngBytes(),
        type: 'image/png',
      }),
    });
    expect(reused.statusCode).toBe(400);
  });

  it('keeps a cool-down between OTPs for one email', async () => {
    const email = 'cooldown@example.in';
    expect((await requestOtp(email)).statusCode).toBe(202);
    const again = await requestOtp(email);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(/Please wait \d+ seconds/);
  });

  it("answers 'Due to technical issue, OTP Not Sent.' when the mail server fails", async () => {
    mail.failing = true;
    try {
      const response = await requestOtp('mail-down@example.in');
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe(ACCOUNT_MESSAGES.otpNotSent);
    } finally {
      mail.failing = false;
    }
    // The failed OTP does not hold the cool-down: the user can ask again at once.
    expect((await requestOtp('mail-down@example.in')).statusCode).toBe(202);
  });

  it('refuses an OTP for an email that already has an account', async () => {
    const response = await requestOtp('seller@bazaar.test');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(ACCOUNT_MESSAGES.emailTaken);
  });

  it.each([
    ['an invalid GSTIN checksum', { gstin: '10AABCS1429B1Z8' }, 'gstin', 'Invalid GST No'],
    ['an empty GSTIN', { gstin: '' }, 'gstin', 'Invalid GST No'],
    // A valid GSTIN of Uttar Pradesh (09) for a shop in Bihar (10): docs/gst.md "Marketplace".
    ['a GSTIN of another state', { gstin: '09AABCS1429B1ZS' }, 'gstin', GSTIN_STATE_MESSAGE],
    [
      'an unknown category',
      { shopCategory: 'Food' },
      'shopCategory',
      'Please select a shop category',
    ],
  ])('refuses %s', async (_label, overrides, field, message) => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/register/seller',
      ...multipart(
        {
          ...sellerFields('x@example.in', '123456', await newCaptchaId(context.app)),
          ...overrides,
        },
        { name: 'shop.png', bytes: await pngBytes(), type: 'image/png' },
      ),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('refuses a shop image that is not a jpg or png by its content, whatever its name', async () => {
    const email = 'fake-image@example.in';
    await requestOtp(email);
    const otp = /\b(\d{6})\b/.exec((await mail.waitFor(email)).text)![1]!;
    for (const file of [
      {
        name: 'shop.png',
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
        type: 'image/png',
      },
      { name: 'shop.jpg', bytes: Buffer.from('MZ\x90\x00 executable'), type: 'image/jpeg' },
      {
        name: 'shop.svg',
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        type: 'image/svg+xml',
      },
    ]) {
      const response = await inject({
        method: 'POST',
        url: '/api/auth/register/seller',
        ...multipart(sellerFields(email, otp, await newCaptchaId(context.app)), file),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.shopImage).toBe(ACCOUNT_MESSAGES.shopImageType);
    }
    const missing = await inject({
      method: 'POST',
      url: '/api/auth/register/seller',
      ...multipart(sellerFields(email, otp, await newCaptchaId(context.app))),
    });
    expect(missing.json().error.fields.shopImage).toBe(ACCOUNT_MESSAGES.shopImageRequired);
    const [account] = await context.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toBeUndefined();
  });

  it('refuses a shop image over 5 MB with 413', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/register/seller',
      ...multipart(sellerFields('big@example.in', '123456', await newCaptchaId(context.app)), {
        name: 'shop.png',
        bytes: Buffer.concat([await pngBytes(), Buffer.alloc(5 * 1024 * 1024 + 10)]),
        type: 'image/png',
      }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends a seller without shop details to the shop-details form, then lets it add them', async () => {
    const cookie = await signIn(context.app, 'seller', 'newseller@bazaar.test', DEMO_PASSWORD);
    expect((await session(cookie))?.shopId).toBeNull();
    const form = multipart(
      {
        shopName: 'Kavita Textiles',
        gstin,
        shopCategory: 'Cloth',
        shopDescription: 'Handloom sarees from Bhagalpur.',
        locality: 'Khalifabagh',
        landmark: '',
        city: 'Bhagalpur',
        pincode: '812002',
      },
      { name: 'shop.png', bytes: await pngBytes(), type: 'image/png' },
    );
    const saved = await inject({
      method: 'POST',
      url: '/api/seller/shop-details',
      headers: { cookie, ...form.headers },
      payload: form.payload,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const [shop] = await context.database.db
      .select()
      .from(shops)
      .where(eq(shops.email, 'newseller@bazaar.test'));
    expect(shop?.name).toBe('Kavita Textiles');
    expect((await session(cookie))?.shopId).toBe(shop?.id);
  });
});

describe('passwords', () => {
  it('resets a forgotten password by emailed link, ending every session; same answer for unknown emails', async () => {
    const { body } = await registerCustomer();
    const message = await mail.waitFor(body.email);
    const token = decodeURIComponent(/token=(\S+)/.exec(message.text)![1]!);
    await inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    const oldCookie = await signIn(context.app, 'customer', body.email, body.password);

    const answers = [];
    for (const email of [body.email, 'unknown-person@bazaar.test']) {
      answers.push(
        await inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: {
            email,
            captchaId: await newCaptchaId(context.app),
            captchaCode: TEST_CAPTCHA_CODE,
          },
        }),
      );
    }
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());

    const reset = await mail.waitFor(body.email, (mail) => mail.subject.includes('Reset'));
    expect(reset.text).not.toContain(body.password);
    const resetToken = decodeURIComponent(/ResetPassword\?token=(\S+)/.exec(reset.text)![1]!);
    const mismatch = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'Fresh@2024', confirmPassword: 'Fresh@2025' },
    });
    expect(mismatch.json().error.fields.confirmPassword).toBe(ACCOUNT_MESSAGES.passwordsDiffer);
    const done = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'Fresh@2024', confirmPassword: 'Fresh@2024' },
    });
    expect(done.statusCode).toBe(200);
    expect(await session(oldCookie)).toBeNull();
    await signIn(context.app, 'customer', body.email, 'Fresh@2024');
    const reused = await inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, password: 'Other@2024', confirmPassword: 'Other@2024' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
  });

  it('verifies the current password first, then changes it and ends the other sessions', async () => {
    const account = demo('support_admin');
    const cookie = await signIn(context.app, 'support_admin', account.email, DEMO_PASSWORD);
    const otherBrowser = await signIn(context.app, 'support_admin', account.email, DEMO_PASSWORD);

    const wrong = await inject({
      method: 'POST',
      url: '/api/account/verify-password',
      headers: { cookie },
      payload: { currentPassword: 'nope' },
    });
    expect(wrong.json()).toEqual({ verified: false, message: 'Password not verified' });
    const right = await inject({
      method: 'POST',
      url: '/api/account/verify-password',
      headers: { cookie },
      payload: { currentPassword: DEMO_PASSWORD },
    });
    expect(right.json()).toEqual({ verified: true, message: 'Password verified' });

    const empty = await inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: { cookie },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: '', confirmPassword: '' },
    });
    expect(empty.json().error.fields.newPassword).toBe(ACCOUNT_MESSAGES.newPasswordRequired);
    const differ = await inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: { cookie },
      payload: {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Kesar#Mango7',
        confirmPassword: 'Change@124',
      },
    });
    expect(differ.json().error.fields.confirmPassword).toBe(ACCOUNT_MESSAGES.passwordsDiffer);

    const changed = await inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: { cookie },
      payload: {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Kesar#Mango7',
        confirmPassword: 'Kesar#Mango7',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    const fresh = sessionCookieOf(changed.headers['set-cookie']);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(cookie);
    expect(await session(fresh!)).not.toBeNull();
    // Every earlier session ended, this browser's too: it goes on with the new session id.
    expect(await session(cookie)).toBeNull();
    expect(await session(otherBrowser)).toBeNull();
    await signIn(context.app, 'support_admin', account.email, 'Kesar#Mango7');
  });
});

describe('profiles', () => {
  it('lets a support admin edit one field at a time, but not its email', async () => {
    const cookie = await signIn(context.app, 'seller', 'seller@bazaar.test', DEMO_PASSWORD);
    const profile = await inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { cookie },
    });
    expect(profile.json().shop).not.toBeNull();

    const support = await signIn(
      context.app,
      'support_admin',
      'support@bazaar.test',
      'Kesar#Mango7',
    );
    const update = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: support },
      payload: { dateOfBirth: '1995-02-10' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().dateOfBirth).toBe('1995-02-10');
    const aadhaar = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: support },
      payload: { aadhaarNumber: '234567890125' },
    });
    expect(aadhaar.statusCode).toBe(400);
    expect(aadhaar.json().error.fields.aadhaarNumber).toBe('Invalid Aadhaar number');
    const email = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: support },
      payload: { email: 'me@else.in' },
    });
    expect(email.statusCode).toBe(400);
    const role = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie: support },
      payload: { role: 'admin', shopId: 2 },
    });
    expect(role.statusCode).toBe(400);
    expect((await session(support))?.role).toBe('support_admin');
  });

  it("updates a customer's name, mobile and address, refusing a mobile another account uses", async () => {
    const cookie = await signIn(context.app, 'customer', 'customer@bazaar.test', DEMO_PASSWORD);
    const taken = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie },
      payload: { mobile: demo('admin').mobile },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.mobile).toBe(ACCOUNT_MESSAGES.mobileTaken);
    const dob = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie },
      payload: { aadhaarNumber: '234567890124' },
    });
    expect(dob.json().error.fields.aadhaarNumber).toBe('This field cannot be changed here');
    const updated = await inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { cookie },
      payload: {
        name: 'Priya Kumari Singh',
        address: { locality: 'Rajendra Nagar', landmark: '', city: 'Patna', pincode: '800016' },
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Priya Kumari Singh',
      address: { locality: 'Rajendra Nagar', pincode: '800016', state: 'Bihar' },
    });
  });
});

describe('rate limits', () => {
  it('answers 429 with the error format once an address exceeds the sign-in limit', async () => {
    const limited = await createTestApp({ accounts: { authRateLimitPerMinute: 3 } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: {
            area: 'customer',
            identifier: 'a@b.in',
            password: 'x',
            captchaId: 'x',
            captchaCode: 'x',
          },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(response.json().error.code).toBe('RATE_LIMITED');
        }
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
