import { APIError } from 'better-auth/api';
import {
  ACCOUNT_MESSAGES,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  type LoginResponse,
  type Role,
  type SessionUser,
  TWO_FACTOR_MESSAGES,
} from '@bazaar/shared';
import { verifyPassword } from '../../platform/auth.js';
import { sessionOutlived } from '../../platform/session-policy.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './accounts.repo.js';
import { twoFactorCodeError } from './two-factor.service.js';
import {
  type AccountsContext,
  type WithCookies,
  type TwoFactorLoginInput,
  sha256,
  setCookiesOf,
  twoFactorSetupRequired,
  signedInView,
  requireCaptcha,
} from './account-context.js';

/*
 * Signing in and out (docs/accounts.md; docs/decisions/0008-login-paths.md): the password step
 * at each area's login, the second step of two-step sign-in, sign-out, and the session user of a
 * request's cookie.
 */

/**
 * How long a used authenticator code is remembered (ms): the plugin accepts a code from one
 * 30-second step before to one after the current one, so a code is valid for at most 90 s.
 */
const USED_CODE_MEMORY_MS = 120_000;

/**
 * The key of an account's sign-in failures in `login_failures`: one count per account, whichever
 * identifier (email or mobile) was typed. `account:` cannot collide with a typed identifier, which
 * is an email (has `@`) or 10 digits.
 */
function loginFailureKeyOf(userId: string): string {
  return `account:${userId}`;
}

/** The pending two-factor cookie's identifier (the signed `bazaar.two_factor` value), if any. */
function pendingTwoFactorIdentifier(headers: Headers): string | undefined {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'bazaar.two_factor' || name === '__Host-bazaar.two_factor') {
      const value = decodeURIComponent(rest.join('='));
      return value.slice(0, value.lastIndexOf('.')) || undefined;
    }
  }
  return undefined;
}

/**
 * The request's headers without the session cookie: the second sign-in step must be judged by
 * its pending two-factor cookie alone, never by a session the browser still carries.
 */
function withoutSessionCookie(headers: Headers): Headers {
  const copy = new Headers(headers);
  const cookie = headers.get('cookie');
  if (cookie) {
    const kept = cookie
      .split(';')
      .map((part) => part.trim())
      .filter((part) => !/^(__Host-)?[^=]*\.session_(token|data)=/.test(part));
    copy.set('cookie', kept.join('; '));
  }
  return copy;
}

/** The mark of an authenticator code used by the account of the pending sign-in, or null. */
export async function usedCodeMarker(
  ctx: AccountsContext,
  headers: Headers,
  code: string,
): Promise<string | null> {
  const { db } = ctx;
  const identifier = pendingTwoFactorIdentifier(headers);
  const userId = identifier && (await repo.findVerificationValue(db, identifier));
  return userId ? `totp-used:${userId}:${sha256(`${userId}:${code}`)}` : null;
}

/** The session the browser already carries (its cookie), or null. */
export async function existingSessionId(
  ctx: AccountsContext,
  headers: Headers,
): Promise<string | null> {
  const { auth } = ctx;
  if (!headers.get('cookie')) return null;
  const session = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  return session?.session.id ?? null;
}

/**
 * Signs in at one area's login screen (docs/decisions/0008-login-paths.md). The identifier is an
 * email or a 10-digit mobile number. A user of another role gets the same answer as a wrong
 * password. A session the browser already had is deleted on the server once the password is right
 * (ASVS 7.2.4: a sign-in never leaves the earlier session usable). With two-step sign-in on, the
 * answer is `{ twoFactorRequired: true }` with the plugin's pending cookie and no session;
 * `loginTwoFactor` finishes it.
 * Wrong passwords count per account (email and mobile together), or per identifier when no
 * account has it: LOGIN_MAX_FAILURES within LOGIN_FAILURE_WINDOW_SECONDS lock it for
 * LOGIN_LOCK_SECONDS, even for the right password.
 * @returns the session user (or the two-factor request) and the Set-Cookie lines.
 * @throws AppError 400 'Please Enter Valid Captcha Code !!' (captchaCode), 429 while the
 *   account (or an unknown identifier) is locked, 401 'Email or Password Invalid !!', 403 for
 *   an unverified email or a disabled account.
 */
