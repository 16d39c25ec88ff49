import type { FastifyPluginAsync } from 'fastify';
import { sessionsApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { SessionsService } from './sessions.service.js';

const signedIn = { access: 'signed-in' as const };
const adminOnly = { access: ['admin'] as const };

/**
 * Session routes (ASVS 5.0 7.4.5, 7.5.2; docs/security.md "V7"): a signed-in user lists their
 * browsers and ends one or all others after typing the password again; an admin ends one
 * account's sessions or everyone's. Each route's contract is in `@bazaar/shared`'s `sessionsApi`.
 */
export const sessionsRoutes =
  (sessions: SessionsService): FastifyPluginAsync =>
  async (app) => {
    route(app, sessionsApi.listMySessions, { config: signedIn }, (request) =>
      sessions.list(requireUser(request)),
    );
    route(app, sessionsApi.endMySession, { config: signedIn }, (request) =>
      sessions.endOne(requireUser(request), request.params.sessionId, request.body.password),
    );
    route(app, sessionsApi.endOtherSessions, { config: signedIn }, (request) =>
      sessions.endOthers(requireUser(request), request.body.password),
    );
    route(app, sessionsApi.lookupAccount, { config: adminOnly }, (request) =>
      sessions.lookup(request.query.email),
    );
    route(app, sessionsApi.endUserSessions, { config: adminOnly }, async (request) => {
      const result = await sessions.endForUser(requireUser(request), request.params.userId);
      request.log.info(
        { targetUserId: request.params.userId, ended: result.ended },
        'admin ended the sessions of an account',
      );
      return result;
    });
    route(app, sessionsApi.endAllSessions, { config: adminOnly }, async (request) => {
      const result = await sessions.endAll(requireUser(request), request.body.password);
      request.log.warn({ ended: result.ended }, 'admin ended every session');
      return result;
    });
  };
