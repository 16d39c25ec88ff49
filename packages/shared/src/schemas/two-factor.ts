import { z } from 'zod';
import type { Role } from '../constants.js';
import { SessionUserSchema } from './accounts.js';

/**
 * Two-step sign-in for staff (docs/accounts.md "Two-step sign-in"): an
 * authenticator app's 6-digit code (TOTP, RFC 6238, 30-second steps) after the password, with
 * ten single-use recovery codes. Admins, support admins and sellers may turn it on; an admin may
 * require it for every one of them.
 */

/** The roles that may use two-step sign-in, and that the admin's policy applies to. */
export const TWO_FACTOR_ROLES = [
  'admin',
  'seller',
  'support_admin',
] as const satisfies readonly Role[];
export type TwoFactorRole = (typeof TWO_FACTOR_ROLES)[number];

/** True for a role that may (and, under the policy, must) use two-step sign-in. */
export function isTwoFactorRole(role: Role): role is TwoFactorRole {
  return (TWO_FACTOR_ROLES as readonly Role[]).includes(role);
}

/** Digits of an authenticator code. */
export const TOTP_DIGITS = 6;

/** The texts of two-step sign-in, shared by the routes and the pages. */
export const TWO_FACTOR_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeFormat: 'Enter one of your recovery codes, like a1B2c-3D4e5-f6G7h-8J9k0',
  codeInvalid: 'This code is not correct. Check the time on your phone and try the newest code.',
  recoveryCodeInvalid: 'This recovery code is not correct or has already been used.',
  codeReused: 'This code has just been used. Please wait for the next code from your app.',
  challengeExpired: 'Your sign-in has timed out. Please enter your email and password again.',
  tooManyTries: 'Too many wrong codes. Please enter your email and password again.',
  locked:
    'Too many wrong codes for this account. Two-step sign-in is locked for 15 minutes; please try again later.',
  passwordRequired: 'Please enter your password',
  alreadyEnabled: 'Two-step sign-in is already on for this account.',
  notEnabled: 'Two-step sign-in is not on for this account.',
  setupFirst: 'Start the setup first: enter your password to get a new key.',
  requiredByPolicy:
    'Your admin requires two-step sign-in for all staff, so it cannot be turned off.',
  setupRequired:
    'Your admin requires two-step sign-in for staff accounts. Please turn it on to continue.',
  enabled: 'Two-step sign-in is on',
  disabled: 'Two-step sign-in is off',
  recoveryCodesRenewed: 'New recovery codes are ready; the old ones no longer work',
  ownAccountFirst:
    'Turn on two-step sign-in for your own account before requiring it for all staff.',
  policySaved: 'Security settings saved',
  resetDone:
    'Two-step sign-in is off for this account and its sessions have ended. The person signs in with the password and sets it up again.',
  resetOwnAccount: 'Another admin must reset two-step sign-in for your own account.',
  accountNotFound: 'Account not found',
} as const;

/** A 6-digit authenticator code; spaces typed between the digits are ignored. */
export const TotpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), TWO_FACTOR_MESSAGES.codeFormat));

/**
 * A recovery code as shown (`a1B2c-3D4e5-f6G7h-8J9k0`: 20 letters and digits in groups of five,
 * the hyphens optional when typed); spaces are ignored and the hyphens put back, since the
 * library compares exactly.
 */
export const RecoveryCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]+/g, ''))
  .pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9]{20}$/, TWO_FACTOR_MESSAGES.recoveryCodeFormat)
      .transform((value) => value.replace(/(.{5})(?=.)/g, '$1-')),
  );

/** The account's password, asked again before any change to two-step sign-in. */
export const TwoFactorPasswordSchema = z.object({
  password: z.string().min(1, TWO_FACTOR_MESSAGES.passwordRequired).max(128),
});
export type TwoFactorPasswordRequest = z.infer<typeof TwoFactorPasswordSchema>;

/** `GET /api/account/two-factor`. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The admin requires two-step sign-in for all staff (it cannot be turned off). */
  requiredByPolicy: z.boolean(),
  /** Unused recovery codes, when two-step sign-in is on. */
  recoveryCodesLeft: z.number().int().min(0).optional(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

/**
 * `POST /api/account/two-factor/setup`: the new key as an `otpauth://` URI (for the QR code) and
 * as base32 text (typed by hand), and the recovery codes, shown this once. Not on until confirmed.
 */
export const TwoFactorSetupSchema = z.object({
  totpUri: z.string(),
  secret: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

/** `POST /api/account/two-factor/confirm`: the first code from the app turns it on. */
export const TwoFactorConfirmSchema = z.object({ code: TotpCodeSchema });
export type TwoFactorConfirmRequest = z.input<typeof TwoFactorConfirmSchema>;

/** `POST /api/account/two-factor/recovery-codes`: a new set; the old codes stop working. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** `POST /api/auth/login/two-factor`: the second step of a sign-in. */
export const TwoFactorLoginSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: TotpCodeSchema }),
  z.object({ method: z.literal('recovery'), code: RecoveryCodeSchema }),
]);
export type TwoFactorLoginRequest = z.input<typeof TwoFactorLoginSchema>;

/**
 * `POST /api/auth/login`: the signed-in user, or (two-step sign-in on) `twoFactorRequired` and
 * no session until `POST /api/auth/login/two-factor` gets the code.
 */
export const LoginResponseSchema = z.union([
  z.object({ user: SessionUserSchema }),
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** `GET`/`PUT /api/admin/security-settings` (admin). */
export const SecuritySettingsSchema = z.object({ requireStaffTwoFactor: z.boolean() }).strict();
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;
