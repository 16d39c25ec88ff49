import { createHash, randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_MESSAGES,
  type PendingEmailChange,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { users, verifications } from '../../db/schema/index.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { MailNotSentError, type Mailer, type MailMessage } from '../../platform/mail.js';

/*
 * An email change that staff make for someone else's account (docs/security.md "Changing a
 * customer's email"). Changing the sign-in email at once would hand the account to whoever
 * controls the new address (set it, ask for a password reset, sign in), so the change waits:
 * the new address gets a one-time link, the old one a notice, and until the link is opened the
 * account signs in and resets its password with the old address only.
 *
 * The pending change lives in better-auth's `verifications` table (no table of its own):
 * `identifier` = `email-change:<userId>` (one pending change per account), `value` = the new
 * address, `expiresAt` = 24 hours on, and `id` = the SHA-256 of the link's token, so the token
 * itself is never stored and the row is found by it.
 */

const IDENTIFIER_PREFIX = 'email-change:';

function identifierOf(userId: string): string {
  return `${IDENTIFIER_PREFIX}${userId}`;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A recorded change: the token for the link (only in the mail) and when it expires. */
export interface RecordedEmailChange {
  token: string;
  expiresAt: Date;
}

/**
 * Records a pending change of `userId`'s email to `newEmail` (lower-cased), replacing any earlier
 * pending change of the account. Call inside the transaction that audits the request; mail with
 * {@link mailEmailChange} after the commit.
 */
export async function recordEmailChange(
  tx: Tx,
  input: { userId: string; newEmail: string; now?: Date },
): Promise<RecordedEmailChange> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(
    (input.now ?? new Date()).getTime() + EMAIL_CHANGE_LINK_HOURS * 3_600_000,
  );
  await tx.delete(verifications).where(eq(verifications.identifier, identifierOf(input.userId)));
  await tx.insert(verifications).values({
    id: tokenHash(token),
    identifier: identifierOf(input.userId),
    value: input.newEmail.toLowerCase(),
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Drops the account's pending change, if any, so its link no longer works. Call inside the
 * transaction that audits it. @returns the address that was pending, or undefined.
 */
export async function cancelEmailChange(tx: Tx, userId: string): Promise<string | undefined> {
  const [row] = await tx
    .delete(verifications)
    .where(eq(verifications.identifier, identifierOf(userId)))
    .returning({ email: verifications.value });
  return row?.email;
}

/** The account's pending change (new address, expiry), or null when none is live. */
export async function findPendingEmailChange(
  db: Db | Tx,
  userId: string,
): Promise<PendingEmailChange['pending']> {
  const [row] = await db
    .select({ email: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, identifierOf(userId)));
  if (!row || row.expiresAt <= new Date()) return null;
  return { email: row.email, expiresAt: row.expiresAt.toISOString() };
}

/** Who is told about a change: the account's name and both addresses, and who made it. */
export interface RecordedEmailChangeMail {
  name: string;
  oldEmail: string;
  newEmail: string;
  /** The staff member who made the change, as the notice names them. */
  changedBy: string;
  token: string;
  publicUrl: string;
}

/**
 * The two mails of a change: the link to the NEW address (sensitive: it carries the token) and
 * the notice to the OLD address, so the owner learns of a change they did not ask for.
 */
export function emailChangeMails(input: RecordedEmailChangeMail): [MailMessage, MailMessage] {
  const url = `${input.publicUrl.replace(/\/$/, '')}/VerifyEmailChange?token=${encodeURIComponent(input.token)}`;
  return [
    {
      to: input.newEmail,
      subject: 'Confirm your new email address for Bazaar',
      sensitive: true,
      text:
        `Namaste ${input.name},\n\nYour Bazaar account's email is being changed to this address ` +
        `by ${input.changedBy}. Open this link to confirm it:\n${url}\n\n` +
        `The link is valid for ${EMAIL_CHANGE_LINK_HOURS} hours. Until then you log in with your ` +
        'old email address. If you did not expect this, ignore this email.',
    },
    {
      to: input.oldEmail,
      subject: 'Your Bazaar email address is being changed',
      text:
        `Namaste ${input.name},\n\nYour email is being changed to ${input.newEmail} by ` +
        `${input.changedBy}. If this is wrong, contact the shop. Until the new address is ` +
        `confirmed you keep logging in with ${input.oldEmail}.`,
    },
  ];
}

/**
 * Sends both mails of a change after the commit (no network call inside the transaction). A mail
 * server failure leaves them in the outbox for the retry loop and does not fail the edit.
 */
export async function mailEmailChange(
  mailer: Mailer,
  input: RecordedEmailChangeMail,
): Promise<void> {
  for (const message of emailChangeMails(input)) {
    try {
      await mailer.send(message);
    } catch (error) {
      if (!(error instanceof MailNotSentError)) throw error;
    }
  }
}

/** A verified change, as the listener of {@link createEmailChangeService} receives it. */
export interface VerifiedEmailChange {
  userId: string;
  name: string;
  role: string;
  oldEmail: string;
  newEmail: string;
}

export interface EmailChangeServiceDeps {
  db: Db;
  /**
   * Called inside the verifying transaction after the account's email changed, so the module
   * that owns a copy of the address (the wholesale customer row) updates it and audits the
   * change in the same commit. A throw rolls the verification back.
   */
  onVerified?: (tx: Tx, change: VerifiedEmailChange) => Promise<void>;
}

/** The pending-change view and the link's verification (routes in accounts/routes.ts). */
export function createEmailChangeService(deps: EmailChangeServiceDeps) {
  const { db, onVerified } = deps;
  return {
    /** The signed-in user's pending change: `{ pending: { email, expiresAt } | null }`. */
    async pendingOf(userId: string): Promise<PendingEmailChange> {
      return { pending: await findPendingEmailChange(db, userId) };
    },

    /**
     * Makes the pending address the account's email (verified) from the link's token, in one
     * transaction that also deletes the pending row, so the link works once.
     * @throws AppError 400 VALIDATION_FAILED for an unknown, used or expired token; 409 CONFLICT
     *   'This email address is already being used' when another account took it meanwhile.
     */
    async verify(token: string): Promise<{ message: string }> {
      const invalid = () => new AppError('VALIDATION_FAILED', EMAIL_CHANGE_MESSAGES.linkInvalid);
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(verifications)
            .where(
              and(
                eq(verifications.id, tokenHash(token)),
                like(verifications.identifier, `${IDENTIFIER_PREFIX}%`),
              ),
            )
            .for('update');
          if (!row || row.expiresAt <= new Date()) throw invalid();
          const userId = row.identifier.slice(IDENTIFIER_PREFIX.length);
          const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
          if (!user) throw invalid();
          await tx.delete(verifications).where(eq(verifications.id, row.id));
          await tx
            .update(users)
            .set({ email: row.value, emailVerified: true, updatedAt: new Date() })
            .where(eq(users.id, userId));
          await onVerified?.(tx, {
            userId,
            name: user.name,
            role: user.role,
            oldEmail: user.email,
            newEmail: row.value,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', ACCOUNT_MESSAGES.emailTaken, {
            email: ACCOUNT_MESSAGES.emailTaken,
          });
        }
        throw error;
      }
      return { message: EMAIL_CHANGE_MESSAGES.verified };
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
