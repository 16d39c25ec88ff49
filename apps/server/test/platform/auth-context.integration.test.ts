import { executionAsyncResource } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@bazaar/shared';
import {
  asStaff,
  createStaff,
  type TestStaff,
} from '../modules/fulfilment/shop-office-test-support.js';
import { createTestApp, type TestContext } from '../support/test-app.js';

/*
 * Issue 5 item 10 (the framework overhead): better-auth's async context is switched off between
 * its calls (platform/auth-context.ts), and its calls still see their own state when many run at
 * once.
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

/**
 * True when promises are tracked by an async hook: inside a promise reaction the execution
 * resource is then the promise itself (Node 20's AsyncLocalStorage turns the tracking on).
 */
async function promisesTracked(): Promise<boolean> {
  return Promise.resolve().then(() => executionAsyncResource() instanceof Promise);
}

describe("better-auth's async context", () => {
  it('is off again once a session lookup and a sign-in have answered', async () => {
    const lookup = await asStaff(ctx.app, staff[0]!, { method: 'GET', url: '/api/auth/session' });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json<SessionResponse>().user?.email).toBe(staff[0]!.email);
    // createStaff signed everyone in through the login route (better-auth's sign-in) too.
    expect(await promisesTracked()).toBe(false);
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
    expect(await promisesTracked()).toBe(false);
  });

  it('still serves signed-in routes and sign-out after it was switched off', async () => {
    const member = staff[1]!;
    const profile = await asStaff(ctx.app, member, { method: 'GET', url: '/api/auth/session' });
    expect(profile.json<SessionResponse>().user?.role).toBe('admin');
    const signOut = await asStaff(ctx.app, member, { method: 'POST', url: '/api/auth/logout' });
    expect(signOut.statusCode).toBeLessThan(300);
    const after = await asStaff(ctx.app, member, { method: 'GET', url: '/api/auth/session' });
    expect(after.json<SessionResponse>().user).toBeNull();
    expect(await promisesTracked()).toBe(false);
  });
});
