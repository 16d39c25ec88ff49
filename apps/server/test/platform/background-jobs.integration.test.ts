import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { backgroundJobs } from '../../src/db/schema/index.js';
import {
  createJobRunner,
  MAX_JOB_ATTEMPTS,
  recordJob,
  type JobHandler,
  type JobPayload,
} from '../../src/platform/background-jobs.js';
import { openTestDatabase } from '../support/test-app.js';

/*
 * docs/platform.md "Background jobs": work recorded by a transaction runs once after its commit,
 * never after a rollback, one job at a time; a failure is kept with its reason and tried again
 * later, never at once; two runners never run the same job.
 */

let database: Database;
const db = () => database.db;
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  await db().delete(backgroundJobs);
});

/** A handler that records each payload it ran, in order. */
function recorder() {
  const ran: JobPayload[] = [];
  const handler: JobHandler = async (payload) => {
    ran.push(payload);
  };
  return { ran, handler };
}

const jobsLeft = async () => db().select().from(backgroundJobs).orderBy(backgroundJobs.id);

describe('background jobs', () => {
  it('runs a job recorded by a committed transaction once, and never one whose transaction rolled back', async () => {
    const { ran, handler } = recorder();
    const runner = createJobRunner({ db: db(), log: silent, handlers: { tell: handler } });
    await db().transaction(async (tx) => {
      await recordJob(tx, 'tell', { orderId: 1 });
    });
    await expect(
      db().transaction(async (tx) => {
        await recordJob(tx, 'tell', { orderId: 2 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');

    runner.wake();
    await runner.idle();
    expect(ran).toEqual([{ orderId: 1 }]);
    expect(await jobsLeft()).toEqual([]);
    // Nothing left to run: a second round does nothing.
    expect(await runner.runPending()).toBe(0);
    expect(ran).toHaveLength(1);
  });

  it('runs jobs one at a time, oldest first, and goes round again when woken mid-run', async () => {
    let inFlight = 0;
    let most = 0;
    const order: number[] = [];
    const runner = createJobRunner({
      db: db(),
      log: silent,
      handlers: {
        slow: async (payload) => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(payload.n as number);
          inFlight -= 1;
        },
      },
    });
    for (let n = 1; n <= 25; n += 1) await recordJob(db(), 'slow', { n });
    runner.wake();
    // Recorded while the first batch runs: the same run picks it up.
    await recordJob(db(), 'slow', { n: 26 });
    runner.wake();
    runner.wake();
    await runner.idle();
    expect(order).toEqual(Array.from({ length: 26 }, (_, index) => index + 1));
    expect(most).toBe(1);
    expect(await jobsLeft()).toEqual([]);
  });

  it('keeps a failed job with its reason and holds it back instead of retrying at once', async () => {
    let calls = 0;
    const runner = createJobRunner({
      db: db(),
      log: silent,
      handlers: {
        flaky: async () => {
          calls += 1;
          if (calls === 1) throw new Error('mail server down');
        },
      },
    });
    await recordJob(db(), 'flaky', { orderId: 7 });
    expect(await runner.runPending()).toBe(0);
    expect(calls).toBe(1);
    const [held] = await jobsLeft();
    expect(held).toMatchObject({ kind: 'flaky', attempts: 1, lastError: 'mail server down' });
    expect(held!.claimedUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);

    // Still held back: another round leaves it.
    expect(await runner.runPending()).toBe(0);
    expect(calls).toBe(1);

    // Once due, it runs again and is gone.
    await db()
      .update(backgroundJobs)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(backgroundJobs.id, held!.id));
    expect(await runner.runPending()).toBe(1);
    expect(calls).toBe(2);
    expect(await jobsLeft()).toEqual([]);
  });

  it(`gives up on a job after ${MAX_JOB_ATTEMPTS} runs and on a kind nobody handles, keeping both`, async () => {
    const runner = createJobRunner({
      db: db(),
      log: silent,
      handlers: {
        broken: async () => {
          throw new Error('always');
        },
      },
    });
    await recordJob(db(), 'broken', { n: 1 });
    await recordJob(db(), 'unheard_of', { n: 2 });
    for (let round = 0; round < MAX_JOB_ATTEMPTS + 2; round += 1) {
      await runner.runPending();
      await db().update(backgroundJobs).set({ claimedUntil: null });
    }
    const left = await jobsLeft();
    expect(left.map((job) => [job.kind, job.attempts, job.lastError])).toEqual([
      ['broken', MAX_JOB_ATTEMPTS, 'always'],
      ['unheard_of', MAX_JOB_ATTEMPTS, "no handler for job kind 'unheard_of'"],
    ]);
  });

  it('two runners over one database run every job exactly once', async () => {
    const first = recorder();
    const second = recorder();
    const runners = [
      createJobRunner({ db: db(), log: silent, handlers: { tell: first.handler } }),
      createJobRunner({ db: db(), log: silent, handlers: { tell: second.handler } }),
    ];
    for (let n = 1; n <= 60; n += 1) await recordJob(db(), 'tell', { n });
    const [a, b] = await Promise.all(runners.map((runner) => runner.runPending()));
    expect(a! + b!).toBe(60);
    const all = [...first.ran, ...second.ran]
      .map((payload) => payload.n)
      .sort((x, y) => Number(x) - Number(y));
    expect(all).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    expect(await jobsLeft()).toEqual([]);
  });
});
