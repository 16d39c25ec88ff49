import { randomInt } from 'node:crypto';
import { ACCOUNT_MESSAGES, ROLE_AREAS, generatePassword, type Role } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { hashPassword } from '../../platform/auth.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { MailNotSentError, type Mailer } from '../../platform/mail.js';
import { insertUserWithCredential, type NewUser } from '../accounts/index.js';
import { findTaken } from './customers.repo.js';

/*
 * Accounts the back office creates for someone else (wholesale customers, employees;
 * docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md): a generated password
 * shown once and mailed, only its Argon2id hash stored. The user and credential rows are written by
 * the accounts module's own insertUserWithCredential, the hash by platform/auth's hashPassword (no
 * second hashing path).
 */

/**
 * A new password (8 characters of the alphabet in docs/back-office-people.md "Rules") and its
 * Argon2id hash.
 */
export async function newGeneratedCredential(): Promise<{
  password: string;
  passwordHash: string;
}> {
  const password = generatePassword((max) => randomInt(max));
  return { password, passwordHash: await hashPassword(password) };
}

/**
 * Refuses an email or mobile number another account or customer already uses (409 with the
 * taken field or fields). `exceptUserId`: the account being edited.
 * @throws AppError CONFLICT 'This email address is already being used' /
 *   'This mobile number is already being used'.
 */
export async function assertAccountFree(
  db: Db | Tx,
  input: { email: string; mobile: string; exceptUserId?: string },
): Promise<void> {
  const taken = await findTaken(db, input);
  const fields: Record<string, string> = {};
  if (taken.email) fields.email = ACCOUNT_MESSAGES.emailTaken;
  if (taken.mobile) fields.mobile = ACCOUNT_MESSAGES.mobileTaken;
  const first = fields.email ?? fields.mobile;
  if (first) throw new AppError('CONFLICT', first, fields);
}

/**
 * Rewrites a unique violation (two requests taking the same email or mobile at once) as the 409
 * of assertAccountFree; rethrows anything else.
 */
export function conflictFromUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error)) {
    const text = String(
      (error as { cause?: { detail?: string; constraint?: string } }).cause?.detail ??
        (error as { detail?: string }).detail ??
        error,
    );
    const field = text.includes('mobile') ? 'mobile' : 'email';
    const message = field === 'mobile' ? ACCOUNT_MESSAGES.mobileTaken : ACCOUNT_MESSAGES.emailTaken;
    throw new AppError('CONFLICT', message, { [field]: message });
  }
  throw error;
}

/** Inserts the account (verified email: an admin created it) with its credential. In a transaction. */
export async function insertGeneratedAccount(
  tx: Tx,
  user: Omit<NewUser, 'id' | 'emailVerified'>,
  passwordHash: string,
): Promise<string> {
  const id = crypto.randomUUID();
  await insertUserWithCredential(tx, { user: { ...user, id, emailVerified: true }, passwordHash });
  return id;
}

/**
 * Mails the generated password to the new account, after the transaction committed (no network
 * call inside it). A mail server failure leaves the message in the outbox for the retry loop and
 * does not fail the request: the admin has the password on screen.
 */
export async function mailGeneratedPassword(
  mailer: Mailer,
  input: { to: string; name: string; role: Role; password: string; publicUrl: string },
): Promise<void> {
  const loginUrl = `${input.publicUrl.replace(/\/$/, '')}${ROLE_AREAS[input.role].loginPath}`;
  try {
    await mailer.send({
      to: input.to,
      subject: 'Your Bazaar account',
      sensitive: true,
      text:
        `Namaste ${input.name},\n\nAn account has been created for you at Bazaar.\n\n` +
        `Log in at ${loginUrl} with\nEmail: ${input.to}\nPassword: ${input.password}\n\n` +
        'Please change the password after your first login.',
    });
  } catch (error) {
    if (!(error instanceof MailNotSentError)) throw error;
  }
}
