import type { FastifyPluginAsync } from 'fastify';
import { contactApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { ContactService } from './contact.service.js';

/**
 * The Contact US form's route (public; captcha and per-address limits in the service). Its
 * contract is `@bazaar/shared`'s `contactApi.createContactMessage`; the client address is
 * `request.ip` (the proxy's header only with TRUST_PROXY).
 */
export const contactRoutes =
  (contact: ContactService): FastifyPluginAsync =>
  async (app) => {
    route(app, contactApi.createContactMessage, { config: { access: 'public' } }, (request) =>
      contact.send(request.body, request.ip),
    );
  };
