import type { FastifyPluginAsync } from 'fastify';
import { taxDocumentsApi } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import { eInvoiceDownloadOf, recordIrn } from './e-invoice.js';
import { getTaxSettings, saveTaxSettings } from './settings.js';

const adminOnly = { access: ['admin'] as const };
const backOffice = { access: ['admin', 'employee'] as const };

/**
 * Issued tax documents: e-invoice JSON, IRN entry, business turnover setting (docs/gst.md
 * "E-invoice", "Settings"). Routes are registered from their contracts in `@bazaar/shared`'s
 * `taxDocumentsApi`.
 */
export const taxDocumentsRoutes =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    route(app, taxDocumentsApi.getTaxSettings, { config: adminOnly }, () => getTaxSettings(db));
    route(app, taxDocumentsApi.updateTaxSettings, { config: adminOnly }, (request) =>
      saveTaxSettings(db, requireUser(request), request.body),
    );
    route(
      app,
      taxDocumentsApi.downloadEInvoiceJson,
      { config: backOffice },
      async (request, reply) => {
        const { fileName, json } = await eInvoiceDownloadOf(db, request.params.documentId);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(JSON.stringify(json, null, 2));
      },
    );
    route(app, taxDocumentsApi.recordIrn, { config: adminOnly }, (request) =>
      recordIrn(db, requireUser(request), request.params.documentId, request.body),
    );
  };
