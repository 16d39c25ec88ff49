import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BillCustomerParamsSchema,
  BillIdParamsSchema,
  BillInvoiceDataSchema,
  BillPaymentDetailsDataSchema,
  CustomerSummaryDataSchema,
  ErrorBodySchema,
  OrderInvoiceDataSchema,
  PaymentHistoryDataSchema,
  ShipmentParamsSchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { DocumentsService } from './documents.service.js';

const staff = { access: ['admin', 'employee'] as const };
const customerOnly = { access: ['customer'] as const };
const guarded = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

/**
 * Document data routes (issue 8; docs/documents.md): the JSON each PDF is drawn from in the
 * browser. Wholesale documents for admins and employees; the order invoice for the customer who
 * owns the order. Amounts are paise, times ISO 8601.
 */
export const documentsRoutes =
  (documents: DocumentsService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/documents/bills/{billId}/invoice`: BillInvoiceData; 404 'Bill not found'. */
    app.get(
      '/api/documents/bills/:billId/invoice',
      {
        config: staff,
        schema: {
          tags: ['documents'],
          summary: 'Data of the GST tax invoice of one bill',
          params: BillIdParamsSchema,
          response: { 200: BillInvoiceDataSchema, ...guarded },
        },
      },
      async (request) => documents.billInvoice(request.params.billId),
    );

    /** `GET /api/documents/bills/{billId}/payments`: BillPaymentDetailsData; 404. */
    app.get(
      '/api/documents/bills/:billId/payments',
      {
        config: staff,
        schema: {
          tags: ['documents'],
          summary: "Data of one bill's payment details (Print Details)",
          params: BillIdParamsSchema,
          response: { 200: BillPaymentDetailsDataSchema, ...guarded },
        },
      },
      async (request) => documents.billPayments(request.params.billId),
    );

    /** `GET /api/documents/customers/{customerId}/summary`: CustomerSummaryData; 404. */
    app.get(
      '/api/documents/customers/:customerId/summary',
      {
        config: staff,
        schema: {
          tags: ['documents'],
          summary: "Data of a customer's summary invoice (every bill)",
          params: BillCustomerParamsSchema,
          response: { 200: CustomerSummaryDataSchema, ...guarded },
        },
      },
      async (request) => documents.customerSummary(request.params.customerId),
    );

    /** `GET /api/documents/customers/{customerId}/payments`: PaymentHistoryData; 404. */
    app.get(
      '/api/documents/customers/:customerId/payments',
      {
        config: staff,
        schema: {
          tags: ['documents'],
          summary: "Data of a customer's payment history",
          params: BillCustomerParamsSchema,
          response: { 200: PaymentHistoryDataSchema, ...guarded },
        },
      },
      async (request) => documents.paymentHistory(request.params.customerId),
    );

    /**
     * `GET /api/documents/orders/{orderId}/shipments/{shipmentId}/invoice`: OrderInvoiceData of
     * the customer's own delivered shipment; 404 unknown or another customer's; 422 not
     * delivered yet.
     */
    app.get(
      '/api/documents/orders/:orderId/shipments/:shipmentId/invoice',
      {
        config: customerOnly,
        schema: {
          tags: ['documents'],
          summary: 'Data of the invoice of a delivered shipment (My Orders)',
          params: ShipmentParamsSchema,
          response: { 200: OrderInvoiceDataSchema, ...guarded, 422: ErrorBodySchema },
        },
      },
      async (request) =>
        documents.orderInvoice(
          requireUser(request).id,
          request.params.orderId,
          request.params.shipmentId,
        ),
    );
  };
