import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { MessageResponseSchema, SessionUserSchema } from '../schemas/accounts.js';
import { UserSessionsParamsSchema } from '../schemas/sessions.js';
import {
  RecoveryCodesSchema,
  SecuritySettingsSchema,
  TwoFactorConfirmSchema,
  TwoFactorLoginSchema,
  TwoFactorPasswordSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../schemas/two-factor.js';

/**
 * Two-step sign-in (docs/accounts.md "Two-step sign-in"): the second step of a sign-in, the
 * staff's own setup (status, setup, confirm, disable, new recovery codes) and the admin's
 * "require it for all staff" setting. The code and password endpoints are rate-limited per
 * address (429).
 */

/** The errors of a code or password form. */
const CODE_ERRORS = [400, 401, 403, 409, 422, 429] as const;

/** A finished sign-in: the signed-in user. */
const SignedInSchema = z.object({ user: SessionUserSchema });

/**
 * Finishes a sign-in with `{ method: 'totp' | 'recovery', code }` (public; the pending sign-in is
 * the signed `bazaar.two_factor` cookie that `accountsApi.login` set, valid 5 minutes). 200
 * `{ user }` with the session cookie; 422 TWO_FACTOR_CODE_INVALID; 401 no or expired pending
 * sign-in; 429 after 5 wrong codes (sign in again) or 10 in a row (locked 15 minutes); 403
 * disabled account.
 */
export const loginTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login/two-factor',
  tag: 'accounts',
  summary: 'Finish a sign-in with an authenticator or recovery code',
  body: TwoFactorLoginSchema,
  responses: { 200: SignedInSchema },
  errors: CODE_ERRORS,
});

/** Staff: `{ enabled, requiredByPolicy, recoveryCodesLeft? }`; never cached. */
export const getTwoFactorStatus = defineEndpoint({
  method: 'GET',
  path: '/api/account/two-factor',
  tag: 'accounts',
  summary: 'My two-step sign-in: on or off, required or not, recovery codes left',
  responses: { 200: TwoFactorStatusSchema },
  errors: [401, 403],
});

/**
 * Staff, `{ password }`: a new key (`totpUri` for the QR code, `secret` as text) and ten recovery
 * codes, shown once; on only after `confirmTwoFactor`. 400 wrong password, 409 already on.
 */
export const setupTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/two-factor/setup',
  tag: 'accounts',
  summary: 'Start setting up two-step sign-in (new key and recovery codes)',
  body: TwoFactorPasswordSchema,
  responses: { 200: TwoFactorSetupSchema },
  errors: CODE_ERRORS,
});

/**
 * Staff, `{ code }`: the first 6-digit code from the app turns two-step sign-in on; the session
 * cookie is renewed. 422 TWO_FACTOR_CODE_INVALID, or no setup started; 409 already on.
 */
export const confirmTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/two-factor/confirm',
  tag: 'accounts',
  summary: 'Turn two-step sign-in on with the first code from the app',
  body: TwoFactorConfirmSchema,
  responses: { 200: MessageResponseSchema },
  errors: CODE_ERRORS,
});

/**
 * Staff, `{ password }`: turns it off. 403 while the admin requires it for staff, 400 wrong
 * password, 409 not on.
 */
export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/account/two-factor/disable',
  tag: 'accounts',
  summary: 'Turn two-step sign-in off',
  body: TwoFactorPasswordSchema,
  responses: { 200: MessageResponseSchema },
  errors: CODE_ERRORS,
});

/**
 * Staff, `{ password }`: ten new recovery codes, shown once; the old ones stop working. 400 wrong
 * password, 409 not on.
 */
export const renewRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/api/account/two-factor/recovery-codes',
  tag: 'accounts',
  summary: 'New recovery codes for two-step sign-in (the old ones stop working)',
  body: TwoFactorPasswordSchema,
  responses: { 200: RecoveryCodesSchema },
  errors: CODE_ERRORS,
});

/** Admin: `{ requireStaffTwoFactor }`. */
export const getSecuritySettings = defineEndpoint({
  method: 'GET',
  path: '/api/admin/security-settings',
  tag: 'accounts',
  summary: 'Security settings: whether all staff must use two-step sign-in',
  responses: { 200: SecuritySettingsSchema },
  errors: [401, 403],
});

/**
 * Admin, `{ requireStaffTwoFactor }`: stored and audited. Every admin, seller and support admin
 * without two-step sign-in is then held to its setup (403 TWO_FACTOR_SETUP_REQUIRED elsewhere).
 * 422 when turning it on while the admin's own account does not use it.
 */
export const saveSecuritySettings = defineEndpoint({
  method: 'PUT',
  path: '/api/admin/security-settings',
  tag: 'accounts',
  summary: 'Require (or stop requiring) two-step sign-in for all staff',
  body: SecuritySettingsSchema,
  responses: { 200: SecuritySettingsSchema },
  errors: CODE_ERRORS,
});

/**
 * Admin: turns a staff member's two-step sign-in off after a lost phone, ending their sessions;
 * audited. 404 unknown or non-staff account, 409 not on, 422 the admin's own account.
 */
export const resetUserTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/admin/users/:userId/two-factor/reset',
  tag: 'accounts',
  summary: "Reset a staff member's two-step sign-in (lost phone)",
  params: UserSessionsParamsSchema,
  responses: { 200: MessageResponseSchema },
  errors: [...CODE_ERRORS, 404],
});
