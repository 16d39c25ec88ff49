import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { TWO_FACTOR_ROLES, twoFactorApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { AccountsService } from './accounts.service.js';
import type { TwoFactorService } from './two-factor.service.js';

export interface TwoFactorRoutesOptions {
  accounts: AccountsService;
  twoFactor: TwoFactorService;
  /** Requests a minute from one address on the code and password routes. */
  authRateLimitPerMinute: number;
}

function headersOf(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

function sendCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** Staff roles, and the setup routes answer a session that the staff policy holds back. */
const STAFF_SETUP = { access: TWO_FACTOR_ROLES, allowDuringTwoFactorSetup: true } as const;
const adminOnly = { access: ['admin'] as const };

/**
 * Two-step sign-in routes (docs/accounts.md "Two-step sign-in"): the second step of a sign-in,
 * the staff's own setup and the admin's "require it for all staff" setting. Codes are checked by
 * better-auth's two-factor plugin through `auth.api.*`, never its own HTTP handler
 * (docs/decisions/0007-auth-through-our-routes.md). Each route's contract is in
 * `@bazaar/shared`'s `twoFactorApi`.
 */
export const twoFactorRoutes =
  ({ accounts, twoFactor, authRateLimitPerMinute }: TwoFactorRoutesOptions): FastifyPluginAsync =>
  async (app) => {
    const rateLimit = { max: authRateLimitPerMinute, timeWindow: 60_000 };
    const staffSetup = { config: { ...STAFF_SETUP, rateLimit } };

    route(
      app,
      twoFactorApi.loginTwoFactor,
      { config: { access: 'public', rateLimit } },
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

    route(app, twoFactorApi.getTwoFactorStatus, { config: STAFF_SETUP }, (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.status(requireUser(request));
    });

    route(app, twoFactorApi.setupTwoFactor, staffSetup, (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.setup(requireUser(request), request.body.password, headersOf(request));
    });

    route(app, twoFactorApi.confirmTwoFactor, staffSetup, async (request, reply) => {
      const { result, setCookies } = await twoFactor.confirm(
        requireUser(request),
        request.body.code,
        headersOf(request),
      );
      sendCookies(reply, setCookies);
      return result;
    });

    route(app, twoFactorApi.disableTwoFactor, staffSetup, async (request, reply) => {
      const { result, setCookies } = await twoFactor.disable(
        requireUser(request),
        request.body.password,
        headersOf(request),
      );
      sendCookies(reply, setCookies);
      return result;
    });

    route(app, twoFactorApi.renewRecoveryCodes, staffSetup, (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.renewRecoveryCodes(
        requireUser(request),
        request.body.password,
        headersOf(request),
      );
    });

    route(app, twoFactorApi.getSecuritySettings, { config: adminOnly }, () =>
      twoFactor.securitySettings(),
    );

    route(app, twoFactorApi.saveSecuritySettings, { config: adminOnly }, (request) =>
      twoFactor.saveSecuritySettings(requireUser(request), request.body),
    );

    route(app, twoFactorApi.resetUserTwoFactor, { config: adminOnly }, (request) =>
      twoFactor.resetForUser(requireUser(request), request.params.userId),
    );
  };
