import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSessionList, ErrorBody, SessionsEnded } from '@bazaar/shared';
import { sessions } from '../../../src/db/schema/index.js';
import { signIn } from '../../support/accounts.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import { asStaff, createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';

/*
 * docs/accounts.md "Sessions" and docs/security.md V7: a signed-in user sees their browsers and
 * ends one or all others after typing the password again (ASVS 7.5.2); an admin ends one account's
 * sessions or everyone's (ASVS 7.4.5). An ended session answers 401 at its next request.
 */

const PASSWORD = 'Bazaar@123';
let ctx: TestContext;
let admin: TestStaff;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createStaff(ctx.app, ctx.database.db, 'admin');
});

afterAll(async () => {
  await ctx.close();
});

/** A second browser of the same account: a fresh sign-in. */
function secondBrowser(staff: TestStaff, area: 'employee' | 'admin' | 'delivery') {
  return signIn(ctx.app, area, staff.email, PASSWORD);
}

async function profileStatus(cookie: string): Promise<number> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/account/profile',
    headers: { cookie },
  });
  return response.statusCode;
}

async function sessionCount(userId: string): Promise<number> {
  const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  return rows.length;
}

function list(cookie: string) {
  return asStaff(ctx.app, { cookie }, { method: 'GET', url: '/api/account/sessions' });
}

describe('own sessions', () => {
  it('lists every browser of the account, marks the current one and never shows the token', async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    const other = await secondBrowser(employee, 'employee');
    const response = await list(employee.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<AccountSessionList>();
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions.filter((session) => session.current)).toHaveLength(1);
    const token = other.split('=')[1]!.split('.')[0]!;
    expect(response.body).not.toContain(token);
    const fromOther = (await list(other)).json<AccountSessionList>();
    const currentHere = body.sessions.find((session) => session.current)!.id;
    const currentThere = fromOther.sessions.find((session) => session.current)!.id;
    expect(currentThere).not.toBe(currentHere);
  });

  it('ends the other browsers only after the password, keeping this one', async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    const other = await secondBrowser(employee, 'employee');
    const third = await secondBrowser(employee, 'employee');

    const wrong = await asStaff(ctx.app, employee, {
      method: 'POST',
      url: '/api/account/sessions/end-others',
      payload: { password: 'Wrong@1234' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().error.fields).toEqual({ password: 'Password not verified' });
    expect(await sessionCount(employee.id)).toBe(3);
    expect(await profileStatus(other)).toBe(200);

    const right = await asStaff(ctx.app, employee, {
      method: 'POST',
      url: '/api/account/sessions/end-others',
      payload: { password: PASSWORD },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json<SessionsEnded>()).toEqual({
      ended: 2,
      message: 'Signed out of every other browser',
    });
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(third)).toBe(401);
    expect(await profileStatus(employee.cookie)).toBe(200);
  });

  it("ends one of the user's own sessions, and answers 404 for another account's", async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    const stranger = await createStaff(ctx.app, ctx.database.db, 'delivery');
    const other = await secondBrowser(employee, 'employee');
    const otherId = (await list(other))
      .json<AccountSessionList>()
      .sessions.find((session) => session.current)!.id;
    const strangerId = (await list(stranger.cookie)).json<AccountSessionList>().sessions[0]!.id;

    const notMine = await asStaff(ctx.app, employee, {
      method: 'POST',
      url: `/api/account/sessions/${strangerId}/end`,
      payload: { password: PASSWORD },
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json<ErrorBody>().error.code).toBe('NOT_FOUND');
    expect(await profileStatus(stranger.cookie)).toBe(200);

    const mine = await asStaff(ctx.app, employee, {
      method: 'POST',
      url: `/api/account/sessions/${otherId}/end`,
      payload: { password: PASSWORD },
    });
    expect(mine.statusCode).toBe(200);
    expect(await profileStatus(other)).toBe(401);
    expect(await profileStatus(employee.cookie)).toBe(200);
  });
});

