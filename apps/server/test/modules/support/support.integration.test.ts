import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_CONTACT, type SupportMessage, type SupportMessagePage } from '@bazaar/shared';
import { newCaptchaId } from '../../support/accounts.js';
import { createTestApp, TEST_CAPTCHA_CODE, type TestContext } from '../../support/test-app.js';
import { asStaff, createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';

/* docs/shop-office.md "Support": contact details and the admin's inbox. */

let ctx: TestContext;
let admin: TestStaff;
let seller: TestStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createStaff(ctx.app, ctx.database.db, 'admin');
  seller = await createStaff(ctx.app, ctx.database.db, 'seller');
});

afterAll(async () => {
  await ctx.close();
});

async function sendContact(subject: string): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/contact-messages',
    payload: {
      name: 'Anil Kumar',
      email: 'anil@example.in',
      phone: '9812345678',
      subject,
      message: 'Do you deliver to Gaya?',
      captchaId: await newCaptchaId(ctx.app),
      captchaCode: TEST_CAPTCHA_CODE,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

describe('support', () => {
  it('answers the shared contact details to anyone', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/support/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      phone: SUPPORT_CONTACT.phone.display,
      email: SUPPORT_CONTACT.email,
      address: SUPPORT_CONTACT.office.oneLine,
      hours: SUPPORT_CONTACT.hours,
    });
  });

  it('lists contact messages newest first, filters unread and marks one read', async () => {
    const first = await sendContact('Delivery area');
    const second = await sendContact('Bulk order');
    const inbox = (
      await asStaff(ctx.app, admin, { method: 'GET', url: '/api/support/messages' })
    ).json<SupportMessagePage>();
    expect(inbox.items.map((message) => message.id).slice(0, 2)).toEqual([second, first]);
    expect(inbox.unreadCount).toBe(inbox.total);

    const read = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/support/messages/${first}/read`,
    });
    expect(read.statusCode).toBe(200);
    const readAt = read.json<SupportMessage>().readAt;
    expect(readAt).not.toBeNull();
    const again = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/support/messages/${first}/read`,
    });
    expect(again.json<SupportMessage>().readAt).toBe(readAt);

    const unread = (
      await asStaff(ctx.app, admin, { method: 'GET', url: '/api/support/messages?unread=true' })
    ).json<SupportMessagePage>();
    expect(unread.items.map((message) => message.id)).not.toContain(first);
    expect(unread.items.map((message) => message.id)).toContain(second);
    expect(unread.unreadCount).toBe(inbox.unreadCount - 1);

    const missing = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/support/messages/999999/read',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the inbox for the admin only', async () => {
    expect(
      (await asStaff(ctx.app, seller, { method: 'GET', url: '/api/support/messages' })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/support/messages' })).statusCode).toBe(
      401,
    );
  });
});
