import { randomBytes } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { generateRandomString } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, ROLES } from '@bazaar/shared';
import type { Db } from '../db/client.js';
import { SESSION_REFRESH_SECONDS } from './session-policy.js';
import {
  APP_META_KEYS,
  appMeta,
  authAccounts,
  sessions,
  twoFactors,
  users,
  verifications,
} from '../db/schema/index.js';

/** What the auth layer needs from the rest of the app. */
export interface AuthOptions {
  db: Db;
  /** Signs session cookies and tokens; at least 32 characters. */
  secret: string;
  /** The site's public origin (`PUBLIC_URL`), used in emailed links and cookie scope. */
  publicUrl: string;
  /** Secure cookies (production). */
  secureCookies: boolean;
  /** Sends the email-verification link (`url` is our web page with the token). */
  sendVerificationEmail(input: { email: string; name: string; url: string }): Promise<void>;
  /** Sends the password-reset link. */
  sendPasswordResetEmail(input: { email: string; name: string; url: string }): Promise<void>;
}

/**
 * Session lifetime in seconds (7 days) from its last refresh; role limits on top:
 * platform/session-policy.ts.
 */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The cookie prefix: the session cookie is `bazaar.session_token`. */
export const COOKIE_PREFIX = 'bazaar';

/**
 * How long the second step of a sign-in may wait for its code (seconds): the two-factor plugin's
 * signed `bazaar.two_factor` cookie and its pending row live this long.
 */
export const TWO_FACTOR_PENDING_SECONDS = 5 * 60;

/** Wrong codes allowed in a row per account before two-step sign-in locks (the plugin's lock). */
export const TWO_FACTOR_MAX_FAILURES = 10;

/** How long that lock lasts (seconds). */
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;

/** The issuer the authenticator app shows next to the account's email. */
export const TWO_FACTOR_ISSUER = 'Bazaar';

/**
 * Ten recovery codes of 20 letters and digits from a cryptographic source (119 bits each, shown
 * as four groups of five): above ASVS 6.5.2's 112 bits, below which stored lookup secrets would
 * have to be hashed (the plugin keeps them encrypted, since it compares them in clear).
 */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () =>
    generateRandomString(20, 'a-z', 'A-Z', '0-9').replace(/(.{5})(?=.)/g, '$1-'),
  );
}

/**
 * Production cookie names (docs/security.md): the `__Host-` prefix makes the
 * browser refuse the cookie unless it is Secure, has Path=/ and no Domain, so no sibling host or
 * plain-http page can set or overwrite the session: `__Host-bazaar.session_token`.
 */
export const HOST_PREFIXED_COOKIES = Object.fromEntries(
  [
    'session_token',
    'session_data',
    'account_data',
    'dont_remember',
    'two_factor',
    'trust_device',
  ].map((name) => [name, { name: `__Host-${COOKIE_PREFIX}.${name}` }]),
);

/**
 * Hashes a password with Argon2id at the OWASP minimum (m=19456 KiB, t=2, p=1); used by
 * better-auth for every credential and by registration, which writes its rows in our own
 * transaction.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

/** Checks a password against an Argon2 hash; false for a malformed hash. */
export async function verifyPassword(input: { hash: string; password: string }): Promise<boolean> {
  try {
    return await argon2Verify(input.hash, input.password);
  } catch {
    return false;
  }
}

/**
 * better-auth over our Drizzle tables (docs/platform.md): database sessions in an httpOnly,
 * SameSite=Lax cookie (Secure in production), Argon2id hashes, email verification required
 * before sign-in, password reset by emailed link that ends every other session. Our routes call
 * `auth.api.*` (never the library's own HTTP handler), so every endpoint keeps our validation,
 * captcha, error format, OpenAPI entry and access declaration.
 */
export function createAuth(options: AuthOptions) {
  const webUrl = (page: string, token: string) =>
    `${options.publicUrl.replace(/\/$/, '')}/${page}?token=${encodeURIComponent(token)}`;
  return betterAuth({
    appName: 'Bazaar',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    plugins: [
      // Two-step sign-in for staff (docs/accounts.md): TOTP secrets and recovery
      // codes encrypted with the auth secret; a sign-in with it on gets no session, only a signed
      // pending cookie, until a code is verified (5 tries a sign-in, 10 in a row an account).
      twoFactor({
        issuer: TWO_FACTOR_ISSUER,
        twoFactorCookieMaxAge: TWO_FACTOR_PENDING_SECONDS,
        accountLockout: {
          enabled: true,
          maxFailedAttempts: TWO_FACTOR_MAX_FAILURES,
          durationSeconds: TWO_FACTOR_LOCK_SECONDS,
        },
        backupCodeOptions: {
          storeBackupCodes: 'encrypted',
          customBackupCodesGenerate: generateRecoveryCodes,
        },
      }),
    ],
    user: {
      additionalFields: {
        // input: false: the library never takes these from a client.
        role: { type: [...ROLES], required: true, input: false },
        mobile: { type: 'string', required: false, input: false },
        shopId: { type: 'number', required: false, input: false },
        disabledAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      // Refreshed every 15 minutes of use, so the role limits of platform/session-policy.ts
      // can tell an idle session from a busy one.
      updateAge: SESSION_REFRESH_SECONDS,
    },
    emailAndPassword: {
      enabled: true,
      // Registration writes users in our own transaction (modules/accounts); the library's
      // sign-up endpoint is never exposed.
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await options.sendPasswordResetEmail({
          email: user.email,
          name: user.name,
          url: webUrl('ResetPassword', token),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, token }) => {
        await options.sendVerificationEmail({
          email: user.email,
          name: user.name,
          url: webUrl('VerifyEmail', token),
        });
      },
    },
    databaseHooks: {
      session: {
        create: {
          // No session for a disabled account, however it signs in.
          before: async (session) => {
            const [user] = await options.db
              .select({ disabledAt: users.disabledAt })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user?.disabledAt) {
              throw new APIError('FORBIDDEN', {
                message: ACCOUNT_MESSAGES.accountDisabled,
                code: 'ACCOUNT_DISABLED',
              });
            }
          },
        },
      },
    },
    logger: { disabled: true },
    // Limits are ours (platform/abuse.ts): the library's limiter only guards its own handler.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      // Production names every cookie `__Host-bazaar.*` itself (docs/security.md), so the
      // library's own `__Secure-` prefix stays off.
      useSecureCookies: false,
      ...(options.secureCookies ? { cookies: HOST_PREFIXED_COOKIES } : {}),
      defaultCookieAttributes: {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secureCookies,
        path: '/',
      },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The session-signing secret: `AUTH_SECRET` when set, else a random 256-bit secret created once
 * and kept in `app_meta`, so every instance on the same database agrees without configuration.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const fresh = randomBytes(32).toString('base64url');
  await db
    .insert(appMeta)
    .values({ key: APP_META_KEYS.authSecret, value: fresh })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, APP_META_KEYS.authSecret));
  return String(row!.value);
}
