import { defineEndpoint } from './endpoint.js';
import {
  IrnInputSchema,
  TaxDocumentIdParamsSchema,
  TaxSettingsInputSchema,
  TaxSettingsSchema,
} from '../schemas/business-settings.js';
import { IssuedTaxDocumentSchema } from '../schemas/tax-documents.js';

/**
 * Issued tax documents: e-invoice JSON, IRN entry, business turnover setting (docs/gst.md
 * "E-invoice", "Settings"). Money is integer paise. Every endpoint may also answer 401 (no
 * session) and 403 (another role).
 */

/** Admin: the aggregate annual turnover and whether e-invoicing applies (above ₹5 crore). */
export const getTaxSettings = defineEndpoint({
  method: 'GET',
  path: '/api/settings/tax',
  tag: 'tax documents',
  summary: 'The business turnover setting (e-invoicing and 6-digit HSN above ₹5 crore)',
  responses: { 200: TaxSettingsSchema },
  errors: [401, 403],
});

/**
 * Admin, `{ annualTurnoverPaise }` (integer >= 0): saves it (audited); invoices issued from now
 * on follow it. 400 with a field message on `annualTurnoverPaise`.
 */
export const updateTaxSettings = defineEndpoint({
  method: 'PUT',
  path: '/api/settings/tax',
  tag: 'tax documents',
  summary: 'Save the business turnover setting',
  body: TaxSettingsInputSchema,
  responses: { 200: TaxSettingsSchema },
  errors: [400, 401, 403],
});

/**
 * Admin, employee: the document's INV-01 (v1.1) JSON as an attachment
 * `EINV_{number with / as -}.json` (application/json; not described here as it is a file).
 * 404 no such document; 422 not e-invoiceable (bill of supply, no recipient GSTIN, cancelled).
 */
export const downloadEInvoiceJson = defineEndpoint({
  method: 'GET',
  path: '/api/tax-documents/:documentId/e-invoice',
  tag: 'tax documents',
  summary: 'Download the e-invoice JSON (INV-01 v1.1) of a B2B invoice or credit note',
  params: TaxDocumentIdParamsSchema,
  responses: {},
  errors: [400, 401, 403, 404, 422],
});

/**
 * Admin, `{ irn, ackNumber, ackDate, signedQrCode }` from the IRP: stored on the document
 * (audited) and printed on it from then on; answers the document. 404; 409 the document is
 * cancelled or has an IRN already; 422 the document is not e-invoiceable.
 */
export const recordIrn = defineEndpoint({
  method: 'PUT',
  path: '/api/tax-documents/:documentId/irn',
  tag: 'tax documents',
  summary: 'Record the IRN, acknowledgement and signed QR code of an e-invoice',
  params: TaxDocumentIdParamsSchema,
  body: IrnInputSchema,
  responses: { 200: IssuedTaxDocumentSchema },
  errors: [400, 401, 403, 404, 409, 422],
});
