import type { FastifyPluginAsync } from 'fastify';
import { billCancelRequestsApi, billsApi, type EmployeePermission } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { BillCancelRequestsService } from './bill-cancel-requests.js';
import type { BillsService } from './bills.service.js';

const staff = { access: ['admin', 'employee'] as const };
const adminOnly = { access: ['admin'] as const };
/** Staff routes an employee's job title must allow (docs/back-office-people.md "Roles and permissions"). */
const staffMay = (permission: EmployeePermission) => ({ ...staff, permission });

/**
 * Wholesale bill and payment routes (docs/back-office-bills.md, docs/gst.md): admins and
 * employees; only admins cancel a bill (employees ask, and the admin approves) or mark a cheque
 * bounced. An employee's job title must allow adding purchases, taking payments, closing bills
 * and asking to cancel (`permission`, docs/back-office-people.md "Roles and permissions").
 * Each route's contract (path, schemas, answers) is in `@bazaar/shared`'s `billsApi`.
 */
export const billsRoutes =
  (bills: BillsService, cancelRequests: BillCancelRequestsService): FastifyPluginAsync =>
  async (app) => {
    route(app, billsApi.listCustomerBills, { config: staff }, (request) =>
      bills.list(request.params.customerId, request.query),
    );
    route(app, billsApi.createBill, { config: staffMay('addPurchases') }, (request) =>
      bills.create(requireUser(request), request.params.customerId, request.body),
    );
    route(app, billsApi.listCustomerPayments, { config: staff }, (request) =>
      bills.customerPayments(request.params.customerId),
    );
    route(app, billsApi.getBill, { config: staff }, (request) => bills.get(request.params.billId));
    route(app, billsApi.addBillPayment, { config: staffMay('takePayments') }, (request) =>
      bills.addPayment(requireUser(request), request.params.billId, request.body),
    );
    route(app, billsApi.takeCustomerPayment, { config: staffMay('takePayments') }, (request) =>
      bills.takePayment(requireUser(request), request.params.customerId, request.body),
    );
    route(app, billsApi.getPayment, { config: staff }, (request) =>
      bills.getPayment(request.params.paymentId),
    );
    route(app, billsApi.bouncePayment, { config: adminOnly }, (request) =>
      bills.bouncePayment(requireUser(request), request.params.paymentId, request.body.reason),
    );
    route(app, billsApi.closeBill, { config: staffMay('closeBills') }, (request) =>
      bills.close(requireUser(request), request.params.billId),
    );
    route(app, billsApi.cancelBill, { config: adminOnly }, (request) =>
      bills.cancel(requireUser(request), request.params.billId, request.body.reason),
    );
    // Cancel requests: an employee asks, the admin decides (docs/back-office-bills.md).
    route(
      app,
      billCancelRequestsApi.requestBillCancel,
      { config: { access: ['employee'] as const, permission: 'requestBillCancels' as const } },
      (request) =>
        cancelRequests.request(requireUser(request), request.params.billId, request.body.reason),
    );
    route(app, billCancelRequestsApi.listBillCancelRequests, { config: staff }, (request) =>
      cancelRequests.listForBill(request.params.billId),
    );
    route(app, billCancelRequestsApi.listCancelRequests, { config: adminOnly }, (request) =>
      cancelRequests.list(request.query),
    );
    route(app, billCancelRequestsApi.approveCancelRequest, { config: adminOnly }, (request) =>
      cancelRequests.approve(requireUser(request), request.params.requestId),
    );
    route(app, billCancelRequestsApi.rejectCancelRequest, { config: adminOnly }, (request) =>
      cancelRequests.reject(requireUser(request), request.params.requestId, request.body.reason),
    );
  };