describe('lifetime (session-policy.ts)', () => {
  async function age(userId: string, fields: { createdAt?: Date; updatedAt?: Date }) {
    await ctx.database.db.update(sessions).set(fields).where(eq(sessions.userId, userId));
  }
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

  it('ends a staff session idle for over 2 hours at its next request, deleting the row', async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    await age(employee.id, { createdAt: hoursAgo(3), updatedAt: hoursAgo(2.1) });
    expect(await profileStatus(employee.cookie)).toBe(401);
    expect(await sessionCount(employee.id)).toBe(0);
  });

  it('ends a busy staff session 12 hours after sign-in', async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    await age(employee.id, { createdAt: hoursAgo(12.1), updatedAt: hoursAgo(0.1) });
    expect(await profileStatus(employee.cookie)).toBe(401);
  });

  it('keeps a staff session used within 2 hours of a sign-in today', async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    await age(employee.id, { createdAt: hoursAgo(8), updatedAt: hoursAgo(1.5) });
    expect(await profileStatus(employee.cookie)).toBe(200);
  });
});

describe('admin', () => {
  it("ends every session of one account and nobody else's", async () => {
    const target = await createStaff(ctx.app, ctx.database.db, 'employee');
    const targetSecond = await secondBrowser(target, 'employee');
    const bystander = await createStaff(ctx.app, ctx.database.db, 'employee');
    const response = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: `/api/admin/users/${target.id}/sessions/end`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionsEnded>().ended).toBe(2);
    expect(await profileStatus(target.cookie)).toBe(401);
    expect(await profileStatus(targetSecond)).toBe(401);
    expect(await profileStatus(bystander.cookie)).toBe(200);
    expect(await profileStatus(admin.cookie)).toBe(200);
  });

  it('looks an account up by email with its role, 2FA state and session count', async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    await secondBrowser(employee, 'employee');
    const found = await asStaff(ctx.app, admin, {
      method: 'GET',
      url: `/api/admin/accounts?email=${encodeURIComponent(employee.email.toUpperCase())}`,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      id: employee.id,
      name: employee.name,
      email: employee.email,
      role: 'employee',
      disabled: false,
      twoFactorEnabled: false,
      activeSessions: 2,
    });
    const missing = await asStaff(ctx.app, admin, {
      method: 'GET',
      url: '/api/admin/accounts?email=nobody%40example.in',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 404 for an unknown account', async () => {
    const response = await asStaff(ctx.app, admin, {
      method: 'POST',
      url: '/api/admin/users/no-such-user/sessions/end',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().error.message).toBe('Account not found');
  });

  it('refuses anyone but the admin', async () => {
    const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
    const response = await asStaff(ctx.app, employee, {
      method: 'POST',
      url: `/api/admin/users/${admin.id}/sessions/end`,
    });
    expect(response.statusCode).toBe(403);
    expect(await profileStatus(admin.cookie)).toBe(200);
  });

  // Ending every session of every account would sign out the other test files sharing the
  // PostgreSQL database, so this one runs on the test's own in-memory PGlite only.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "ends everyone's sessions except the admin's own, after the admin's password",
    async () => {
      const employee = await createStaff(ctx.app, ctx.database.db, 'employee');
      const adminSecond = await secondBrowser(admin, 'admin');
      const wrong = await asStaff(ctx.app, admin, {
        method: 'POST',
        url: '/api/admin/sessions/end-all',
        payload: { password: 'Wrong@1234' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(await profileStatus(employee.cookie)).toBe(200);

      const right = await asStaff(ctx.app, admin, {
        method: 'POST',
        url: '/api/admin/sessions/end-all',
        payload: { password: PASSWORD },
      });
      expect(right.statusCode).toBe(200);
      expect(right.json<SessionsEnded>().ended).toBeGreaterThanOrEqual(2);
      expect(await profileStatus(employee.cookie)).toBe(401);
      expect(await profileStatus(adminSecond)).toBe(401);
      expect(await profileStatus(admin.cookie)).toBe(200);
      const remaining = await ctx.database.db.select().from(sessions);
      expect(remaining).toHaveLength(1);
    },
  );
});
