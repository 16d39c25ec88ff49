import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { settlementsApi } from '@bazaar/shared';
import { requireShopId, requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { SettlementFile, SettlementsService } from './settlements.service.js';

/**
 * The statement is the seller's only: like the shop's customers and their spending, money totals
 * are not shown to support admins (docs/settlements.md "Who sees what").
 */
const sellerOnly = { access: ['seller'] as const, shopScoped: true as const };
const adminOnly = { access: ['admin'] as const };

/** Sends a file as an attachment, never cached. */
function sendFile(reply: FastifyReply, file: SettlementFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/**
 * Seller settlements (docs/settlements.md): the seller's statement of its own shop (the shop of
 * the session, never one named in the request), and the admin's balances, statements, payouts,
 * rates and GSTR-8. Each route's contract is in `@bazaar/shared`'s `settlementsApi`.
 */
export const settlementsRoutes =
  (settlements: SettlementsService): FastifyPluginAsync =>
  async (app) => {
    route(app, settlementsApi.getShopStatement, { config: sellerOnly }, (request) =>
      settlements.statement(requireShopId(request), request.query.month),
    );
    route(
      app,
      settlementsApi.downloadShopStatementCsv,
      { config: sellerOnly },
      async (request, reply) =>
        sendFile(
          reply,
          await settlements.statementCsvFile(requireShopId(request), request.query.month),
        ),
    );
    route(app, settlementsApi.listShopBalances, { config: adminOnly }, () =>
      settlements.balances(),
    );
    route(app, settlementsApi.getAdminShopStatement, { config: adminOnly }, (request) =>
      settlements.statement(request.params.shopId, request.query.month),
    );
    route(app, settlementsApi.recordPayout, { config: adminOnly }, (request) =>
      settlements.recordPayout(requireUser(request), request.params.shopId, request.body),
    );
    route(app, settlementsApi.downloadGstr8Csv, { config: adminOnly }, async (request, reply) =>
      sendFile(reply, await settlements.gstr8CsvFile(request.query.month)),
    );
    route(app, settlementsApi.listSettlementRates, { config: adminOnly }, () =>
      settlements.rates(),
    );
    route(app, settlementsApi.addSettlementRates, { config: adminOnly }, (request) =>
      settlements.addRates(requireUser(request), request.body),
    );
    route(app, settlementsApi.setShopPan, { config: adminOnly }, (request) =>
      settlements.setShopPan(requireUser(request), request.params.shopId, request.body.pan),
    );
  };
