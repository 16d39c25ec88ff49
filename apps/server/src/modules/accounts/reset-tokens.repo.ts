import { and, eq, gt, like, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users, verifications } from '../../db/schema/index.js';

/*
 * Drizzle queries over password-reset tokens (SQL only; the rules are in passwords.ts). The
 * tokens are better-auth's `verifications` rows, `identifier = 'reset-password:<token>'` and
 * `value = <user id>`: the shape its reset endpoint reads and consumes.
 */

type Queryable = Db | Tx;

/** better-auth's identifier prefix of a password-reset token. */
const RESET_PREFIX = 'reset-password:';

/** Locks the user's row until the transaction ends: one reset request per account at a time. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** True when a reset token of the user was made within the last `seconds` (database time). */
export async function hasResetTokenSince(
  db: Queryable,
  userId: string,
  seconds: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.value, userId),
        like(verifications.identifier, `${RESET_PREFIX}%`),
        gt(verifications.createdAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Stores a reset token for the user, valid until `expiresAt`. */
export async function insertResetToken(
  db: Queryable,
  input: { userId: string; token: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: `${RESET_PREFIX}${input.token}`,
    value: input.userId,
    expiresAt: input.expiresAt,
  });
}

/** The id of the user a reset token belongs to (expired or not), or undefined. */
export async function findResetTokenUser(
  db: Queryable,
  token: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `${RESET_PREFIX}${token}`));
  return row?.userId;
}

/** Deletes every reset token of the user; returns how many there were. */
export async function deleteResetTokens(db: Queryable, userId: string): Promise<number> {
  const deleted = await db
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, `${RESET_PREFIX}%`)))
    .returning({ id: verifications.id });
  return deleted.length;
}
