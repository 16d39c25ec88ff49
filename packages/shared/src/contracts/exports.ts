import { defineEndpoint } from './endpoint.js';
import {
  ExportFormatQuerySchema,
  ExportRangeQuerySchema,
  TallyExportQuerySchema,
} from '../schemas/exports.js';

/*
 * Accountant's exports (docs/back-office-reports.md "Exports"): files, not JSON, so the
 * contracts describe no success body. Admins only, as the reports (employees, customers,
 * sellers 403; no session 401). Dates in the files are DD-MM-YYYY in Indian time, amounts
 * rupees with 2 decimals (numbers in Excel with an Indian grouping format).
 */

/**
 * The bills dated `from`..`to` (Indian days, both included) as `text/csv` or `.xlsx`
 * (`bills_{from}_{to}.{format}`): Bill No, Invoice No, Bill Date, Customer, Shop, GSTIN, Place of
 * Supply, Taxable Value, CGST, SGST, IGST, Total, Paid, Credit Notes, Dues, Status, Sold By.
 * 400 with `fields` for a bad format or range (the report's messages).
 */
export const exportBills = defineEndpoint({
  method: 'GET',
  path: '/api/exports/bills',
  tag: 'reports',
  summary: 'Download the bills of a date range as CSV or Excel',
  query: ExportRangeQuerySchema,
  responses: {},
  errors: [400, 401, 403],
});

/**
 * The payments received `from`..`to` (by payment day) as CSV or Excel
 * (`payments_{from}_{to}.{format}`), one row per payment with its mode, UTR or cheque details,
 * bills paid and status (a bounced cheque says Bounced with its day and reason).
 */
export const exportPayments = defineEndpoint({
  method: 'GET',
  path: '/api/exports/payments',
  tag: 'reports',
  summary: 'Download the payments of a date range as CSV or Excel',
  query: ExportRangeQuerySchema,
  responses: {},
  errors: [400, 401, 403],
});

/** Every wholesale customer with GSTIN, address, and billed, paid and dues to date. */
export const exportCustomers = defineEndpoint({
  method: 'GET',
  path: '/api/exports/customers',
  tag: 'reports',
  summary: 'Download the wholesale customers as CSV or Excel',
  query: ExportFormatQuerySchema,
  responses: {},
  errors: [400, 401, 403],
});

/** Every stock row with HSN, pieces, rate and stock value as of now. */
export const exportStock = defineEndpoint({
  method: 'GET',
  path: '/api/exports/stock',
  tag: 'reports',
  summary: 'Download the product stock as CSV or Excel',
  query: ExportFormatQuerySchema,
  responses: {},
  errors: [400, 401, 403],
});

/**
 * The month's Sales (issued invoices and bills of supply, cancelled ones left out), Credit Note,
 * Receipt (payments) and Payment (bounced cheques, refunds of cancelled bills) vouchers as a Tally
 * import file (`application/xml`, `tally_{YYYY-MM}.xml`). 400 for a bad month.
 */
export const exportTally = defineEndpoint({
  method: 'GET',
  path: '/api/exports/tally',
  tag: 'reports',
  summary: "Download the month's vouchers as a Tally import XML",
  query: TallyExportQuerySchema,
  responses: {},
  errors: [400, 401, 403],
});
