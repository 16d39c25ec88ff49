import { defineEndpoint } from './endpoint.js';
import {
  AddPaymentInputSchema,
  BillCustomerParamsSchema,
  BillDetailSchema,
  BillIdParamsSchema,
  BillListQuerySchema,
  BillPageSchema,
  CancelBillInputSchema,
  CreateBillInputSchema,
  CustomerPaymentsSchema,
} from '../schemas/billing.js';
import {
  BouncePaymentInputSchema,
  PaymentIdParamsSchema,
  PaymentSchema,
  TakePaymentInputSchema,
} from '../schemas/bill-payments.js';

/**
 * Wholesale bills (docs/back-office-bills.md): admins and employees; amounts in paise. Every
 * endpoint may also answer 401 (no session) and 403 (another role).
 */

/** A customer's bills, 10 a page, newest first, with totals over all of them. 404: no customer. */
export const listCustomerBills = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:customerId/bills',
  tag: 'back-office',
  summary: "A customer's bills with their totals",
  params: BillCustomerParamsSchema,
  query: BillListQuerySchema,
  responses: { 200: BillPageSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Add New Purchase: saves the bill, its lines, the stock sale, its tax invoice (or bill of
 * supply, without GST) with the next number of its series, and the first payment in one
 * transaction (docs/gst.md "Wholesale invoices"). 409 OUT_OF_STOCK when a line needs more pieces than the stock holds; 422
 * PAYMENT_EXCEEDS_DUES when the amount received is above the total.
 */
export const createBill = defineEndpoint({
  method: 'POST',
  path: '/api/customers/:customerId/bills',
  tag: 'back-office',
  summary: 'Save a purchase: bill, lines, stock sale and first payment',
  params: BillCustomerParamsSchema,
  body: CreateBillInputSchema,
  responses: { 201: BillDetailSchema },
  errors: [400, 401, 403, 404, 409, 422],
});

/** Every payment of a customer's bills, oldest first. 404: no customer. */
export const listCustomerPayments = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:customerId/payments',
  tag: 'back-office',
  summary: "Every payment of a customer's bills",
  params: BillCustomerParamsSchema,
  responses: { 200: CustomerPaymentsSchema },
  errors: [400, 401, 403, 404],
});

/** A bill with its lines, payments, issued invoice and credit notes. 404: no bill. */
export const getBill = defineEndpoint({
  method: 'GET',
  path: '/api/bills/:billId',
  tag: 'back-office',
  summary: 'A bill with its lines and payments',
  params: BillIdParamsSchema,
  responses: { 200: BillDetailSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Records a part payment with its mode (cash, UPI, bank transfer with a UTR, cheque with number,
 * bank and date) and its receipt. 400 with the mode's `fields`; 422 PAYMENT_EXCEEDS_DUES above
 * the dues, BILL_CLOSED on a closed bill, BILL_CANCELLED on a cancelled one.
 */
export const addBillPayment = defineEndpoint({
  method: 'POST',
  path: '/api/bills/:billId/payments',
  tag: 'back-office',
  summary: 'Record a part payment (up to the dues)',
  params: BillIdParamsSchema,
  body: AddPaymentInputSchema,
  responses: { 200: BillDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * Closes a bill paid in full. 422 BILL_NOT_PAID while the total exceeds the amount received,
 * BILL_CANCELLED on a cancelled bill.
 */
export const closeBill = defineEndpoint({
  method: 'POST',
  path: '/api/bills/:billId/close',
  tag: 'back-office',
  summary: 'Close a bill that is paid in full',
  params: BillIdParamsSchema,
  responses: { 200: BillDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * Admin only: cancels an issued bill (docs/gst.md "Cancelling a bill"): its pieces go back to
 * stock, its tax invoice or bill of supply keeps its number marked CANCELLED, the money received
 * is recorded as refunded, and its dues become 0. An issued bill is never deleted. 422
 * BILL_CANCELLED when already cancelled, BILL_HAS_CREDIT_NOTES when credit notes were issued
 * against it (issue another credit note instead).
 */
export const cancelBill = defineEndpoint({
  method: 'POST',
  path: '/api/bills/:billId/cancel',
  tag: 'back-office',
  summary: 'Cancel a bill: stock back, invoice marked cancelled, money refunded',
  params: BillIdParamsSchema,
  body: CancelBillInputSchema,
  responses: { 200: BillDetailSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * Take payment: one payment with its mode and receipt on the customer's account, shared over its
 * open bills oldest first or over chosen bills, in one transaction (docs/back-office-bills.md
 * "Payments"). 404 no customer; 422 PAYMENT_EXCEEDS_DUES above the open bills' dues (or a chosen
 * bill's), BILL_NOT_OPEN for a chosen bill that is not an open bill of the customer.
 */
export const takeCustomerPayment = defineEndpoint({
  method: 'POST',
  path: '/api/customers/:customerId/payments',
  tag: 'back-office',
  summary: "Take a payment on a customer's account, shared over its open bills",
  params: BillCustomerParamsSchema,
  body: TakePaymentInputSchema,
  responses: { 201: PaymentSchema },
  errors: [400, 401, 403, 404, 422],
});

/** One payment with its receipt number, mode, state and the bills it paid. 404: no payment. */
export const getPayment = defineEndpoint({
  method: 'GET',
  path: '/api/payments/:paymentId',
  tag: 'back-office',
  summary: 'A payment with its receipt and the bills it paid',
  params: PaymentIdParamsSchema,
  responses: { 200: PaymentSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Admin only: marks a cheque bounced with the reason: every bill it paid owes that part again
 * (a closed bill opens again), audited (docs/back-office-bills.md "Payments"). 422
 * PAYMENT_NOT_CHEQUE for another mode, PAYMENT_BOUNCED when already marked, BILL_CANCELLED when a
 * bill it paid is cancelled.
 */
export const bouncePayment = defineEndpoint({
  method: 'POST',
  path: '/api/payments/:paymentId/bounce',
  tag: 'back-office',
  summary: 'Mark a cheque bounced: its bills owe the amount again',
  params: PaymentIdParamsSchema,
  body: BouncePaymentInputSchema,
  responses: { 200: PaymentSchema },
  errors: [400, 401, 403, 404, 422],
});