export async function login(
  ctx: AccountsContext,
  input: {
    area: Role;
    identifier: string;
    password: string;
    captchaId: string;
    captchaCode: string;
  },
  headers: Headers,
): Promise<WithCookies<LoginResponse>> {
  const { db, auth } = ctx;
  await requireCaptcha(
    ctx,
    input.captchaId,
    input.captchaCode,
    ACCOUNT_MESSAGES.loginCaptchaInvalid,
  );
  const identifier = input.identifier.trim().toLowerCase();
  const user = /^\d{10}$/.test(identifier)
    ? await repo.findUserByMobile(db, identifier)
    : await repo.findUserByEmail(db, identifier);
  // Failures count per account, so the email and the mobile number share one lock-out; an
  // identifier no account has is counted as typed (docs/security.md "Sign-in lock-out").
  const failureKey = user ? loginFailureKeyOf(user.id) : identifier;
  const failures = await repo.findLoginFailures(db, failureKey);
  if (failures?.lockedUntil && failures.lockedUntil > new Date()) {
    throw new AppError('RATE_LIMITED', ACCOUNT_MESSAGES.locked);
  }
  const invalid = async (): Promise<never> => {
    await repo.recordLoginFailure(db, failureKey, {
      windowSeconds: LOGIN_FAILURE_WINDOW_SECONDS,
      maxFailures: LOGIN_MAX_FAILURES,
      lockSeconds: LOGIN_LOCK_SECONDS,
    });
    throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.loginInvalid);
  };

  if (!user || user.role !== input.area) {
    await verifyPassword({ hash: await ctx.dummyHash, password: input.password });
    return invalid();
  }
  const previousSessionId = await existingSessionId(ctx, headers);
  try {
    const { headers: answer, response } = await auth.api.signInEmail({
      body: { email: user.email, password: input.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
    await repo.clearLoginFailures(db, failureKey);
    if (previousSessionId) await repo.deleteSession(db, previousSessionId);
    // The two-factor plugin answers for the sign-in when the account has it on.
    if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
      return { result: { twoFactorRequired: true }, setCookies: setCookiesOf(answer) };
    }
    return {
      result: { user: await signedInView(ctx, response.user.id) },
      setCookies: setCookiesOf(answer),
    };
  } catch (error) {
    if (error instanceof APIError) {
      const code = (error.body as { code?: string } | undefined)?.code;
      if (code === 'EMAIL_NOT_VERIFIED') {
        throw new AppError('EMAIL_NOT_VERIFIED', ACCOUNT_MESSAGES.verifyEmailFirst);
      }
      if (code === 'ACCOUNT_DISABLED') {
        throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.accountDisabled);
      }
      if (error.statusCode === 401) return invalid();
    }
    throw error;
  }
}

/**
 * The second step of a sign-in with two-step sign-in on (`POST /api/auth/login/two-factor`):
 * the authenticator code (`totp`) or a recovery code (`recovery`, each works once) checked by
 * better-auth's two-factor plugin against the pending sign-in of the browser's signed cookie
 * (valid TWO_FACTOR_PENDING_SECONDS). 5 wrong codes end that pending sign-in; 10 in a row
 * lock the account's two-step sign-in for 15 minutes.
 * @returns the session user and the Set-Cookie lines of the new session.
 * @throws AppError 422 wrong code (`fields.code`), 401 no or expired pending sign-in, 429
 *   too many wrong codes or locked, 403 disabled account.
 */
export async function loginTwoFactor(
  ctx: AccountsContext,
  input: TwoFactorLoginInput,
  headers: Headers,
): Promise<WithCookies<{ user: SessionUser }>> {
  const { db, auth } = ctx;
  const previousSessionId = await existingSessionId(ctx, headers);
  const pendingOnly = withoutSessionCookie(headers);
  // ASVS 6.5.1: an authenticator code signs in once. The library accepts a code again
  // within its 90 s, so the used codes of each account are remembered that long.
  const usedCode = input.method === 'totp' ? await usedCodeMarker(ctx, headers, input.code) : null;
  if (usedCode && (await repo.countLiveMarkers(db, usedCode)) > 0) {
    throw new AppError('BUSINESS_RULE', TWO_FACTOR_MESSAGES.codeReused, {
      code: TWO_FACTOR_MESSAGES.codeReused,
    });
  }
  try {
    const { headers: answer, response } =
      input.method === 'totp'
        ? await auth.api.verifyTOTP({
            body: { code: input.code },
            headers: pendingOnly,
            returnHeaders: true,
          })
        : await auth.api.verifyBackupCode({
            body: { code: input.code },
            headers: pendingOnly,
            returnHeaders: true,
          });
    if (usedCode) {
      await repo.insertMarker(db, usedCode, new Date(Date.now() + USED_CODE_MEMORY_MS));
      // Two sign-ins with one code at the same moment both see two marks: neither stays.
      if ((await repo.countLiveMarkers(db, usedCode)) > 1) {
        if (response.token) await repo.deleteSessionByToken(db, response.token);
        throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.codeReused);
      }
    }
    if (previousSessionId) await repo.deleteSession(db, previousSessionId);
    return {
      result: { user: await signedInView(ctx, response.user.id) },
      setCookies: setCookiesOf(answer),
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    twoFactorCodeError(error);
  }
}

/**
 * Ends the session of the request's cookie on the server and clears the cookie.
 * @returns the Set-Cookie lines that clear it (also when there was no session).
 */
export async function logout(ctx: AccountsContext, headers: Headers): Promise<string[]> {
  const { auth } = ctx;
  try {
    const { headers: answer } = await auth.api.signOut({ headers, returnHeaders: true });
    return setCookiesOf(answer);
  } catch {
    return [];
  }
}

/** The session user of a request's cookie, or null (disabled accounts count as signed out). */
export async function resolveSession(
  ctx: AccountsContext,
  headers: Headers,
): Promise<AuthUser | null> {
  const { db, auth } = ctx;
  if (!headers.get('cookie')) return null;
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & {
    role: Role;
    mobile?: string | null;
    shopId?: number | null;
    disabledAt?: Date | null;
    twoFactorEnabled?: boolean | null;
  };
  if (user.disabledAt) return null;
  if (sessionOutlived(user.role, session.session)) {
    // Past its role's idle or absolute limit (platform/session-policy.ts): ended for good.
    await repo.deleteSession(db, session.session.id);
    return null;
  }
  const twoFactorEnabled = user.twoFactorEnabled === true;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    mobile: user.mobile ?? null,
    shopId: user.shopId ?? null,
    sessionId: session.session.id,
    twoFactorEnabled,
    twoFactorSetupRequired: await twoFactorSetupRequired(ctx, user.role, twoFactorEnabled),
  };
}
