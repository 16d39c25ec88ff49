import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  CaptchaSchema,
  ChangePasswordRequestSchema,
  CustomerRegistrationSchema,
  EmailAvailabilityRequestSchema,
  EmailAvailabilitySchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  OtpSentSchema,
  PincodeInfoSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RegistrationOtpRequestSchema,
  ResendVerificationRequestSchema,
  ResetPasswordRequestSchema,
  SessionResponseSchema,
  TokenRequestSchema,
  VerifyPasswordRequestSchema,
  VerifyPasswordResponseSchema,
} from '../schemas/accounts.js';
import { LoginResponseSchema } from '../schemas/two-factor.js';

/**
 * Accounts (docs/accounts.md has the table): captcha, sign-in and sign-out for every role,
 * registration of customers and sellers with the seller OTP, email verification, forgot/reset
 * password, profile and password change, and the pincode lookup of the address forms. Sign-in,
 * registration, OTP and captcha endpoints are rate-limited per address (429). Two-step sign-in
 * is in `twoFactorApi`, the session list in `sessionsApi`.
 */

/** The errors of a form an anonymous or signed-in user submits. */
const FORM_ERRORS = [400, 401, 403, 409, 429] as const;

/** The path parameter of the pincode lookup: 6 digits. */
const PincodeParamsSchema = z.object({
  pincode: z.string().regex(/^\d{6}$/, 'Pincode must be 6 digit'),
});

/** A new 7-character image captcha, single use, valid 5 minutes. */
export const createCaptcha = defineEndpoint({
  method: 'POST',
  path: '/api/captchas',
  tag: 'accounts',
  summary: 'Create a captcha for a login or registration form',
  responses: { 201: CaptchaSchema },
  errors: [429],
});

/** The signed-in user, or `{ user: null }`; never cached. */
export const getSession = defineEndpoint({
  method: 'GET',
  path: '/api/auth/session',
  tag: 'accounts',
  summary: 'The signed-in user',
  responses: { 200: SessionResponseSchema },
  errors: [],
});

/**
 * Sign in at one area's login screen (area = role). 200 `{ user }` with the session cookie (a
 * session the browser already had is ended on the server), or `{ twoFactorRequired: true }` and
 * no session when the account uses two-step sign-in (then `twoFactorApi.loginTwoFactor`). 400
 * captcha ('Please Enter Valid Captcha Code !!'), 401 'Email or Password Invalid !!', 403
 * unverified email or disabled account, 429 locked.
 */
export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  tag: 'accounts',
  summary: 'Sign in (any role) with captcha',
  body: LoginRequestSchema,
  responses: { 200: LoginResponseSchema },
  errors: FORM_ERRORS,
});

/** Ends the session on the server and clears the cookie. 204, no body. */
export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  tag: 'accounts',
  summary: 'Sign out',
  responses: { 204: z.null() },
  errors: [],
});

/** The registration form's live taken-email check: `emailStatus: 'exist'` means taken. */
export const checkEmailAvailability = defineEndpoint({
  method: 'POST',
  path: '/api/auth/email-availability',
  tag: 'accounts',
  summary: 'Whether an email address is free to register',
  body: EmailAvailabilityRequestSchema,
  responses: { 200: EmailAvailabilitySchema },
  errors: [400, 429],
});

/**
 * Emails the 6-digit seller registration OTP. 202; 409 email taken; 429 asked again too soon;
 * 503 when the mail could not be sent.
 */
export const sendRegistrationOtp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/registration-otp',
  tag: 'accounts',
  summary: 'Email a 6-digit OTP for seller registration',
  body: RegistrationOtpRequestSchema,
  responses: { 202: OtpSentSchema },
  errors: [...FORM_ERRORS, 503],
});

/** Registers a customer: 201 with the message asking to verify the email; 409 email taken. */
export const registerCustomer = defineEndpoint({
  method: 'POST',
  path: '/api/auth/register/customer',
  tag: 'accounts',
  summary: 'Register a customer',
  body: CustomerRegistrationSchema,
  responses: { 201: MessageResponseSchema },
  errors: FORM_ERRORS,
});

