/**
 * Rules of the document endpoints (docs/documents.md), in a module of their own so the
 * pages that show a download button do not pull in the document definitions or zod schemas.
 */

/** Texts of the document endpoints' refusals. */
export const DOCUMENT_MESSAGES = {
  invoiceNotDelivered: 'The invoice is available once the shipment is delivered',
  invoiceNotIssued: 'The invoice of this shipment is not issued yet; try again in a minute',
} as const;

/** Shipment statuses whose customer invoice can be downloaded: delivered and the return steps. */
export const INVOICEABLE_SHIPMENT_STATUSES = [
  'delivered',
  'return_requested',
  'return_approved',
  'return_rejected',
  'returned',
  'refunded',
] as const;
