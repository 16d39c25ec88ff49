import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import {
  ACCOUNT_MESSAGES,
  SellerRegistrationSchema,
  ShopDetailsSubmissionSchema,
  accountsApi,
  emailChangeApi,
} from '@bazaar/shared';
import { currentUser, requireUser } from '../../platform/access.js';
import type { CaptchaService } from '../../platform/captcha.js';
import { route } from '../../platform/endpoint-routes.js';
import { AppError, parseWithSchema } from '../../platform/errors.js';
import { readMultipartForm } from '../../platform/multipart.js';
import { lookupPincode, type AccountsService } from './accounts.service.js';
import type { EmailChangeService } from './email-change.js';
import { twoFactorRoutes } from './two-factor.routes.js';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  captcha: CaptchaService;
  /** Staff-made email changes waiting for the new address (email-change.ts). */
  emailChanges: EmailChangeService;
  /** Sign-in, registration, OTP and captcha requests a minute from one address. */
  authRateLimitPerMinute: number;
}

function headersOf(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

function sendCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/**
 * Accounts routes (docs/accounts.md has the table): captcha, sign-in and sign-out for every role,
 * registration of customers and sellers with the seller OTP, email verification, forgot/reset
 * password, profile and password change, and the pincode lookup of the address forms. Sign-in,
 * registration, OTP and captcha routes are rate-limited per address (429). Each route's contract
 * (path, schemas, answers) is in `@bazaar/shared`'s `accountsApi`.
 */
export const accountsRoutes =
  ({
    accounts,
    captcha,
    emailChanges,
    authRateLimitPerMinute,
  }: AccountsRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const rateLimit = { max: authRateLimitPerMinute, timeWindow: 60_000 };
    // The captcha and the live email check are asked for more often than a form is sent.
    const lookupRateLimit = { max: authRateLimitPerMinute * 2, timeWindow: 60_000 };
    const publicForm = { config: { access: 'public' as const, rateLimit } };

    route(
      app,
      accountsApi.createCaptcha,
      { config: { access: 'public', rateLimit: lookupRateLimit } },
      () => captcha.issue(),
    );

    route(app, accountsApi.getSession, { config: { access: 'public' } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await currentUser(request);
      return { user: user ? await accounts.sessionView(user) : null };
    });

    route(app, accountsApi.login, publicForm, async (request, reply) => {
      const { result, setCookies } = await accounts.login(request.body, headersOf(request));
      sendCookies(reply, setCookies);
      reply.header('cache-control', 'no-store');
      return result;
    });

    route(app, accountsApi.logout, { config: { access: 'public' } }, async (request, reply) => {
      sendCookies(reply, await accounts.logout(headersOf(request)));
      return reply.send(null);
    });

    route(
      app,
      accountsApi.checkEmailAvailability,
      { config: { access: 'public', rateLimit: lookupRateLimit } },
      async (request) => {
        const available = await accounts.isEmailAvailable(request.body.email);
        return { available, emailStatus: available ? ('available' as const) : ('exist' as const) };
      },
    );

    route(app, accountsApi.sendRegistrationOtp, publicForm, (request) =>
      accounts.sendRegistrationOtp(request.body.email),
    );

    route(app, accountsApi.registerCustomer, publicForm, (request) =>
      accounts.registerCustomer(request.body),
    );

    route(app, accountsApi.registerSeller, publicForm, async (request) => {
      const form = await readMultipartForm(request, 'shopImage');
      const input = parseWithSchema(SellerRegistrationSchema, form.fields);
      return accounts.registerSeller(input, form.file);
    });

    route(
      app,
      accountsApi.submitShopDetails,
      { config: { access: ['seller'] } },
      async (request) => {
        const user = requireUser(request);
        const form = await readMultipartForm(request, 'shopImage');
        const input = parseWithSchema(ShopDetailsSubmissionSchema, form.fields);
        return accounts.submitShopDetails(user, input, form.file);
      },
    );

    route(app, accountsApi.verifyEmail, publicForm, (request) =>
      accounts.verifyEmail(request.body.token),
    );

    route(app, emailChangeApi.verifyEmailChange, publicForm, (request) =>
      emailChanges.verify(request.body.token),
    );

    route(
      app,
      emailChangeApi.getPendingEmailChange,
      { config: { access: 'signed-in' } },
      (request) => emailChanges.pendingOf(requireUser(request).id),
    );

    route(app, accountsApi.resendVerification, publicForm, (request) =>
      accounts.resendVerification(request.body),
    );

    route(app, accountsApi.forgotPassword, publicForm, (request) =>
      accounts.forgotPassword(request.body),
    );

    route(app, accountsApi.resetPassword, publicForm, (request) =>
      accounts.resetPassword(request.body),
    );

    route(app, accountsApi.lookupPincode, { config: { access: 'public' } }, (request, reply) => {
      const info = lookupPincode(request.params.pincode);
      if (!info) throw new AppError('NOT_FOUND', ACCOUNT_MESSAGES.pincodeUnknown);
      reply.header('cache-control', 'public, max-age=86400');
      return info;
    });

    route(
      app,
      accountsApi.getProfile,
      // The setup page shows the name and role of a staff account held to two-step sign-in.
      { config: { access: 'signed-in', allowDuringTwoFactorSetup: true } },
      (request) => accounts.getProfile(requireUser(request).id),
    );

    route(app, accountsApi.updateProfile, { config: { access: 'signed-in' } }, (request) =>
      accounts.updateProfile(requireUser(request), request.body),
    );

    route(
      app,
      accountsApi.verifyPassword,
      { config: { access: 'signed-in', rateLimit } },
      (request) =>
        accounts.verifyCurrentPassword(requireUser(request), request.body.currentPassword),
    );

    route(
      app,
      accountsApi.changePassword,
      { config: { access: 'signed-in', rateLimit } },
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
