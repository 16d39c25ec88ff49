import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema, ErrorBodySchema } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { listAuditTrail } from './audit.service.js';

/** The audit browser (issue 7 item 8; docs/back-office-people.md): admin only. */
export const auditRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * `GET /api/audit?entity=&actor=&from=&to=&page=` (admin): newest first, 20 a page;
     * `from`/`to` are `YYYY-MM-DD` India days, both included; `actor` a user id. 200 AuditPage.
     */
    app.get(
      '/api/audit',
      {
        config: { access: ['admin'] },
        schema: {
          tags: ['back office people'],
          summary: 'Audit trail of back-office changes, newest first',
          querystring: AuditQuerySchema,
          response: {
            200: AuditPageSchema,
            400: ErrorBodySchema,
            401: ErrorBodySchema,
            403: ErrorBodySchema,
          },
        },
      },
      async (request) => listAuditTrail(db, request.query),
    );
  };
