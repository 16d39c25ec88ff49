import type { FastifyPluginAsync } from 'fastify';
import { auditApi } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { route } from '../../platform/endpoint-routes.js';
import { listAuditTrail } from './audit.service.js';

/**
 * The audit browser (docs/back-office-people.md): admin only. Its contract is `@bazaar/shared`'s
 * `auditApi.listAuditTrail`.
 */
export const auditRoutes =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    route(app, auditApi.listAuditTrail, { config: { access: ['admin'] } }, (request) =>
      listAuditTrail(db, request.query),
    );
  };
