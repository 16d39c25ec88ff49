import { defineEndpoint } from './endpoint.js';
import { CustomerIdParamsSchema } from '../schemas/back-office-people.js';
import {
  AgeingSummarySchema,
  CreditCheckQuerySchema,
  CreditCheckSchema,
  CustomerStatementSchema,
  LedgerPageSchema,
  LedgerQuerySchema,
  StatementQuerySchema,
} from '../schemas/ledger.js';

/**
 * The customer ledger (khata), statements, ageing of dues and the credit-limit check
 * (docs/back-office-ledger.md). Money is paise, days Indian `YYYY-MM-DD`. Every endpoint may
 * answer 401 (no session) and 403 (a role other than those listed).
 */

/**
 * Admin, employee, `?before=` (keyset cursor): 20 rows newest first with the balance after each,
 * the current balance, opening balance, credit limit and ageing; 404 'Customer not found'.
 */
export const getLedger = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:customerId/ledger',
  tag: 'customer ledger',
  summary: 'A page of the customer ledger with running balance',
  params: CustomerIdParamsSchema,
  query: LedgerQuerySchema,
  responses: { 200: LedgerPageSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Admin, employee, `?from=&to=`: the statement's data for the PDF (balance brought forward, rows
 * oldest first, totals, closing balance); 400 dates; 404.
 */
export const getStatement = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:customerId/statement',
  tag: 'customer ledger',
  summary: 'The customer statement for a date range (PDF data)',
  params: CustomerIdParamsSchema,
  query: StatementQuerySchema,
  responses: { 200: CustomerStatementSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Admin, employee, `?from=&to=`: the same statement as a PDF attachment (application/pdf,
 * `Statement {shop} {from} to {to}.pdf`), drawn on the server (decision 33); 400; 404.
 */
export const downloadStatementPdf = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:customerId/statement/pdf',
  tag: 'customer ledger',
  summary: 'The customer statement for a date range as PDF',
  params: CustomerIdParamsSchema,
  query: StatementQuerySchema,
  responses: {},
  errors: [400, 401, 403, 404],
});

/**
 * Admin, employee, `?from=&to=`: the same statement as CSV (text/csv attachment
 * `statement-{shop}-{from}-{to}.csv`); 400; 404.
 */
export const downloadStatementCsv = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:customerId/statement/csv',
  tag: 'customer ledger',
  summary: 'The customer statement for a date range as CSV',
  params: CustomerIdParamsSchema,
  query: StatementQuerySchema,
  responses: {},
  errors: [400, 401, 403, 404],
});

/**
 * Admin, employee, `?amountPaise=`: the credit-limit check of Add New Purchase (a warning, never
 * a refusal); 404.
 */
export const checkCredit = defineEndpoint({
  method: 'GET',
  path: '/api/customers/:customerId/credit-check',
  tag: 'customer ledger',
  summary: 'Would a new bill take the customer above the credit limit?',
  params: CustomerIdParamsSchema,
  query: CreditCheckQuerySchema,
  responses: { 200: CreditCheckSchema },
  errors: [400, 401, 403, 404],
});

/** Admin: every customer's dues by age (the admin home's block). */
export const getAgeing = defineEndpoint({
  method: 'GET',
  path: '/api/ledger/ageing',
  tag: 'customer ledger',
  summary: 'Ageing of all dues (0-30, 31-60, 61-90, over 90 days)',
  responses: { 200: AgeingSummarySchema },
  errors: [401, 403],
});
