import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  CaptchaSchema,
  ChangePasswordRequestSchema,
  CustomerRegistrationSchema,
  EmailAvailabilityRequestSchema,
  EmailAvailabilitySchema,
  ErrorBodySchema,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  OtpSentSchema,
  PincodeInfoSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  RegistrationOtpRequestSchema,
  ResendVerificationRequestSchema,
  ResetPasswordRequestSchema,
  SellerRegistrationSchema,
  SessionResponseSchema,
  ShopDetailsSubmissionSchema,
  TokenRequestSchema,
  VerifyPasswordRequestSchema,
  VerifyPasswordResponseSchema,
} from '@bazaar/shared';
import { currentUser, requireUser } from '../../platform/access.js';
import type { CaptchaService } from '../../platform/captcha.js';
import { AppError, parseWithSchema } from '../../platform/errors.js';
import { readMultipartForm } from '../../platform/multipart.js';
import { lookupPincode, type AccountsService } from './accounts.service.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  captcha: CaptchaService;
  /** Sign-in, registration, OTP and captcha requests a minute from one address. */
  authRateLimitPerMinute: number;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

function headersOf(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

function sendCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * Accounts routes (issue 3; docs/accounts.md has the table): captcha, sign-in and sign-out for
 * every role, registration of customers and sellers with the seller OTP, email verification,
 * forgot/reset password, profile and password change, and the pincode lookup of the address
 * forms. Sign-in, registration, OTP and captcha routes are rate-limited per address (429).
 */
export const accountsRoutes =
  ({ accounts, captcha, authRateLimitPerMinute }: AccountsRoutesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { max: authRateLimitPerMinute, timeWindow: 60_000 };

    /** `POST /api/captchas`: a new 7-character image captcha, single use, 5 minutes. */
    app.post(
      '/api/captchas',
      {
        config: {
          access: 'public',
          rateLimit: { max: authRateLimitPerMinute * 2, timeWindow: 60_000 },
        },
        schema: {
          tags: ['accounts'],
          summary: 'Create a captcha for a login or registration form',
          response: { 201: CaptchaSchema, 429: ErrorBodySchema },
        },
      },
      async (_request, reply) => reply.status(201).send(await captcha.issue()),
    );

    /** `GET /api/auth/session`: the signed-in user, or `{ user: null }`. */
    app.get(
      '/api/auth/session',
      {
        config: { access: 'public' },
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in user',
          response: { 200: SessionResponseSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = await currentUser(request);
        return { user: user ? await accounts.sessionView(user) : null };
      },
    );

    /**
     * `POST /api/auth/login`: sign in at one area's login screen (area = role). 200 `{ user }`
     * with the session cookie (a session the browser already had is ended on the server), or
     * `{ twoFactorRequired: true }` and no session when the account uses two-step sign-in
     * (then `POST /api/auth/login/two-factor`); 400 captcha ('Please Enter Valid Captcha Code !!'), 401
     * 'Email or Password Invalid !!', 403 unverified email or disabled account, 429 locked.
     */
    app.post(
      '/api/auth/login',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Sign in (any role) with captcha',
          body: LoginRequestSchema,
          response: { 200: LoginResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { result, setCookies } = await accounts.login(request.body, headersOf(request));
        sendCookies(reply, setCookies);
        reply.header('cache-control', 'no-store');
        return result;
      },
    );

    /** `POST /api/auth/logout`: ends the session on the server and clears the cookie. 204. */
    app.post(
      '/api/auth/logout',
      {
        config: { access: 'public' },
        schema: { tags: ['accounts'], summary: 'Sign out', response: { 204: z.null() } },
      },
      async (request, reply) => {
        sendCookies(reply, await accounts.logout(headersOf(request)));
        return reply.status(204).send(null);
      },
    );

    /** `POST /api/auth/email-availability`: the registration form's live taken-email check. */
    app.post(
      '/api/auth/email-availability',
      {
        config: {
          access: 'public',
          rateLimit: { max: authRateLimitPerMinute * 2, timeWindow: 60_000 },
        },
        schema: {
          tags: ['accounts'],
          summary: 'Whether an email address is free to register',
          body: EmailAvailabilityRequestSchema,
          response: { 200: EmailAvailabilitySchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request) => {
        const available = await accounts.isEmailAvailable(request.body.email);
        return { available, emailStatus: available ? ('available' as const) : ('exist' as const) };
      },
    );

    /** `POST /api/auth/registration-otp`: email the seller registration OTP. 202; 503 when mail fails. */
    app.post(
      '/api/auth/registration-otp',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Email a 6-digit OTP for seller registration',
          body: RegistrationOtpRequestSchema,
          response: { 202: OtpSentSchema, ...errors, 503: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await accounts.sendRegistrationOtp(request.body.email)),
    );

    /** `POST /api/auth/register/customer`: 201 with the verify-email message. */
    app.post(
      '/api/auth/register/customer',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Register a customer',
          body: CustomerRegistrationSchema,
          response: { 201: MessageResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await accounts.registerCustomer(request.body)),
    );

    /**
     * `POST /api/auth/register/seller` (multipart/form-data: SellerRegistrationSchema fields and
     * the file `shopImage`, jpg or png, at most 5 MB): 201; 400 'Invalid OTP' / 'Invalid captcha'.
     */
    app.post(
      '/api/auth/register/seller',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Register a seller with shop details (multipart/form-data)',
          consumes: ['multipart/form-data'],
          response: {
            201: MessageResponseSchema,
            ...errors,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const form = await readMultipartForm(request, 'shopImage');
        const input = parseWithSchema(SellerRegistrationSchema, form.fields);
        return reply.status(201).send(await accounts.registerSeller(input, form.file));
      },
    );

    /** `POST /api/seller/shop-details` (multipart): a signed-in seller without a shop adds it. */
    app.post(
      '/api/seller/shop-details',
      {
        config: { access: ['seller'] },
        schema: {
          tags: ['accounts'],
          summary: 'Submit the shop details of a seller who has none (multipart/form-data)',
          consumes: ['multipart/form-data'],
          response: {
            201: MessageResponseSchema,
            ...errors,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const form = await readMultipartForm(request, 'shopImage');
        const input = parseWithSchema(ShopDetailsSubmissionSchema, form.fields);
        return reply.status(201).send(await accounts.submitShopDetails(user, input, form.file));
      },
    );

    /** `POST /api/auth/verify-email`: the emailed link's token. */
    app.post(
      '/api/auth/verify-email',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Verify an email address',
          body: TokenRequestSchema,
          response: { 200: MessageResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request) => accounts.verifyEmail(request.body.token),
    );

    /** `POST /api/auth/resend-verification`: 202, whether or not the account exists. */
    app.post(
      '/api/auth/resend-verification',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Send a new email-verification link',
          body: ResendVerificationRequestSchema,
          response: { 202: MessageResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await accounts.resendVerification(request.body)),
    );

    /** `POST /api/auth/forgot-password`: emails a reset link; 202 whether or not the account exists. */
    app.post(
      '/api/auth/forgot-password',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Email a password-reset link (every role)',
          body: ForgotPasswordRequestSchema,
          response: { 202: MessageResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request, reply) => reply.status(202).send(await accounts.forgotPassword(request.body)),
    );

    /** `POST /api/auth/reset-password`: new password from the reset link's token. */
    app.post(
      '/api/auth/reset-password',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Set a new password with a reset token',
          body: ResetPasswordRequestSchema,
          response: { 200: MessageResponseSchema, 400: ErrorBodySchema, 429: ErrorBodySchema },
        },
      },
      async (request) => accounts.resetPassword(request.body),
    );

    /** `GET /api/pincodes/{pincode}`: city and state of a pincode for the address forms. */
    app.get(
      '/api/pincodes/:pincode',
      {
        config: { access: 'public' },
        schema: {
          tags: ['accounts'],
          summary: 'City and state of a pincode (India Post directory)',
          params: z.object({ pincode: z.string().regex(/^\d{6}$/, 'Pincode must be 6 digit') }),
          response: { 200: PincodeInfoSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const info = lookupPincode(request.params.pincode);
        if (!info) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.pincodeUnknown);
        reply.header('cache-control', 'public, max-age=86400');
        return info;
      },
    );

    /** `GET /api/account/profile`: the signed-in user's own profile. */
    app.get(
      '/api/account/profile',
      {
        // The setup page shows the name and role of a staff account held to two-step sign-in.
        config: { access: 'signed-in', allowDuringTwoFactorSetup: true },
        schema: {
          tags: ['accounts'],
          summary: 'My profile',
          response: { 200: ProfileSchema, 401: ErrorBodySchema },
        },
      },
      async (request) => accounts.getProfile(requireUser(request).id),
    );

    /** `PATCH /api/account/profile`: change the fields this role may change. */
    app.patch(
      '/api/account/profile',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['accounts'],
          summary: 'Update my profile',
          body: ProfileUpdateSchema,
          response: { 200: ProfileSchema, ...errors },
        },
      },
      async (request) => accounts.updateProfile(requireUser(request), request.body),
    );

    /** `POST /api/account/verify-password`: 'Password verified' or 'Password not verified'. */
    app.post(
      '/api/account/verify-password',
      {
        config: { access: 'signed-in', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Check my current password',
          body: VerifyPasswordRequestSchema,
          response: { 200: VerifyPasswordResponseSchema, ...errors },
        },
      },
      async (request) =>
        accounts.verifyCurrentPassword(requireUser(request), request.body.currentPassword),
    );

    /** `POST /api/account/change-password`: other sessions end; this browser gets a new cookie. */
    app.post(
      '/api/account/change-password',
      {
        config: { access: 'signed-in', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Change my password',
          body: ChangePasswordRequestSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { result, setCookies } = await accounts.changePassword(
          requireUser(request),
          request.body,
          headersOf(request),
        );
        sendCookies(reply, setCookies);
        return result;
      },
    );

    await app.register(
      twoFactorRoutes({ accounts, twoFactor: accounts.twoFactor, authRateLimitPerMinute }),
    );
  };