/**
 * Registers a seller (multipart/form-data: the SellerRegistrationSchema fields as strings and
 * the file `shopImage`, jpg or png, at most 5 MB). 201; 400 'Invalid OTP' / 'Invalid captcha'
 * in `fields`; 409 email taken; 413/415 image refused.
 */
export const registerSeller = defineEndpoint({
  method: 'POST',
  path: '/api/auth/register/seller',
  tag: 'accounts',
  summary: 'Register a seller with shop details (multipart/form-data)',
  multipart: true,
  responses: { 201: MessageResponseSchema },
  errors: [...FORM_ERRORS, 413, 415],
});

/**
 * A signed-in seller without a shop adds it (multipart/form-data: ShopDetailsSubmissionSchema
 * fields and the file `shopImage`). 201; 403 not a seller; 409 shop details already submitted.
 */
export const submitShopDetails = defineEndpoint({
  method: 'POST',
  path: '/api/seller/shop-details',
  tag: 'accounts',
  summary: 'Submit the shop details of a seller who has none (multipart/form-data)',
  multipart: true,
  responses: { 201: MessageResponseSchema },
  errors: [...FORM_ERRORS, 413, 415],
});

/** Verifies an email address with the emailed link's token. 400 invalid or expired link. */
export const verifyEmail = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-email',
  tag: 'accounts',
  summary: 'Verify an email address',
  body: TokenRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: [400, 429],
});

/** Sends a new verification link: 202 whether or not the account exists. 400 captcha. */
export const resendVerification = defineEndpoint({
  method: 'POST',
  path: '/api/auth/resend-verification',
  tag: 'accounts',
  summary: 'Send a new email-verification link',
  body: ResendVerificationRequestSchema,
  responses: { 202: MessageResponseSchema },
  errors: [400, 429],
});

/** Emails a password-reset link: 202 whether or not the account exists. 400 captcha. */
export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/forgot-password',
  tag: 'accounts',
  summary: 'Email a password-reset link (every role)',
  body: ForgotPasswordRequestSchema,
  responses: { 202: MessageResponseSchema },
  errors: [400, 429],
});

/** Sets a new password with the reset link's token. 400 invalid link or password rules. */
export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/auth/reset-password',
  tag: 'accounts',
  summary: 'Set a new password with a reset token',
  body: ResetPasswordRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: [400, 429],
});

/**
 * City, state, whether we deliver there (Bihar only) and the post offices of a pincode, for the
 * address forms; cached a day. 404 for a pincode the directory does not know.
 */
export const lookupPincode = defineEndpoint({
  method: 'GET',
  path: '/api/pincodes/:pincode',
  tag: 'accounts',
  summary: 'City and state of a pincode (India Post directory)',
  params: PincodeParamsSchema,
  responses: { 200: PincodeInfoSchema },
  errors: [400, 404],
});

/**
 * The signed-in user's own profile. Answers during a staff member's two-step sign-in setup too
 * (the setup page shows the name and role).
 */
export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/account/profile',
  tag: 'accounts',
  summary: 'My profile',
  responses: { 200: ProfileSchema },
  errors: [401],
});

/** Changes the fields this role may change. 400 with `fields`; 409 mobile taken. */
export const updateProfile = defineEndpoint({
  method: 'PATCH',
  path: '/api/account/profile',
  tag: 'accounts',
  summary: 'Update my profile',
  body: ProfileUpdateSchema,
  responses: { 200: ProfileSchema },
  errors: FORM_ERRORS,
});

/** Checks the current password: 'Password verified' or 'Password not verified'. */
export const verifyPassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/verify-password',
  tag: 'accounts',
  summary: 'Check my current password',
  body: VerifyPasswordRequestSchema,
  responses: { 200: VerifyPasswordResponseSchema },
  errors: FORM_ERRORS,
});

/**
 * Changes the password: the account's other sessions end and this browser gets a new cookie.
 * 400 with `fields` (`currentPassword`, `newPassword`, `confirmPassword`).
 */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/account/change-password',
  tag: 'accounts',
  summary: 'Change my password',
  body: ChangePasswordRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: FORM_ERRORS,
});
