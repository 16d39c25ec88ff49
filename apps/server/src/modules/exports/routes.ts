import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { exportsApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { ExportFile, ExportsService } from './exports.service.js';

/** Who may download the exports: whoever may see the reports (admins only). */
const reportsAccess = { access: ['admin'] as const };

/** Sends an export as an attachment (never cached: it changes with every bill and payment). */
function sendFile(reply: FastifyReply, file: ExportFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/**
 * Accountant's exports (docs/back-office-reports.md "Exports"): bills, payments, customers and
 * stock as CSV or Excel, and the month's Tally vouchers. Admins only, as the reports. Each
 * route's contract is in `@bazaar/shared`'s `exportsApi`; the handlers send files, not JSON.
 */
export const exportsRoutes =
  (exportsService: ExportsService): FastifyPluginAsync =>
  async (app) => {
    route(app, exportsApi.exportBills, { config: reportsAccess }, async (request, reply) =>
      sendFile(reply, await exportsService.billsFile(request.query)),
    );
    route(app, exportsApi.exportPayments, { config: reportsAccess }, async (request, reply) =>
      sendFile(reply, await exportsService.paymentsFile(request.query)),
    );
    route(app, exportsApi.exportCustomers, { config: reportsAccess }, async (request, reply) =>
      sendFile(reply, await exportsService.customersFile(request.query)),
    );
    route(app, exportsApi.exportStock, { config: reportsAccess }, async (request, reply) =>
      sendFile(reply, await exportsService.stockFile(request.query)),
    );
    route(app, exportsApi.exportTally, { config: reportsAccess }, async (request, reply) =>
      sendFile(reply, await exportsService.tallyFile(request.query)),
    );
  };
