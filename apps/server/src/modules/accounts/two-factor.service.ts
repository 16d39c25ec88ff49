import { APIError } from 'better-auth/api';
import {
  ACCOUNT_MESSAGES,
  TWO_FACTOR_MESSAGES,
  isTwoFactorRole,
  type RecoveryCodes,
  type Role,
  type SecuritySettings,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { TWO_FACTOR_ISSUER, type Auth } from '../../platform/auth.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './accounts.repo.js';
import type { WithCookies } from './account-context.js';

export interface TwoFactorServiceDeps {
  db: Db;
  auth: Auth;
  /**
   * The accounts service's re-authentication, which counts failures towards the lock-out.
   * @throws AppError 400 'Password not verified' (`fields.password`), 429 when locked out.
   */
  requireCurrentPassword(user: AuthUser, password: string): Promise<void>;
}

/** The `code` of a better-auth APIError's body, if any. */
function apiErrorCode(error: unknown): string | undefined {
  return error instanceof APIError
    ? (error.body as { code?: string } | undefined)?.code
    : undefined;
}

/**
 * Rewrites the two-factor plugin's refusals of a code as our errors (the spec-style messages
 * of TWO_FACTOR_MESSAGES); anything else is rethrown.
 * @throws AppError 422 wrong code, 401 pending sign-in expired, 429 too many tries or locked,
 *   403 disabled account.
 */
export function twoFactorCodeError(error: unknown): never {
  const code = apiErrorCode(error);
  switch (code) {
    case 'INVALID_CODE':
      throw refusal('TWO_FACTOR_CODE_INVALID', TWO_FACTOR_MESSAGES.codeInvalid, {
        code: TWO_FACTOR_MESSAGES.codeInvalid,
      });
    case 'INVALID_BACKUP_CODE':
      throw refusal('TWO_FACTOR_CODE_INVALID', TWO_FACTOR_MESSAGES.recoveryCodeInvalid, {
        code: TWO_FACTOR_MESSAGES.recoveryCodeInvalid,
      });
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      throw new AppError('UNAUTHENTICATED', TWO_FACTOR_MESSAGES.challengeExpired);
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      throw new AppError('RATE_LIMITED', TWO_FACTOR_MESSAGES.tooManyTries);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      throw new AppError('RATE_LIMITED', TWO_FACTOR_MESSAGES.locked);
    case 'ACCOUNT_DISABLED':
      throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.accountDisabled);
    default:
      throw error;
  }
}

/** The base32 secret inside an `otpauth://totp/...?secret=...` URI. */
function secretOf(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get('secret');
  if (!secret) throw new Error('The two-factor plugin returned a URI without a secret');
  return secret;
}

/**
 * Two-step sign-in of one's own account and the admin's staff policy (docs/accounts.md "Two-step
 * sign-in"). better-auth's two-factor plugin keeps the TOTP secret and the recovery codes
 * (encrypted with the auth secret) and checks the codes; this service asks for the password first
 * (failures count towards the lock-out), keeps the policy, and turns the plugin's refusals into our
 * errors.
 */
