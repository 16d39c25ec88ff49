import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { myWholesaleApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { LedgerFile } from '../ledger/ledger.service.js';
import type { MyWholesaleService } from './my-wholesale.service.js';

const customerOnly = { access: ['customer'] as const };

/** Sends a file as an attachment (never cached: it changes with every payment). */
function sendFile(reply: FastifyReply, file: LedgerFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

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
    route(app, myWholesaleApi.getMyPaymentReceiptData, { config: customerOnly }, (request) =>
      my.paymentReceipt(requireUser(request).id, request.params.paymentId),
    );
    route(app, myWholesaleApi.getMyCreditNote, { config: customerOnly }, (request) =>
      my.creditNote(requireUser(request).id, request.params.documentId),
    );
    route(app, myWholesaleApi.getMyLedger, { config: customerOnly }, (request) =>
      my.ledger(requireUser(request).id, request.query.before),
    );
    route(app, myWholesaleApi.getMyStatement, { config: customerOnly }, (request) =>
      my.statement(requireUser(request).id, request.query),
    );
    // Files, not JSON bodies of the contracts (as the ledger module's PDF and CSV).
    route(
      app,
      myWholesaleApi.downloadMyStatementPdf,
      { config: customerOnly },
      async (request, reply) =>
        sendFile(reply, await my.statementPdf(requireUser(request).id, request.query)),
    );
    route(
      app,
      myWholesaleApi.downloadMyStatementCsv,
      { config: customerOnly },
      async (request, reply) =>
        sendFile(reply, await my.statementCsv(requireUser(request).id, request.query)),
    );
  };
