/**
 * The PDF documents (docs/documents.md): pure functions from the
 * `/api/documents/...` data to pdfmake document definitions, the seller of record and tax
 * helpers, the amount in words and the file names. Nothing here loads pdfmake itself: the
 * browser's renderer (apps/web/src/components/documents) and the Node tests do.
 */
export * from './rules.js';
export * from './seller.js';
export * from './words.js';
export * from './file-name.js';
export * from './issued-document.js';
export * from './tax-invoice.js';
export * from './summary-invoice.js';
export * from './payment-history.js';
export * from './payment-receipt.js';
export * from './order-invoice.js';
export * from '../schemas/documents.js';
export * from './seller-statement.js';
export * from './customer-statement.js';
export * from './upi.js';
export * from './stock-labels.js';