export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  const { db, auth } = deps;

  const requirePassword = deps.requireCurrentPassword;

  function requireEnabled(user: AuthUser): void {
    if (!user.twoFactorEnabled) throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.notEnabled);
  }

  return {
    /**
     * `GET /api/account/two-factor`: whether it is on, whether the admin requires it, and how
     * many recovery codes are left (when on).
     */
    async status(user: AuthUser): Promise<TwoFactorStatus> {
      const requiredByPolicy =
        isTwoFactorRole(user.role) && (await repo.findRequireStaffTwoFactor(db));
      if (!user.twoFactorEnabled) return { enabled: false, requiredByPolicy };
      const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId: user.id } });
      return { enabled: true, requiredByPolicy, recoveryCodesLeft: backupCodes.length };
    },

    /**
     * Starts the setup: a new TOTP secret and ten recovery codes (shown this once). Two-step
     * sign-in is not on until `confirm` gets a code from the app; starting again replaces both.
     * @throws AppError 400 wrong password, 409 already on, 429 locked out.
     */
    async setup(user: AuthUser, password: string, headers: Headers): Promise<TwoFactorSetup> {
      if (user.twoFactorEnabled) {
        throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyEnabled);
      }
      await requirePassword(user, password);
      const answer = await auth.api.enableTwoFactor({
        body: { password, issuer: TWO_FACTOR_ISSUER },
        headers,
      });
      if (!('totpURI' in answer) || !answer.totpURI) {
        throw new Error('The two-factor plugin did not return a TOTP URI');
      }
      return {
        totpUri: answer.totpURI,
        secret: secretOf(answer.totpURI),
        recoveryCodes: answer.backupCodes ?? [],
      };
    },

    /**
     * Turns two-step sign-in on with the first code from the app. The plugin replaces the
     * session (new cookie), so the Set-Cookie lines go back to the browser.
     * @throws AppError 409 already on, 422 no setup started or wrong code (`fields.code`).
     */
    async confirm(
      user: AuthUser,
      code: string,
      headers: Headers,
    ): Promise<WithCookies<{ message: string }>> {
      if (user.twoFactorEnabled) {
        throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.alreadyEnabled);
      }
      if (!(await repo.findTwoFactorState(db, user.id))) {
        throw new AppError('BUSINESS_RULE', TWO_FACTOR_MESSAGES.setupFirst);
      }
      try {
        const { headers: answer } = await auth.api.verifyTOTP({
          body: { code },
          headers,
          returnHeaders: true,
        });
        return {
          result: { message: TWO_FACTOR_MESSAGES.enabled },
          setCookies: answer.getSetCookie(),
        };
      } catch (error) {
        twoFactorCodeError(error);
      }
    },

    /**
     * Turns two-step sign-in off after the password; refused while the admin requires it for
     * staff. The secret and recovery codes are deleted; the session is replaced (new cookie).
     * @throws AppError 403 required by the policy, 409 not on, 400 wrong password, 429 locked out.
     */
    async disable(
      user: AuthUser,
      password: string,
      headers: Headers,
    ): Promise<WithCookies<{ message: string }>> {
      if (isTwoFactorRole(user.role) && (await repo.findRequireStaffTwoFactor(db))) {
        throw new AppError('FORBIDDEN', TWO_FACTOR_MESSAGES.requiredByPolicy);
      }
      requireEnabled(user);
      await requirePassword(user, password);
      const { headers: answer } = await auth.api.disableTwoFactor({
        body: { password },
        headers,
        returnHeaders: true,
      });
      return {
        result: { message: TWO_FACTOR_MESSAGES.disabled },
        setCookies: answer.getSetCookie(),
      };
    },

    /**
     * A new set of ten recovery codes after the password; the old ones stop working.
     * @throws AppError 409 not on, 400 wrong password, 429 locked out.
     */
    async renewRecoveryCodes(
      user: AuthUser,
      password: string,
      headers: Headers,
    ): Promise<RecoveryCodes> {
      requireEnabled(user);
      await requirePassword(user, password);
      const { backupCodes } = await auth.api.generateBackupCodes({ body: { password }, headers });
      return { recoveryCodes: backupCodes };
    },

    /**
     * The admin's reset of a lost second factor (ASVS 6.4.4; docs/accounts.md "Two-step
     * sign-in"): after identifying the person as at enrolment, the admin turns two-step sign-in
     * off for a staff account; its secret, recovery codes and sessions go, audited in the same
     * transaction. An admin cannot reset their own: another admin must.
     * @throws AppError 404 unknown or non-staff account, 409 not on, 422 own account.
     */
    async resetForUser(admin: AuthUser, userId: string): Promise<{ message: string }> {
      if (userId === admin.id) {
        throw new AppError('BUSINESS_RULE', TWO_FACTOR_MESSAGES.resetOwnAccount);
      }
      const target = await repo.findUserById(db, userId);
      if (!target || !isTwoFactorRole(target.role as Role)) {
        throw new AppError('NOT_FOUND', TWO_FACTOR_MESSAGES.accountNotFound);
      }
      await db.transaction(async (tx) => {
        if (!(await repo.resetTwoFactor(tx, userId))) {
          throw new AppError('CONFLICT', TWO_FACTOR_MESSAGES.notEnabled);
        }
        await recordAudit(tx, {
          actor: admin,
          entity: 'security_setting',
          entityId: `two_factor:${userId}`,
          action: 'update',
          before: { twoFactorEnabled: true, email: target.email },
          after: { twoFactorEnabled: false, email: target.email },
        });
      });
      return { message: TWO_FACTOR_MESSAGES.resetDone };
    },

    /** `GET /api/admin/security-settings`. */
    async securitySettings(): Promise<SecuritySettings> {
      return { requireStaffTwoFactor: await repo.findRequireStaffTwoFactor(db) };
    },

    /**
     * Requires (or stops requiring) two-step sign-in for every admin, seller and support admin,
     * audited in the same transaction. The admin must have it on first, so the one who turns
     * the policy on has proved the setup works.
     * @throws AppError 422 when turning it on without it on one's own account.
     */
    async saveSecuritySettings(
      actor: AuthUser,
      settings: SecuritySettings,
    ): Promise<SecuritySettings> {
      if (settings.requireStaffTwoFactor && !actor.twoFactorEnabled) {
        throw new AppError('BUSINESS_RULE', TWO_FACTOR_MESSAGES.ownAccountFirst);
      }
      await db.transaction(async (tx) => {
        const before = await repo.findRequireStaffTwoFactor(tx);
        if (before === settings.requireStaffTwoFactor) return;
        await repo.saveRequireStaffTwoFactor(tx, settings.requireStaffTwoFactor);
        await recordAudit(tx, {
          actor,
          entity: 'security_setting',
          entityId: 'require_staff_two_factor',
          action: 'update',
          before: { requireStaffTwoFactor: before },
          after: { requireStaffTwoFactor: settings.requireStaffTwoFactor },
        });
      });
      return { requireStaffTwoFactor: settings.requireStaffTwoFactor };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
