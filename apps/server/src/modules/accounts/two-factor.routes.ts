import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  MessageResponseSchema,
  RecoveryCodesSchema,
  SecuritySettingsSchema,
  SessionUserSchema,
  TWO_FACTOR_ROLES,
  TwoFactorConfirmSchema,
  TwoFactorLoginSchema,
  TwoFactorPasswordSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  UserSessionsParamsSchema,
} from '@bazaar/shared';
import { z } from 'zod';
import { requireUser } from '../../platform/access.js';
import type { AccountsService } from './accounts.service.js';
import type { TwoFactorService } from './two-factor.service.js';

export interface TwoFactorRoutesOptions {
  accounts: AccountsService;
  twoFactor: TwoFactorService;
  /** Requests a minute from one address on the code and password routes. */
  authRateLimitPerMinute: number;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
};

function headersOf(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

function sendCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Staff roles, and the setup routes answer a session that the staff policy holds back. */
const STAFF_SETUP = { access: TWO_FACTOR_ROLES, allowDuringTwoFactorSetup: true } as const;

/**
 * Two-step sign-in (issue 5 item 2; docs/accounts.md "Two-step sign-in"): the second step of a
 * sign-in, the staff's own setup (status, setup, confirm, disable, new recovery codes) and the
 * admin's "require it for all staff" setting. Codes are checked by better-auth's two-factor
 * plugin through `auth.api.*`, never its own HTTP handler (decision 0007).
 */
export const twoFactorRoutes =
  ({
    accounts,
    twoFactor,
    authRateLimitPerMinute,
  }: TwoFactorRoutesOptions): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { max: authRateLimitPerMinute, timeWindow: 60_000 };

    /**
     * `POST /api/auth/login/two-factor` (public; the pending sign-in is the signed
     * `bazaar.two_factor` cookie that `POST /api/auth/login` set, valid 5 minutes): body
     * `{ method: 'totp' | 'recovery', code }`. 200 `{ user }` with the session cookie; 422 wrong
     * code; 401 no or expired pending sign-in; 429 after 5 wrong codes (sign in again) or 10 in
     * a row (locked 15 minutes); 403 disabled account.
     */
    app.post(
      '/api/auth/login/two-factor',
      {
        config: { access: 'public', rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Finish a sign-in with an authenticator or recovery code',
          body: TwoFactorLoginSchema,
          response: { 200: z.object({ user: SessionUserSchema }), ...errors },
        },
      },
      async (request, reply) => {
        const { result, setCookies } = await accounts.loginTwoFactor(
          request.body,
          headersOf(request),
        );
        sendCookies(reply, setCookies);
        reply.header('cache-control', 'no-store');
        return result;
      },
    );

    /** `GET /api/account/two-factor` (staff): `{ enabled, requiredByPolicy, recoveryCodesLeft? }`. */
    app.get(
      '/api/account/two-factor',
      {
        config: STAFF_SETUP,
        schema: {
          tags: ['accounts'],
          summary: 'My two-step sign-in: on or off, required or not, recovery codes left',
          response: { 200: TwoFactorStatusSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return twoFactor.status(requireUser(request));
      },
    );

    /**
     * `POST /api/account/two-factor/setup` (staff) `{ password }`: a new key (`totpUri` for the QR
     * code, `secret` as text) and ten recovery codes, shown once; on only after `confirm`. 400
     * wrong password, 409 already on.
     */
    app.post(
      '/api/account/two-factor/setup',
      {
        config: { ...STAFF_SETUP, rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Start setting up two-step sign-in (new key and recovery codes)',
          body: TwoFactorPasswordSchema,
          response: { 200: TwoFactorSetupSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return twoFactor.setup(requireUser(request), request.body.password, headersOf(request));
      },
    );

    /**
     * `POST /api/account/two-factor/confirm` (staff) `{ code }`: the first 6-digit code from the
     * app turns two-step sign-in on; the session cookie is renewed. 422 wrong code or no setup
     * started, 409 already on.
     */
    app.post(
      '/api/account/two-factor/confirm',
      {
        config: { ...STAFF_SETUP, rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Turn two-step sign-in on with the first code from the app',
          body: TwoFactorConfirmSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { result, setCookies } = await twoFactor.confirm(
          requireUser(request),
          request.body.code,
          headersOf(request),
        );
        sendCookies(reply, setCookies);
        return result;
      },
    );

    /**
     * `POST /api/account/two-factor/disable` (staff) `{ password }`: turns it off; 403 while the
     * admin requires it for staff, 400 wrong password, 409 not on.
     */
    app.post(
      '/api/account/two-factor/disable',
      {
        config: { ...STAFF_SETUP, rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'Turn two-step sign-in off',
          body: TwoFactorPasswordSchema,
          response: { 200: MessageResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { result, setCookies } = await twoFactor.disable(
          requireUser(request),
          request.body.password,
          headersOf(request),
        );
        sendCookies(reply, setCookies);
        return result;
      },
    );

    /**
     * `POST /api/account/two-factor/recovery-codes` (staff) `{ password }`: ten new recovery
     * codes, shown once; the old ones stop working. 400 wrong password, 409 not on.
     */
    app.post(
      '/api/account/two-factor/recovery-codes',
      {
        config: { ...STAFF_SETUP, rateLimit },
        schema: {
          tags: ['accounts'],
          summary: 'New recovery codes for two-step sign-in (the old ones stop working)',
          body: TwoFactorPasswordSchema,
          response: { 200: RecoveryCodesSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return twoFactor.renewRecoveryCodes(
          requireUser(request),
          request.body.password,
          headersOf(request),
        );
      },
    );

    /** `GET /api/admin/security-settings` (admin): `{ requireStaffTwoFactor }`. */
    app.get(
      '/api/admin/security-settings',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['accounts'],
          summary: 'Security settings: whether all staff must use two-step sign-in',
          response: { 200: SecuritySettingsSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      async () => twoFactor.securitySettings(),
    );

    /**
     * `PUT /api/admin/security-settings` (admin) `{ requireStaffTwoFactor }`: stored in app_meta
     * and audited. Every admin, seller and support admin without two-step sign-in is then held
     * to its setup (403 TWO_FACTOR_SETUP_REQUIRED elsewhere). 422 when turning it on while the
     * admin's own account does not use it.
     */
    app.put(
      '/api/admin/security-settings',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['accounts'],
          summary: 'Require (or stop requiring) two-step sign-in for all staff',
          body: SecuritySettingsSchema,
          response: { 200: SecuritySettingsSchema, ...errors },
        },
      },
      async (request) => twoFactor.saveSecuritySettings(requireUser(request), request.body),
    );

    /**
     * `POST /api/admin/users/{userId}/two-factor/reset` (admin): turns a staff member's
     * two-step sign-in off after a lost phone, ending their sessions; audited. 404 unknown or
     * non-staff account, 409 not on, 422 the admin's own account.
     */
    app.post(
      '/api/admin/users/:userId/two-factor/reset',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['accounts'],
          summary: "Reset a staff member's two-step sign-in (lost phone)",
          params: UserSessionsParamsSchema,
          response: { 200: MessageResponseSchema, ...errors, 404: ErrorBodySchema },
        },
      },
      async (request) => twoFactor.resetForUser(requireUser(request), request.params.userId),
    );
  };
