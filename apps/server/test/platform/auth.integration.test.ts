import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@bazaar/shared';
import {
  asStaff,
  createStaff,
  type TestStaff,
} from '../modules/fulfilment/shop-office-test-support.js';
import { createTestApp, type TestContext } from '../support/test-app.js';

/*
 * better-auth keeps each call's state (the request, the session being resolved, the database
 * adapter) in its own async context: many calls in flight at once must each see their own.
 */

let ctx: TestContext;
let staff: TestStaff[];

beforeAll(async () => {
  ctx = await createTestApp();
  staff = [];
  for (const role of ['admin', 'employee', 'delivery', 'seller'] as const) {
    for (let i = 0; i < 3; i += 1) staff.push(await createStaff(ctx.app, ctx.database.db, role));
  }
});

afterAll(async () => {
  await ctx.close();
});

describe("better-auth's per-call state", () => {
  it('resolves the session of the user who signed in', async () => {
    const lookup = await asStaff(ctx.app, staff[0]!, { method: 'GET', url: '/api/auth/session' });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json<SessionResponse>().user?.email).toBe(staff[0]!.email);
  });

  it('keeps each session lookup to its own user when 60 run at once', async () => {
    const lookups = Array.from({ length: 60 }, (_, i) => staff[i % staff.length]!);
    const answers = await Promise.all(
      lookups.map((member) =>
        asStaff(ctx.app, member, { method: 'GET', url: '/api/auth/session' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(lookups.map(() => 200));
    expect(answers.map((answer) => answer.json<SessionResponse>().user?.email)).toEqual(
      lookups.map((member) => member.email),
    );
  });

  it('signs out one user without touching the others', async () => {
    const member = staff[1]!;
    const profile = await asStaff(ctx.app, member, { method: 'GET', url: '/api/auth/session' });
    expect(profile.json<SessionResponse>().user?.role).toBe('admin');
    const signOut = await asStaff(ctx.app, member, { method: 'POST', url: '/api/auth/logout' });
    expect(signOut.statusCode).toBeLessThan(300);
    const after = await asStaff(ctx.app, member, { method: 'GET', url: '/api/auth/session' });
    expect(after.json<SessionResponse>().user).toBeNull();
    const other = await asStaff(ctx.app, staff[0]!, { method: 'GET', url: '/api/auth/session' });
    expect(other.json<SessionResponse>().user?.email).toBe(staff[0]!.email);
  });
});
