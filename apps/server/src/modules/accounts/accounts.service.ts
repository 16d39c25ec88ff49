import type { AuthUser } from '../../platform/access.js';
import {
  createAccountsContext,
  sessionViewOf,
  type AccountsServiceDeps,
  type AddressFields,
  type CustomerRegistrationInput,
  type SellerRegistrationInput,
  type ShopDetailsInput,
  type SessionViewInput,
  type TwoFactorLoginInput,
} from './account-context.js';
import { login, loginTwoFactor, logout, resolveSession } from './login.js';
import {
  changePassword,
  forgotPassword,
  requireCurrentPassword,
  resetPassword,
  verifyCurrentPassword,
} from './passwords.js';
import { getProfile, updateProfile } from './profile.js';
import {
  isEmailAvailable,
  registerCustomer,
  registerSeller,
  resendVerification,
  sendRegistrationOtp,
  verifyEmail,
} from './registration.js';
import { submitShopDetails } from './shop-details.js';
import { createTwoFactorService } from './two-factor.service.js';
import type { ProfileUpdate } from '@bazaar/shared';

/*
 * The accounts module's service (docs/accounts.md). The rules live in files per job, each with
 * named functions taking the module's context: login.ts (sign-in, two-step sign-in, sign-out,
 * the session of a request), registration.ts (OTP, customer and seller registration, email
 * verification), shop-details.ts, passwords.ts, profile.ts, pincode.ts, and two-factor.service.ts.
 * This file composes them for the routes, which call the same methods as before.
 */

export {
  toSessionUser,
  type AccountsServiceDeps,
  type AddressFields,
  type CustomerRegistrationInput,
  type SellerRegistrationInput,
  type SessionViewInput,
  type ShopDetailsInput,
  type TwoFactorLoginInput,
  type WithCookies,
} from './account-context.js';
export { assertServiceablePincode, lookupPincode } from './pincode.js';

/**
 * Accounts: sign-in for every role, registration of customers and sellers, email verification,
 * passwords and profiles (docs/accounts.md). Sessions, hashing and emailed tokens are
 * better-auth's; the rules around them are ours. Each method is the named function of its job's
 * file with this app's context; see those for inputs, answers and errors.
 */
export function createAccountsService(deps: AccountsServiceDeps) {
  const ctx = createAccountsContext(deps);
  return {
    login: (input: Parameters<typeof login>[1], headers: Headers) => login(ctx, input, headers),
    loginTwoFactor: (input: TwoFactorLoginInput, headers: Headers) =>
      loginTwoFactor(ctx, input, headers),
    logout: (headers: Headers) => logout(ctx, headers),
    resolveSession: (headers: Headers) => resolveSession(ctx, headers),
    /** The browser's view of a session user, with the shop's name. */
    sessionView: (user: SessionViewInput) => sessionViewOf(ctx, user),
    isEmailAvailable: (email: string) => isEmailAvailable(ctx, email),
    sendRegistrationOtp: (email: string) => sendRegistrationOtp(ctx, email),
    registerCustomer: (input: CustomerRegistrationInput) => registerCustomer(ctx, input),
    registerSeller: (input: SellerRegistrationInput, shopImage: Buffer | undefined) =>
      registerSeller(ctx, input, shopImage),
    submitShopDetails: (user: AuthUser, input: ShopDetailsInput, shopImage: Buffer | undefined) =>
      submitShopDetails(ctx, user, input, shopImage),
    verifyEmail: (token: string) => verifyEmail(ctx, token),
    resendVerification: (input: Parameters<typeof resendVerification>[1]) =>
      resendVerification(ctx, input),
    forgotPassword: (input: Parameters<typeof forgotPassword>[1]) => forgotPassword(ctx, input),
    resetPassword: (input: Parameters<typeof resetPassword>[1]) => resetPassword(ctx, input),
    verifyCurrentPassword: (user: AuthUser, password: string) =>
      verifyCurrentPassword(ctx, user, password),
    requireCurrentPassword: (user: AuthUser, password: string, field?: string) =>
      requireCurrentPassword(ctx, user, password, field),
    changePassword: (
      user: AuthUser,
      input: Parameters<typeof changePassword>[2],
      headers: Headers,
    ) => changePassword(ctx, user, input, headers),
    getProfile: (userId: string) => getProfile(ctx, userId),
    updateProfile: (user: AuthUser, patch: ProfileUpdate & { address?: AddressFields }) =>
      updateProfile(ctx, user, patch),
    /** Two-step sign-in of one's own account and the staff policy (two-factor.service.ts). */
    twoFactor: createTwoFactorService({
      db: deps.db,
      auth: deps.auth,
      requireCurrentPassword: (user, password) => requireCurrentPassword(ctx, user, password),
    }),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
