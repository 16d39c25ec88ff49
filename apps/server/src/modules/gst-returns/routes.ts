import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { gstReturnsApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { GstReturnsService, ReturnFile } from './gst-returns.service.js';

const adminOnly = { access: ['admin'] as const };

/** Sends a return file as an attachment (never cached: it changes with every document). */
function sendFile(reply: FastifyReply, file: ReturnFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/**
 * GSTR-1 summary and exports (docs/gst.md "GSTR-1"): admins only. Routes are registered from
 * their contracts in `@bazaar/shared`'s `gstReturnsApi`.
 */
export const gstReturnsRoutes =
  (gstReturns: GstReturnsService): FastifyPluginAsync =>
  async (app) => {
    route(app, gstReturnsApi.getGstr1Summary, { config: adminOnly }, (request) =>
      gstReturns.gstr1Summary(request.query),
    );
    // Files, not JSON bodies of the contract: the handlers send them as attachments.
    route(app, gstReturnsApi.downloadGstr1Json, { config: adminOnly }, async (request, reply) =>
      sendFile(reply, await gstReturns.gstr1JsonFile(request.query)),
    );
    route(app, gstReturnsApi.downloadGstr1Csv, { config: adminOnly }, async (request, reply) =>
      sendFile(reply, await gstReturns.gstr1CsvFile(request.query, request.query.section)),
    );
  };
