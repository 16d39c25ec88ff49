import type { Role } from '@bazaar/shared';

/**
 * How long a session lives (ASVS 5.0 7.1.1, 7.3.1, 7.3.2; docs/accounts.md "Sessions";
 * docs/security.md V7). better-auth keeps every session 7 days from its last refresh and refreshes
 * it at most every SESSION_REFRESH_SECONDS; on top of that, every request checks:
 * - staff (seller, support admin, admin, employee, delivery), who handle money, stock and other
 *   people's data: signed out after 2 hours without a request (a lunch break) and 12 hours after
 *   signing in (a working day), NIST SP 800-63B's AAL2 re-authentication limits, loosened from
 *   30 minutes of inactivity because a shop counter leaves the screen idle between customers;
 * - customers: 7 days without a request and 30 days after signing in (NIST's AAL1 limit).
 * Inactivity is measured from the session's last refresh, so it is exact to
 * SESSION_REFRESH_SECONDS (15 minutes).
 */
export const SESSION_REFRESH_SECONDS = 15 * 60;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Inactivity and absolute limits per kind of account, in milliseconds. */
export const SESSION_LIMITS = {
  staff: { idleMs: 2 * HOUR_MS, absoluteMs: 12 * HOUR_MS },
  customer: { idleMs: 7 * DAY_MS, absoluteMs: 30 * DAY_MS },
} as const;

/**
 * True when a session has outlived its role's limits and must end.
 * @param session `createdAt` (sign-in) and `updatedAt` (last refresh) of better-auth's row.
 */
export function sessionOutlived(
  role: Role,
  session: { createdAt: Date; updatedAt: Date },
  now: Date = new Date(),
): boolean {
  const limits = role === 'customer' ? SESSION_LIMITS.customer : SESSION_LIMITS.staff;
  const since = (date: Date) => now.getTime() - new Date(date).getTime();
  return since(session.updatedAt) > limits.idleMs || since(session.createdAt) > limits.absoluteMs;
}
