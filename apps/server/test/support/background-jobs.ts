import { count } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { backgroundJobs } from '../../src/db/schema/index.js';

/**
 * Waits until no recorded background job is left (every order mail of the steps so far has been
 * composed and handed to the outbox), polling every 10 ms.
 * @throws Error when jobs are still there after `timeoutMs`.
 */
export async function backgroundJobsDone(db: Db, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select({ left: count() }).from(backgroundJobs);
    if (Number(row!.left) === 0) return;
    if (Date.now() > deadline) {
      const left = await db
        .select({ kind: backgroundJobs.kind, lastError: backgroundJobs.lastError })
        .from(backgroundJobs);
      throw new Error(`background jobs still pending: ${JSON.stringify(left)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
