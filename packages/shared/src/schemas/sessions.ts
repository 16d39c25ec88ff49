import { z } from 'zod';

/**
 * Signed-in browsers of an account (docs/security.md; ASVS 5.0 7.4.5, 7.5.2): the user sees every
 * session of their own account and ends one or all others after typing the password again; an
 * admin ends every session of one account or of every account.
 */

/** One signed-in browser as its owner sees it. Dates are ISO 8601 strings. */
export const AccountSessionSchema = z.object({
  /** Opaque session id (never the cookie's token). */
  id: z.string(),
  /** When the browser signed in. */
  createdAt: z.string(),
  /** Last refresh of the session (better-auth refreshes it at most once a day). */
  lastActiveAt: z.string(),
  /** When it ends unless used again. */
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** True for the browser making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSessionSchema>;

export const AccountSessionListSchema = z.object({ sessions: z.array(AccountSessionSchema) });
export type AccountSessionList = z.infer<typeof AccountSessionListSchema>;

/** Re-authentication for ending sessions: the account's current password. */
export const SessionsPasswordSchema = z.object({
  password: z.string().min(1, 'Please enter your password').max(128, 'Password is too long'),
});
export type SessionsPassword = z.infer<typeof SessionsPasswordSchema>;

export const AccountSessionParamsSchema = z.object({
  sessionId: z.string().min(1).max(64),
});

export const UserSessionsParamsSchema = z.object({
  userId: z.string().min(1).max(64),
});

/** `GET /api/admin/accounts?email=`: the admin looks an account up by its sign-in email. */
export const AccountLookupQuerySchema = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email').max(254),
});

/** What the admin sees of a looked-up account before ending its sessions or resetting 2FA. */
export const AccountLookupSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['customer', 'seller', 'support_admin', 'admin', 'employee', 'delivery']),
  disabled: z.boolean(),
  twoFactorEnabled: z.boolean(),
  /** Unexpired sessions (signed-in browsers). */
  activeSessions: z.number().int().min(0),
});
export type AccountLookup = z.infer<typeof AccountLookupSchema>;

/** How many sessions a call ended. */
export const SessionsEndedSchema = z.object({
  ended: z.number().int().min(0),
  message: z.string(),
});
export type SessionsEnded = z.infer<typeof SessionsEndedSchema>;

export const SESSION_MESSAGES = {
  ended: 'Session ended',
  othersEnded: 'Signed out of every other browser',
  userEnded: 'Every session of this account has ended',
  allEnded: 'Every session except yours has ended',
  notFound: 'Session not found',
  userNotFound: 'Account not found',
} as const;
