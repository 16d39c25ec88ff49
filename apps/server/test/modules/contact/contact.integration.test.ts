import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../../src/db/schema/index.js';
import { newCaptchaId } from '../../support/accounts.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../../support/test-app.js';

/*
 * The Contact US form's defences (docs/catalog.md, docs/security.md V6.1.1 and V11): a captcha
 * checked on the server, and at most 5 messages an hour from one email address and from one
 * client address, so a script cannot fill the admin's inbox.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx?.close();
});

const MESSAGE = {
  name: 'Anjali Kumari',
  phone: '9123456780',
  subject: 'Size exchange',
  message: 'I want to exchange a kurti for a larger size.',
};

async function storedCount(): Promise<number> {
  return (await ctx.database.db.select().from(contactMessages)).length;
}

/** Sends the form from `remoteAddress` with a fresh captcha answered `code`. */
async function send(email: string, remoteAddress: string, code = TEST_CAPTCHA_CODE) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/contact-messages',
    remoteAddress,
    payload: { ...MESSAGE, email, captchaId: await newCaptchaId(ctx.app), captchaCode: code },
  });
}

function errorOf(response: { json: <T>() => T }) {
  return response.json<{
    error: { code: string; message: string; fields?: Record<string, string> };
  }>().error;
}

describe('POST /api/contact-messages captcha', () => {
  it('stores a message whose captcha is answered', async () => {
    const before = await storedCount();
    const response = await send('captcha.ok@example.in', '10.0.0.1');
    expect(response.statusCode, response.body).toBe(201);
    expect(await storedCount()).toBe(before + 1);
  });

  it('refuses a message without a captcha with 400 and stores nothing', async () => {
    const before = await storedCount();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      remoteAddress: '10.0.0.2',
      payload: { ...MESSAGE, email: 'no.captcha@example.in' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(await storedCount()).toBe(before);
  });

  it('refuses a wrong captcha answer with 400 on captchaCode and stores nothing', async () => {
    const before = await storedCount();
    const response = await send('wrong.captcha@example.in', '10.0.0.3', 'WRONG12');
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).fields?.captchaCode).toEqual(expect.any(String));
    expect(await storedCount()).toBe(before);
  });

  it('refuses a captcha answered twice (single use)', async () => {
    const captchaId = await newCaptchaId(ctx.app);
    const payload = {
      ...MESSAGE,
      email: 'twice@example.in',
      captchaId,
      captchaCode: TEST_CAPTCHA_CODE,
    };
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      remoteAddress: '10.0.0.4',
      payload,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-messages',
      remoteAddress: '10.0.0.4',
      payload,
    });
    expect(second.statusCode, second.body).toBe(400);
  });
});

describe('POST /api/contact-messages rate limit', () => {
  it('answers the 6th message in an hour from one email address 429, from any client address', async () => {
    for (let i = 1; i <= 5; i += 1) {
      const response = await send('busy.sender@example.in', `10.0.1.${i}`);
      expect(response.statusCode, `message ${i}: ${response.body}`).toBe(201);
    }
    const before = await storedCount();
    const sixth = await send('BUSY.Sender@example.in', '10.0.1.6');
    expect(sixth.statusCode, sixth.body).toBe(429);
    const error = errorOf(sixth);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toMatch(/5 messages an hour/);
    expect(await storedCount()).toBe(before);
    // Another address is not held back by it.
    expect((await send('other.sender@example.in', '10.0.1.7')).statusCode).toBe(201);
  });

  it('answers the 6th message in an hour from one client address 429, whatever the email', async () => {
    for (let i = 1; i <= 5; i += 1) {
      const response = await send(`sender${i}@example.in`, '10.0.2.1');
      expect(response.statusCode, `message ${i}: ${response.body}`).toBe(201);
    }
    const before = await storedCount();
    const sixth = await send('sender6@example.in', '10.0.2.1');
    expect(sixth.statusCode, sixth.body).toBe(429);
    expect(errorOf(sixth).code).toBe('RATE_LIMITED');
    expect(await storedCount()).toBe(before);
    expect((await send('sender7@example.in', '10.0.2.2')).statusCode).toBe(201);
  });

  it('does not count refused messages towards the limit', async () => {
    for (let i = 1; i <= 6; i += 1) {
      const response = await send('retry@example.in', '10.0.3.1', 'WRONG12');
      expect(response.statusCode).toBe(400);
    }
    expect((await send('retry@example.in', '10.0.3.1')).statusCode).toBe(201);
  });
});
