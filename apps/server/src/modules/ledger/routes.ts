import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ledgerApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { LedgerFile, LedgerService } from './ledger.service.js';

const adminOnly = { access: ['admin'] as const };
const backOffice = { access: ['admin', 'employee'] as const };
/** The customer's ledger and statements are the employee's reports ("See reports"). */
const reports = { ...backOffice, permission: 'seeReports' as const };

/** Sends a file as an attachment (never cached: it changes with every payment). */
function sendFile(reply: FastifyReply, file: LedgerFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/**
 * The customer ledger, statements, ageing and the credit-limit check
 * (docs/back-office-ledger.md): admins and employees, as the bills; the ageing of all dues is the
 * admin home's, admins only. Contracts in `@bazaar/shared`'s `ledgerApi`.
 */
export const ledgerRoutes =
  (ledger: LedgerService): FastifyPluginAsync =>
  async (app) => {
    route(app, ledgerApi.getLedger, { config: reports }, (request) =>
      ledger.page(request.params.customerId, request.query.before),
    );
    route(app, ledgerApi.getStatement, { config: reports }, (request) =>
      ledger.statement(request.params.customerId, request.query),
    );
    // A file, not a JSON body of the contract: the handler sends it as an attachment.
    route(app, ledgerApi.downloadStatementPdf, { config: reports }, async (request, reply) =>
      sendFile(reply, await ledger.statementPdfFile(request.params.customerId, request.query)),
    );
    route(app, ledgerApi.downloadStatementCsv, { config: reports }, async (request, reply) =>
      sendFile(reply, await ledger.statementCsvFile(request.params.customerId, request.query)),
    );
    route(app, ledgerApi.checkCredit, { config: backOffice }, (request) =>
      ledger.creditCheck(request.params.customerId, request.query.amountPaise),
    );
    route(app, ledgerApi.getAgeing, { config: adminOnly }, () => ledger.ageing());
  };
