import type { FastifyPluginAsync } from 'fastify';
import { supportApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { SupportService } from './support.service.js';

const adminOnly = { access: ['admin'] as const };

/**
 * Support routes (docs/shop-office.md "Support"): the public contact details and the admin's
 * inbox of Contact page messages. Each route's contract is in `@bazaar/shared`'s `supportApi`.
 */
export const supportRoutes =
  (support: SupportService): FastifyPluginAsync =>
  async (app) => {
    route(app, supportApi.getSupportContact, { config: { access: 'public' } }, () =>
      support.contact(),
    );
    route(app, supportApi.listSupportMessages, { config: adminOnly }, (request) =>
      support.messages(request.query.unread === 'true', request.query.page),
    );
    route(app, supportApi.markSupportMessageRead, { config: adminOnly }, (request) =>
      support.markRead(request.params.id),
    );
  };
