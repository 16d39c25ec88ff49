import {
  SESSION_MESSAGES,
  type AccountLookup,
  type AccountSessionList,
  type SessionsEnded,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import {
  deleteAllSessionsExcept,
  deleteSessionOf,
  deleteSessionsOfUser,
  findAccountByEmail,
  findActiveSessions,
  userExists,
} from './sessions.repo.js';

/**
 * Re-authentication (the accounts service's requireCurrentPassword, with its lock-out).
 * @throws AppError 400 'Password not verified' (field `password`); 429 while locked.
 */
export type RequireCurrentPassword = (user: AuthUser, password: string) => Promise<void>;

export interface SessionsServiceOptions {
  db: Db;
  requireCurrentPassword: RequireCurrentPassword;
}

/**
 * Signed-in browsers of an account (ASVS 5.0 7.4.5 and 7.5.2; docs/accounts.md "Sessions";
 * docs/security.md V7). Sessions are better-auth's database rows, checked on every request, so
 * deleting a row ends that browser's session at its next request, on every app instance.
 */
export function createSessionsService({
  db,
  requireCurrentPassword: requirePassword,
}: SessionsServiceOptions) {
  return {
    /** The signed-in user's unexpired sessions, most recently active first; `current` marks this one. */
    async list(user: AuthUser): Promise<AccountSessionList> {
      const rows = await findActiveSessions(db, user.id, new Date());
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
          current: row.id === user.sessionId,
        })),
      };
    },

    /**
     * Ends one of the user's own sessions after the password. Ending the current one signs this
     * browser out (its cookie no longer matches a row).
     * @throws AppError 400 wrong password; 404 'Session not found' for another account's or an
     *   unknown session.
     */
    async endOne(user: AuthUser, sessionId: string, password: string): Promise<SessionsEnded> {
      await requirePassword(user, password);
      const ended = await deleteSessionOf(db, user.id, sessionId);
      if (ended === 0) throw new AppError('NOT_FOUND', SESSION_MESSAGES.notFound);
      return { ended, message: SESSION_MESSAGES.ended };
    },

    /** Ends every session of the user except this browser's, after the password. */
    async endOthers(user: AuthUser, password: string): Promise<SessionsEnded> {
      await requirePassword(user, password);
      const ended = await deleteSessionsOfUser(db, user.id, user.sessionId);
      return { ended, message: SESSION_MESSAGES.othersEnded };
    },

    /**
     * Admin: finds an account by its sign-in email, to end its sessions or reset its two-step
     * sign-in from Security settings.
     * @throws AppError 404 'Account not found'.
     */
    async lookup(email: string): Promise<AccountLookup> {
      const account = await findAccountByEmail(db, email, new Date());
      if (!account) throw new AppError('NOT_FOUND', SESSION_MESSAGES.userNotFound);
      return {
        id: account.id,
        name: account.name,
        email: account.email,
        role: account.role as AccountLookup['role'],
        disabled: account.disabledAt !== null,
        twoFactorEnabled: account.twoFactorEnabled,
        activeSessions: account.activeSessions,
      };
    },

    /**
     * Admin: ends every session of one account (ASVS 7.4.5), e.g. a lost phone. The admin's own
     * current session is kept when the admin targets their own account.
     * @throws AppError 404 'Account not found'.
     */
    async endForUser(admin: AuthUser, userId: string): Promise<SessionsEnded> {
      if (!(await userExists(db, userId))) {
        throw new AppError('NOT_FOUND', SESSION_MESSAGES.userNotFound);
      }
      const keep = userId === admin.id ? admin.sessionId : null;
      const ended = await deleteSessionsOfUser(db, userId, keep);
      return { ended, message: SESSION_MESSAGES.userEnded };
    },

    /**
     * Admin: ends every session of every account except the admin's own (ASVS 7.4.5), after the
     * admin's password: everyone, staff and customers, signs in again.
     * @throws AppError 400 wrong password.
     */
    async endAll(admin: AuthUser, password: string): Promise<SessionsEnded> {
      await requirePassword(admin, password);
      const ended = await deleteAllSessionsExcept(db, admin.sessionId);
      return { ended, message: SESSION_MESSAGES.allEnded };
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
