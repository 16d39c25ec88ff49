import { APIError } from 'better-auth/api';
import { generateRandomString } from 'better-auth/crypto';
import {
  ACCOUNT_MESSAGES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
} from '@bazaar/shared';
import { verifyPassword } from '../../platform/auth.js';
import { assertPasswordNotGuessable } from '../../platform/password-policy.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { MailNotSentError } from '../../platform/mail.js';
import * as repo from './accounts.repo.js';
import { passwordResetMail } from './account-mails.js';
import * as resetTokens from './reset-tokens.repo.js';
import {
  type AccountsContext,
  type WithCookies,
  setCookiesOf,
  requireCaptcha,
} from './account-context.js';

/*
 * Passwords (docs/accounts.md): the reset link, checking the current password (with the
 * sign-in lock-out) before a sensitive change, and changing it.
 */

/** Seconds between two reset mails to one account, unless configured (docs/security.md). */
export const PASSWORD_RESET_COOLDOWN_SECONDS = 60;

/** How long a reset link works (seconds); better-auth's `resetPasswordTokenExpiresIn` too. */
const RESET_TOKEN_SECONDS = 60 * 60;

/**
 * Emails a password-reset link (every role; never a stored password, docs/accounts.md). The
 * answer does not say whether the account exists, by its words or by its time: after the
 * captcha, the work for an account (the token, the mail) runs once the answer is on its way, so
 * an existing email and an unknown one answer alike (docs/security.md).
 * @throws AppError 400 for a wrong captcha (the only refusal).
 */
export async function forgotPassword(
  ctx: AccountsContext,
  input: { email: string; captchaId: string; captchaCode: string },
) {
  await requireCaptcha(
    ctx,
    input.captchaId,
    input.captchaCode,
    ACCOUNT_MESSAGES.loginCaptchaInvalid,
  );
  setImmediate(() => {
    sendResetLink(ctx, input.email).catch((error: unknown) => {
      ctx.log?.error({ err: error }, 'password reset link not sent');
    });
  });
  return { message: ACCOUNT_MESSAGES.resetLinkSent };
}

/**
 * Makes a reset token for the account of `email` and mails its link, unless there is no such
 * enabled account or one was made within the cool-down (at most one mail a minute per account;
 * `passwordResetCooldownSeconds`). The new token retires every earlier one: only the newest link
 * works. One transaction, the user's row locked, so two requests at once send one mail; the
 * mail goes after the commit (a mail-server failure leaves it in the outbox for a retry).
 */
async function sendResetLink(ctx: AccountsContext, email: string): Promise<void> {
  const { db, mailer } = ctx;
  const user = await repo.findUserByEmail(db, email);
  if (!user || user.disabledAt) return;
  const cooldownSeconds = ctx.passwordResetCooldownSeconds ?? PASSWORD_RESET_COOLDOWN_SECONDS;
  // better-auth's token alphabet and more than its 24 characters (190 bits).
  const token = generateRandomString(32, 'a-z', 'A-Z', '0-9');
  const issued = await db.transaction(async (tx) => {
    await resetTokens.lockUser(tx, user.id);
    if (cooldownSeconds > 0 && (await resetTokens.hasResetTokenSince(tx, user.id, cooldownSeconds)))
      return false;
    await resetTokens.deleteResetTokens(tx, user.id);
    await resetTokens.insertResetToken(tx, {
      userId: user.id,
      token,
      expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
    });
    return true;
  });
  if (!issued) return;
  try {
    await mailer.send(
      passwordResetMail({
        email: user.email,
        name: user.name,
        url: `${ctx.publicUrl.replace(/\/$/, '')}/ResetPassword?token=${encodeURIComponent(token)}`,
      }),
    );
  } catch (error) {
    if (!(error instanceof MailNotSentError)) throw error;
  }
}

/**
 * Sets a new password from a reset link's token; every session of the account ends, and every
 * other reset link of the account stops working.
 * @throws AppError 400 for an invalid or expired token.
 */
export async function resetPassword(
  ctx: AccountsContext,
  input: { token: string; password: string },
) {
  const { auth, db } = ctx;
  await assertPasswordNotGuessable(input.password, [], 'password');
  const userId = await resetTokens.findResetTokenUser(db, input.token);
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) {
      throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.resetLinkInvalid);
    }
    throw error;
  }
  // better-auth consumes only the token used; a link mailed earlier must not set it again.
  if (userId !== undefined) await resetTokens.deleteResetTokens(db, userId);
  return { message: ACCOUNT_MESSAGES.passwordReset };
}

/**
 * Checks the signed-in user's current password (the first step of Change password,
 * docs/accounts.md "Registration, sign-in and profiles"). Failures count towards the lock-out like
 * sign-ins.
 */
export async function verifyCurrentPassword(
  ctx: AccountsContext,
  user: AuthUser,
  password: string,
) {
  const { db } = ctx;
  const key = `user:${user.id}`;
  const failures = await repo.findLoginFailures(db, key);
  if (failures?.lockedUntil && failures.lockedUntil > new Date()) {
    throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.locked);
  }
  const hash = await repo.findPasswordHash(db, user.id);
  const verified = hash !== null && (await verifyPassword({ hash, password }));
  if (verified) {
    await repo.clearLoginFailures(db, key);
  } else {
    await repo.recordLoginFailure(db, key, {
      windowSeconds: LOGIN_FAILURE_WINDOW_SECONDS,
      maxFailures: LOGIN_MAX_FAILURES,
      lockSeconds: LOGIN_LOCK_SECONDS,
    });
  }
  return {
    verified,
    message: verified ? ACCOUNT_MESSAGES.passwordVerified : ACCOUNT_MESSAGES.passwordNotVerified,
  };
}

/**
 * Re-authentication before a sensitive change (ASVS 7.5.2): the signed-in user's current
 * password, with the lock-out of verifyCurrentPassword. One check for every such change
 * (password, sessions, two-step sign-in).
 * @throws AppError 400 VALIDATION_FAILED 'Password not verified' on `field` (default
 *   `password`); 429 RATE_LIMITED while the account is locked.
 */
export async function requireCurrentPassword(
  ctx: AccountsContext,
  user: AuthUser,
  password: string,
  field = 'password',
): Promise<void> {
  const check = await verifyCurrentPassword(ctx, user, password);
  if (!check.verified) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.passwordNotVerified, {
      [field]: ACCOUNT_MESSAGES.passwordNotVerified,
    });
  }
}

/**
 * Changes the password after checking the current one; every other session ends, every
 * outstanding reset link stops working, and this browser gets a fresh session cookie.
 * @throws AppError 400 'Password not verified' (currentPassword).
 */
export async function changePassword(
  ctx: AccountsContext,
  user: AuthUser,
  input: { currentPassword: string; newPassword: string },
  headers: Headers,
): Promise<WithCookies<{ message: string }>> {
  const { auth } = ctx;
  await requireCurrentPassword(ctx, user, input.currentPassword, 'currentPassword');
  await assertPasswordNotGuessable(input.newPassword, [user.name, user.email], 'newPassword');
  const { headers: answer } = await auth.api.changePassword({
    body: {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      revokeOtherSessions: true,
    },
    headers,
    returnHeaders: true,
  });
  // A reset link asked for before the change would undo it.
  await resetTokens.deleteResetTokens(ctx.db, user.id);
  return {
    result: { message: ACCOUNT_MESSAGES.passwordChanged },
    setCookies: setCookiesOf(answer),
  };
}
