import type { FastifyPluginAsync } from 'fastify';
import { billsApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { BillsService } from './bills.service.js';

const staff = { access: ['admin', 'employee'] as const };
const adminOnly = { access: ['admin'] as const };

/**
 * Wholesale bill and payment routes (docs/back-office-bills.md, docs/gst.md): admins and
 * employees; only admins cancel a bill or mark a cheque bounced.
 * Each route's contract (path, schemas, answers) is in `@bazaar/shared`'s `billsApi`.
 */
export const billsRoutes =
  (bills: BillsService): FastifyPluginAsync =>
  async (app) => {
    route(app, billsApi.listCustomerBills, { config: staff }, (request) =>
      bills.list(request.params.customerId, request.query),
    );
    route(app, billsApi.createBill, { config: staff }, (request) =>
      bills.create(requireUser(request), request.params.customerId, request.body),
    );
    route(app, billsApi.listCustomerPayments, { config: staff }, (request) =>
      bills.customerPayments(request.params.customerId),
    );
    route(app, billsApi.getBill, { config: staff }, (request) => bills.get(request.params.billId));
    route(app, billsApi.addBillPayment, { config: staff }, (request) =>
      bills.addPayment(requireUser(request), request.params.billId, request.body),
    );
    route(app, billsApi.takeCustomerPayment, { config: staff }, (request) =>
      bills.takePayment(requireUser(request), request.params.customerId, request.body),
    );
    route(app, billsApi.getPayment, { config: staff }, (request) =>
      bills.getPayment(request.params.paymentId),
    );
    route(app, billsApi.bouncePayment, { config: adminOnly }, (request) =>
      bills.bouncePayment(requireUser(request), request.params.paymentId, request.body.reason),
    );
    route(app, billsApi.closeBill, { config: staff }, (request) =>
      bills.close(requireUser(request), request.params.billId),
    );
    route(app, billsApi.cancelBill, { config: adminOnly }, (request) =>
      bills.cancel(requireUser(request), request.params.billId, request.body.reason),
    );
  };
