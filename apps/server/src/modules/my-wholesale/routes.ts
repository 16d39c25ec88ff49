import type { FastifyPluginAsync } from 'fastify';
import { myWholesaleApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { MyWholesaleService } from './my-wholesale.service.js';

const customerOnly = { access: ['customer'] as const };

/**
 * "My bills" (docs/back-office-ledger.md "The customer's own view"): the signed-in customer's
 * own wholesale bills, invoices, ledger and statements. Contracts in `myWholesaleApi`.
 */
export const myWholesaleRoutes =
  (my: MyWholesaleService): FastifyPluginAsync =>
  async (app) => {
    route(app, myWholesaleApi.getMyWholesaleSummary, { config: customerOnly }, (request) =>
      my.summary(requireUser(request).id),
    );
    route(app, myWholesaleApi.listMyBills, { config: customerOnly }, (request) =>
      my.bills(requireUser(request).id, request.query),
    );
    route(app, myWholesaleApi.getMyBill, { config: customerOnly }, (request) =>
      my.bill(requireUser(request).id, request.params.billId),
    );
    route(app, myWholesaleApi.getMyBillInvoiceData, { config: customerOnly }, (request) =>
      my.invoice(requireUser(request).id, request.params.billId),
    );
    route(app, myWholesaleApi.getMyLedger, { config: customerOnly }, (request) =>
      my.ledger(requireUser(request).id, request.query.before),
    );
    route(app, myWholesaleApi.getMyStatement, { config: customerOnly }, (request) =>
      my.statement(requireUser(request).id, request.query),
    );
    // A file, not a JSON body of the contract (as the ledger module's CSV).
    route(
      app,
      myWholesaleApi.downloadMyStatementCsv,
      { config: customerOnly },
      async (request, reply) => {
        const file = await my.statementCsv(requireUser(request).id, request.query);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );
  };
