import type { FastifyPluginAsync } from 'fastify';
import { documentsApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { DocumentsService } from './documents.service.js';

const staff = { access: ['admin', 'employee'] as const };
const customerOnly = { access: ['customer'] as const };

/**
 * Document data routes (docs/documents.md): the JSON each PDF is drawn from in the browser.
 * Wholesale documents for admins and employees; the order invoice for the customer who owns the
 * order. Each route's contract is in `@bazaar/shared`'s `documentsApi`.
 */
export const documentsRoutes =
  (documents: DocumentsService): FastifyPluginAsync =>
  async (app) => {
    route(app, documentsApi.getBillInvoiceData, { config: staff }, (request) =>
      documents.billInvoice(request.params.billId),
    );
    route(app, documentsApi.getBillPaymentDetailsData, { config: staff }, (request) =>
      documents.billPayments(request.params.billId),
    );
    route(app, documentsApi.getCustomerSummaryData, { config: staff }, (request) =>
      documents.customerSummary(request.params.customerId),
    );
    route(app, documentsApi.getPaymentHistoryData, { config: staff }, (request) =>
      documents.paymentHistory(request.params.customerId),
    );
    route(app, documentsApi.getPaymentReceiptData, { config: staff }, (request) =>
      documents.paymentReceipt(request.params.paymentId),
    );
    route(app, documentsApi.getOrderInvoiceData, { config: customerOnly }, (request) =>
      documents.orderInvoice(
        requireUser(request).id,
        request.params.orderId,
        request.params.shipmentId,
      ),
    );
  };
