import { APIError } from 'better-auth/api';
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

/**
 * Emails a password-reset link (every role; never a stored password, docs/accounts.md). The
 * answer does not say whether the account exists.
 */
export async function forgotPassword(
  ctx: AccountsContext,
  input: { email: string; captchaId: string; captchaCode: string },
) {
  const { db, auth } = ctx;
  await requireCaptcha(
    ctx,
    input.captchaId,
    input.captchaCode,
    ACCOUNT_MESSAGES.loginCaptchaInvalid,
  );
  const user = await repo.findUserByEmail(db, input.email);
  if (user && !user.disabledAt) {
    try {
      await auth.api.requestPasswordReset({ body: { email: user.email } });
    } catch (error) {
      if (!(error instanceof MailNotSentError)) throw error;
    }
  }
  return { message: ACCOUNT_MESSAGES.resetLinkSent };
}

/**
 * Sets a new password from a reset link's token; every session of the account ends.
 * @throws AppError 400 for an invalid or expired token.
 */
export async function resetPassword(
  ctx: AccountsContext,
  input: { token: string; password: string },
) {
  const { auth } = ctx;
  await assertPasswordNotGuessable(input.password, [], 'password');
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    if (error instanceof APIError) {
      throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.resetLinkInvalid);
    }
    throw error;
  }
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
 * Changes the password after checking the current one; every other session ends and this
 * browser gets a fresh session cookie.
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
  return {
    result: { message: ACCOUNT_MESSAGES.passwordChanged },
    setCookies: setCookiesOf(answer),
  };
}
