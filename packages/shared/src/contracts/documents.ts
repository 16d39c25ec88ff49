import { defineEndpoint } from './endpoint.js';
import { BillCustomerParamsSchema, BillIdParamsSchema } from '../schemas/billing.js';
import {
  BillInvoiceDataSchema,
  BillPaymentDetailsDataSchema,
  CustomerSummaryDataSchema,
  OrderInvoiceDataSchema,
  PaymentHistoryDataSchema,
  PaymentReceiptDataSchema,
} from '../schemas/documents.js';
import { PaymentIdParamsSchema } from '../schemas/bill-payments.js';
import { ShipmentParamsSchema } from '../schemas/orders.js';

/**
 * The data each PDF document is drawn from in the browser (docs/documents.md): the wholesale
 * documents for admins and employees, the order invoice for the customer who owns the order.
 * Amounts are paise, times ISO 8601. Every endpoint may answer 401 (no session) and 403
 * (another role).
 */

/** The GST tax invoice of one bill (Print Invoice). 404 'Bill not found'. */
export const getBillInvoiceData = defineEndpoint({
  method: 'GET',
  path: '/api/documents/bills/:billId/invoice',
  tag: 'documents',
  summary: 'Data of the GST tax invoice of one bill',
  params: BillIdParamsSchema,
  responses: { 200: BillInvoiceDataSchema },
  errors: [400, 401, 403, 404],
});

/** One bill's payment details (Print Details). 404 'Bill not found'. */
export const getBillPaymentDetailsData = defineEndpoint({
  method: 'GET',
  path: '/api/documents/bills/:billId/payments',
  tag: 'documents',
  summary: "Data of one bill's payment details (Print Details)",
  params: BillIdParamsSchema,
  responses: { 200: BillPaymentDetailsDataSchema },
  errors: [400, 401, 403, 404],
});

/** A customer's summary invoice, every bill. 404 'Customer not found'. */
export const getCustomerSummaryData = defineEndpoint({
  method: 'GET',
  path: '/api/documents/customers/:customerId/summary',
  tag: 'documents',
  summary: "Data of a customer's summary invoice (every bill)",
  params: BillCustomerParamsSchema,
  responses: { 200: CustomerSummaryDataSchema },
  errors: [400, 401, 403, 404],
});

/** A customer's payment history. 404 'Customer not found'. */
export const getPaymentHistoryData = defineEndpoint({
  method: 'GET',
  path: '/api/documents/customers/:customerId/payments',
  tag: 'documents',
  summary: "Data of a customer's payment history",
  params: BillCustomerParamsSchema,
  responses: { 200: PaymentHistoryDataSchema },
  errors: [400, 401, 403, 404],
});

/**
 * The invoice of the customer's own delivered shipment (My Orders). 404 unknown or another
 * customer's; 422 INVOICE_NOT_READY while it is not delivered.
 */
export const getOrderInvoiceData = defineEndpoint({
  method: 'GET',
  path: '/api/documents/orders/:orderId/shipments/:shipmentId/invoice',
  tag: 'documents',
  summary: 'Data of the invoice of a delivered shipment (My Orders)',
  params: ShipmentParamsSchema,
  responses: { 200: OrderInvoiceDataSchema },
  errors: [400, 401, 403, 404, 422],
});

/** One payment's receipt (the receipt button of a payment row). 404 'Payment not found'. */
export const getPaymentReceiptData = defineEndpoint({
  method: 'GET',
  path: '/api/documents/payments/:paymentId/receipt',
  tag: 'documents',
  summary: "Data of one payment's receipt",
  params: PaymentIdParamsSchema,
  responses: { 200: PaymentReceiptDataSchema },
  errors: [400, 401, 403, 404],
});
