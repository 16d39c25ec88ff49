import { defineEndpoint } from './endpoint.js';
import {
  BillDetailSchema,
  BillIdParamsSchema,
  BillListQuerySchema,
  BillPageSchema,
} from '../schemas/billing.js';
import { PaymentIdParamsSchema } from '../schemas/bill-payments.js';
import { CreditNoteDocumentSchema, CreditNoteIdParamsSchema } from '../schemas/credit-notes.js';
import { BillInvoiceDataSchema, PaymentReceiptDataSchema } from '../schemas/documents.js';
import {
  CustomerStatementSchema,
  LedgerPageSchema,
  LedgerQuerySchema,
  StatementQuerySchema,
} from '../schemas/ledger.js';
import { MyWholesaleSummarySchema } from '../schemas/my-wholesale.js';

/**
 * "My bills": the signed-in wholesale customer's own bills, payments, ledger and statements
 * (docs/back-office-ledger.md "The customer's own view"). Customers only; the customer record
 * is the signed-in account's, never one named in the path. Every endpoint may answer 401 (no
 * session) and 403 (another role); every one but the summary answers 404 'This account has no
 * wholesale bills with the business' to a plain marketplace customer.
 */

/** The account's totals (billed, paid, credit notes, dues, ledger balance), or the empty state. */
export const getMyWholesaleSummary = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale',
  tag: 'my wholesale account',
  summary: "The signed-in wholesale customer's totals",
  responses: { 200: MyWholesaleSummarySchema },
  errors: [401, 403],
});

/** `?status=&search=&page=`: the account's bills, 10 a page, newest first, with totals. */
export const listMyBills = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/bills',
  tag: 'my wholesale account',
  summary: "The signed-in wholesale customer's bills",
  query: BillListQuerySchema,
  responses: { 200: BillPageSchema },
  errors: [400, 401, 403, 404],
});

/** One of the account's bills with its lines and payments; 404 'Bill not found' for another's. */
export const getMyBill = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/bills/:billId',
  tag: 'my wholesale account',
  summary: 'One of my bills with its payments',
  params: BillIdParamsSchema,
  responses: { 200: BillDetailSchema },
  errors: [400, 401, 403, 404],
});

/** The data of one of the account's bill invoices (the same PDF as the back office's). */
export const getMyBillInvoiceData = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/bills/:billId/invoice',
  tag: 'my wholesale account',
  summary: 'Data of the tax invoice of one of my bills',
  params: BillIdParamsSchema,
  responses: { 200: BillInvoiceDataSchema },
  errors: [400, 401, 403, 404],
});

/** `?before=`: a page of the account's ledger (20 rows newest first, running balance). */
export const getMyLedger = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/ledger',
  tag: 'my wholesale account',
  summary: 'A page of my ledger with running balance',
  query: LedgerQuerySchema,
  responses: { 200: LedgerPageSchema },
  errors: [400, 401, 403, 404],
});

/** `?from=&to=`: the account's statement for a date range (PDF data). */
export const getMyStatement = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/statement',
  tag: 'my wholesale account',
  summary: 'My statement for a date range (PDF data)',
  query: StatementQuerySchema,
  responses: { 200: CustomerStatementSchema },
  errors: [400, 401, 403, 404],
});

/** `?from=&to=`: the same statement as a PDF attachment (the back office's PDF). */
export const downloadMyStatementPdf = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/statement/pdf',
  tag: 'my wholesale account',
  summary: 'My statement for a date range as PDF',
  query: StatementQuerySchema,
  responses: {},
  errors: [400, 401, 403, 404],
});

/** `?from=&to=`: the same statement as a CSV attachment. */
export const downloadMyStatementCsv = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/statement/csv',
  tag: 'my wholesale account',
  summary: 'My statement for a date range as CSV',
  query: StatementQuerySchema,
  responses: {},
  errors: [400, 401, 403, 404],
});

/**
 * The data of the receipt of one of the account's payments (the same PDF as the back office's
 * receipt); 404 'Payment not found' for another customer's payment or an unknown one.
 */
export const getMyPaymentReceiptData = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/payments/:paymentId/receipt',
  tag: 'my wholesale account',
  summary: 'Data of the receipt of one of my payments',
  params: PaymentIdParamsSchema,
  responses: { 200: PaymentReceiptDataSchema },
  errors: [400, 401, 403, 404],
});

/**
 * A credit note issued against one of the account's bills, as frozen at issue (for its PDF); 404
 * 'Credit note not found' for another customer's credit note or an unknown one.
 */
export const getMyCreditNote = defineEndpoint({
  method: 'GET',
  path: '/api/my/wholesale/credit-notes/:documentId',
  tag: 'my wholesale account',
  summary: 'One credit note of my bills (PDF data)',
  params: CreditNoteIdParamsSchema,
  responses: { 200: CreditNoteDocumentSchema },
  errors: [400, 401, 403, 404],
});
