import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AccountLookupQuerySchema,
  AccountLookupSchema,
  AccountSessionListSchema,
  AccountSessionParamsSchema,
  ErrorBodySchema,
  SessionsEndedSchema,
  SessionsPasswordSchema,
  UserSessionsParamsSchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { SessionsService } from './sessions.service.js';

const signedIn = { access: 'signed-in' as const };
const adminOnly = { access: ['admin'] as const };
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * Session routes (issue 5 item 1; ASVS 5.0 7.4.5, 7.5.2; docs/security.md "V7"): a signed-in
 * user lists their browsers and ends one or all others after typing the password again; an admin
 * ends one account's sessions or everyone's.
 */
export const sessionsRoutes =
  (sessions: SessionsService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/account/sessions`: `{ sessions: [{ id, createdAt, lastActiveAt, expiresAt, ipAddress, userAgent, current }] }`. */
    app.get(
      '/api/account/sessions',
      {
        config: signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'My signed-in browsers',
          response: { 200: AccountSessionListSchema, ...errors },
        },
      },
      async (request) => sessions.list(requireUser(request)),
    );

    /**
     * `POST /api/account/sessions/{sessionId}/end` `{ password }`: ends one of my sessions.
     * 400 wrong password, 404 not mine or unknown, 429 while the account is locked.
     */
    app.post(
      '/api/account/sessions/:sessionId/end',
      {
        config: signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'End one of my sessions',
          params: AccountSessionParamsSchema,
          body: SessionsPasswordSchema,
          response: { 200: SessionsEndedSchema, ...errors, 404: ErrorBodySchema },
        },
      },
      async (request) =>
        sessions.endOne(requireUser(request), request.params.sessionId, request.body.password),
    );

    /** `POST /api/account/sessions/end-others` `{ password }`: signs every other browser out. */
    app.post(
      '/api/account/sessions/end-others',
      {
        config: signedIn,
        schema: {
          tags: ['accounts'],
          summary: 'Sign out of every other browser',
          body: SessionsPasswordSchema,
          response: { 200: SessionsEndedSchema, ...errors },
        },
      },
      async (request) => sessions.endOthers(requireUser(request), request.body.password),
    );

    /**
     * `GET /api/admin/accounts?email=` (admin): `{ id, name, email, role, disabled,
     * twoFactorEnabled, activeSessions }`; 404 'Account not found'.
     */
    app.get(
      '/api/admin/accounts',
      {
        config: adminOnly,
        schema: {
          tags: ['accounts'],
          summary: 'Find an account by its sign-in email',
          querystring: AccountLookupQuerySchema,
          response: { 200: AccountLookupSchema, ...errors, 404: ErrorBodySchema },
        },
      },
      async (request) => sessions.lookup(request.query.email),
    );

    /** `POST /api/admin/users/{userId}/sessions/end`: ends every session of one account (admin). */
    app.post(
      '/api/admin/users/:userId/sessions/end',
      {
        config: adminOnly,
        schema: {
          tags: ['accounts'],
          summary: 'End every session of an account',
          params: UserSessionsParamsSchema,
          response: { 200: SessionsEndedSchema, ...errors, 404: ErrorBodySchema },
        },
      },
      async (request) => {
        const result = await sessions.endForUser(requireUser(request), request.params.userId);
        request.log.info(
          { targetUserId: request.params.userId, ended: result.ended },
          'admin ended the sessions of an account',
        );
        return result;
      },
    );

    /** `POST /api/admin/sessions/end-all` `{ password }`: ends every session but the admin's own. */
    app.post(
      '/api/admin/sessions/end-all',
      {
        config: adminOnly,
        schema: {
          tags: ['accounts'],
          summary: 'End every session of every account',
          body: SessionsPasswordSchema,
          response: { 200: SessionsEndedSchema, ...errors },
        },
      },
      async (request) => {
        const result = await sessions.endAll(requireUser(request), request.body.password);
        request.log.warn({ ended: result.ended }, 'admin ended every session');
        return result;
      },
    );
  };
