import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` every `intervalMs` milliseconds while the app is open (the mail outbox's retry, the
 * release of unpaid orders). A failure is logged as a warning with `failureMessage` and the next
 * run goes ahead; the timer never keeps the process alive and stops when the app closes.
 * Nothing is scheduled for an interval of 0 or less (tests, or the job switched off).
 */
export function scheduleRepeating(
  app: FastifyInstance,
  intervalMs: number,
  job: () => Promise<void>,
  failureMessage: string,
): void {
  if (intervalMs <= 0) return;
  const timer = setInterval(() => {
    job().catch((error: unknown) => app.log.warn({ err: error }, failureMessage));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
