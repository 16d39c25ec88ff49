/*
 * What other modules use of the bills module besides its service (docs/architecture.md
 * "Boundaries"): credit notes lower a bill's dues only through `addCredit`, under the bill's lock;
 * start-up and the demo seed give older bills their invoices through `issueMissingBillDocuments`;
 * the demo seed numbers its payments' receipts with `receiptNumbersInOrder`.
 */
export { addCredit, findBill, findBillItems, type BillRecord } from './bills.repo.js';
export { issueMissingBillDocuments, recipientOf, supplierOf } from './bill-invoices.js';
export { receiptNumbersInOrder } from './bill-payments.js';
