import { defineEndpoint } from './endpoint.js';
import { BillIdParamsSchema } from '../schemas/billing.js';
import {
  CreditNoteDocumentSchema,
  CreditNoteIdParamsSchema,
  IssueCreditNoteInputSchema,
} from '../schemas/credit-notes.js';
import { IssuedTaxDocumentSchema } from '../schemas/tax-documents.js';

/**
 * Credit notes against issued wholesale invoices (docs/gst.md "Credit notes"). Every endpoint may
 * also answer 401 (no session) and 403 (another role).
 */

/**
 * Admin only: issues a credit note against the bill's tax invoice (or bill of supply, then
 * without tax) in one transaction: the next number of the business's credit-note series, each
 * line at its invoice line's rate, returned pieces back to stock, and the bill's dues lowered by
 * the credit note's total. 400 with `fields` (`lines.{i}.quantity`, `lines.{i}.amountPaise`,
 * `lines.{i}.lineNumber`) for bad input, including more pieces or value than is left to credit;
 * 404 no bill; 422 BILL_CANCELLED on a cancelled bill, or the invoice is missing or past the time
 * limit of section 34(2).
 */
export const issueCreditNote = defineEndpoint({
  method: 'POST',
  path: '/api/bills/:billId/credit-notes',
  tag: 'back-office',
  summary: 'Issue a credit note (goods returned or price correction) against a bill’s invoice',
  params: BillIdParamsSchema,
  body: IssueCreditNoteInputSchema,
  responses: { 201: IssuedTaxDocumentSchema },
  errors: [400, 401, 403, 404, 422],
});

/** An issued credit note as frozen at issue (for its PDF). 404 when no credit note has that id. */
export const getCreditNote = defineEndpoint({
  method: 'GET',
  path: '/api/credit-notes/:documentId',
  tag: 'back-office',
  summary: 'An issued credit note',
  params: CreditNoteIdParamsSchema,
  responses: { 200: CreditNoteDocumentSchema },
  errors: [400, 401, 403, 404],
});
