import type { FastifyPluginAsync } from 'fastify';
import { contactApi } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { route } from '../../platform/endpoint-routes.js';
import { saveContactMessage } from './contact.service.js';

/**
 * The Contact US form's route (public). Its contract is `@bazaar/shared`'s
 * `contactApi.createContactMessage`.
 */
export const contactRoutes =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    route(app, contactApi.createContactMessage, { config: { access: 'public' } }, (request) =>
      saveContactMessage(db, request.body),
    );
  };
