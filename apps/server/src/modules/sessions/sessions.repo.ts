import { and, count, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

/** Drizzle queries over better-auth's `sessions` rows (SQL only; the rules are in the service). */

/** The account's unexpired sessions, most recently active first. */
export async function findActiveSessions(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
}

/** Deletes one session of the account; answers how many rows went (0 when not its own). */
export async function deleteSessionOf(db: Db, userId: string, sessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** Deletes every session of the account except `keepSessionId` (none kept when null). */
export async function deleteSessionsOfUser(
  db: Db,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(
      keepSessionId === null
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

/** Deletes every session of every account except `keepSessionId`. */
export async function deleteAllSessionsExcept(db: Db, keepSessionId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(ne(sessions.id, keepSessionId))
    .returning({ id: sessions.id });
  return deleted.length;
}

/** True when an account with this id exists. */
export async function userExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row !== undefined;
}

/** An account by its sign-in email (stored lower-case) with its number of unexpired sessions. */
export async function findAccountByEmail(db: Db, email: string, now: Date) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      disabledAt: users.disabledAt,
      twoFactorEnabled: users.twoFactorEnabled,
    })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return undefined;
  const [active] = await db
    .select({ value: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, now)));
  return { ...user, activeSessions: Number(active?.value ?? 0) };
}
