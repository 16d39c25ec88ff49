import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { backgroundJobs } from '../db/schema/index.js';

/*
 * Work that follows a committed change but must not hold up its request (docs/platform.md
 * "Background jobs"): the change's transaction records a job row, and after the commit a runner
 * in this process does the work one job at a time. One job at a time keeps the work from
 * crowding the requests on Node's one thread: a checkout answers in milliseconds while its mails
 * are composed between requests. A job recorded by a transaction that rolled back never runs; a
 * job left by a crash runs on the next round. Jobs run at least once: a handler that fails
 * after part of its work may do that part again on the retry.
 */

/** A job's input: ids and small values, stored as JSON. */
export type JobPayload = Record<string, string | number | boolean | null>;

/** Does one job; throwing leaves it for a later round (up to {@link MAX_JOB_ATTEMPTS} runs). */
export type JobHandler = (payload: JobPayload) => Promise<void>;

/** Runs per job before it is left, with its last error, for a person to look at. */
export const MAX_JOB_ATTEMPTS = 5;

/** How long a runner holds a claimed job (seconds); a crashed runner's lease runs out. */
const CLAIM_SECONDS = 300;

/** The wait before a failed job's next run, times the runs so far (seconds). */
const RETRY_DELAY_SECONDS = 60;

/** Jobs one claim takes at most. */
const BATCH = 20;

/**
 * Records a job inside `tx` (or on its own with a `Db`): it runs once that transaction commits
 * and a runner is woken, or on the runner's next scheduled round.
 */
export async function recordJob(tx: Db | Tx, kind: string, payload: JobPayload): Promise<void> {
  await tx.insert(backgroundJobs).values({ kind, payload });
}

export interface JobRunner {
  /**
   * Starts running recorded jobs in the background, unless a run is under way (which then goes
   * round once more). Call it after the commit of a transaction that recorded jobs; it returns
   * at once and never throws.
   */
  wake(): void;
  /** Runs recorded jobs until none is ready; resolves with how many succeeded. */
  runPending(): Promise<number>;
  /** Resolves when no background run is under way (app close, tests). */
  idle(): Promise<void>;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: JobPayload;
  attempts: number;
}

/**
 * The runner of the jobs whose kinds `handlers` names. Jobs run one at a time, oldest first; two
 * instances never run the same job at once (a lease taken with SKIP LOCKED). A job of an unknown
 * kind fails like a throwing handler.
 */
export function createJobRunner(options: {
  db: Db;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
}): JobRunner {
  const { db, log, handlers } = options;
  let running: Promise<void> | undefined;
  let again = false;

  async function claim(): Promise<ClaimedJob[]> {
    const claimed = (await db.execute(sql`
      update ${backgroundJobs}
      set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
          attempts = attempts + 1
      where id in (
        select id from ${backgroundJobs}
        where attempts < ${MAX_JOB_ATTEMPTS}
          and (claimed_until is null or claimed_until < now())
        order by id
        limit ${BATCH}
        for update skip locked
      )
      returning id, kind, payload, attempts`)) as unknown as { rows: ClaimedJob[] };
    return [...claimed.rows].sort((a, b) => a.id - b.id);
  }

  async function runOne(job: ClaimedJob): Promise<boolean> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
      await handler(job.payload);
      await db.delete(backgroundJobs).where(eq(backgroundJobs.id, job.id));
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, reason }, 'job failed');
      // Held back a minute per attempt so far: a failing job never spins.
      await db
        .update(backgroundJobs)
        .set({
          lastError: reason.slice(0, 500),
          claimedUntil: sql`now() + make_interval(secs => ${RETRY_DELAY_SECONDS * job.attempts})`,
        })
        .where(eq(backgroundJobs.id, job.id));
      return false;
    }
  }

  async function runPending(): Promise<number> {
    let succeeded = 0;
    for (;;) {
      const jobs = await claim();
      if (jobs.length === 0) return succeeded;
      for (const job of jobs) {
        if (await runOne(job)) succeeded += 1;
      }
    }
  }

  async function runWhileWoken(): Promise<void> {
    do {
      again = false;
      try {
        await runPending();
      } catch (error) {
        log.error({ err: error }, 'background jobs not run');
        return;
      }
    } while (again);
  }

  return {
    wake() {
      if (running) {
        again = true;
        return;
      }
      running = runWhileWoken().finally(() => {
        running = undefined;
      });
    },
    runPending,
    async idle() {
      while (running) await running;
    },
  };
}
