import type { Readable } from 'node:stream';
import {
  billDuesPaise,
  billNumberOf,
  gstStateCodeOf,
  gstStateNameOf,
  hsnClassOf,
  indianDateOf,
  PAYMENT_MODE_LABELS,
  sellerNameOf,
  type ExportFormat,
  type ExportFormatQuery,
  type ExportRangeQuery,
  type PaymentMode,
  type TallyExportQuery,
} from '@bazaar/shared';
import { loadTallyConfig, type TallyConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { exportStream, type ExportColumn, type ExportList } from './export-files.js';
import * as repo from './exports.repo.js';
import { tallyVouchersOf, tallyXmlOf } from './tally.js';

/** A file to send: its name, content type and body (a stream for lists, text for Tally). */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: Readable | string;
}

const STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  closed: 'Closed',
  cancelled: 'Cancelled',
  received: 'Received',
  bounced: 'Bounced',
};
const DOCUMENT_LABELS: Record<string, string> = {
  tax_invoice: 'Tax Invoice',
  bill_of_supply: 'Bill of Supply',
};

/** '10-Bihar', the returns' way of writing a place of supply. */
function placeOfSupplyText(code: string | null, state: string): string {
  const stateCode = code ?? gstStateCodeOf(state);
  const name = (code && gstStateNameOf(code)) ?? state;
  return stateCode ? `${stateCode}-${name}` : name;
}

/** Columns of the bills export (one row per bill, cancelled ones with 0 dues). */
export const BILL_COLUMNS: ExportColumn<repo.BillExportRow>[] = [
  { header: 'Bill No', kind: 'text', width: 10, value: (bill) => billNumberOf(bill.id) },
  { header: 'Invoice No', kind: 'text', width: 18, value: (bill) => bill.documentNumber },
  {
    header: 'Document',
    kind: 'text',
    width: 14,
    value: (bill) => (bill.documentKind ? (DOCUMENT_LABELS[bill.documentKind] ?? null) : null),
  },
  { header: 'Bill Date', kind: 'date', width: 12, value: (bill) => indianDateOf(bill.purchasedAt) },
  { header: 'Customer', kind: 'text', width: 22, value: (bill) => bill.customerName },
  { header: 'Shop', kind: 'text', width: 24, value: (bill) => bill.shopName },
  {
    header: 'GSTIN',
    kind: 'text',
    width: 17,
    value: (bill) => (bill.documentNumber ? bill.recipientGstin : bill.customerGstin),
  },
  {
    header: 'Place of Supply',
    kind: 'text',
    width: 18,
    value: (bill) => placeOfSupplyText(bill.placeOfSupplyCode, bill.customerState),
  },
  { header: 'Taxable Value', kind: 'money', width: 15, value: (bill) => bill.amountPaise },
  { header: 'CGST', kind: 'money', width: 12, value: (bill) => bill.cgstPaise },
  { header: 'SGST', kind: 'money', width: 12, value: (bill) => bill.sgstPaise },
  { header: 'IGST', kind: 'money', width: 12, value: (bill) => bill.igstPaise },
  {
    header: 'Total',
    kind: 'money',
    width: 15,
    value: (bill) => bill.amountPaise + bill.gstPaise,
  },
  { header: 'Paid', kind: 'money', width: 15, value: (bill) => bill.receivedPaise },
  { header: 'Credit Notes', kind: 'money', width: 13, value: (bill) => bill.creditedPaise },
  { header: 'Dues', kind: 'money', width: 15, value: (bill) => billDuesPaise(bill) },
  {
    header: 'Status',
    kind: 'text',
    width: 10,
    value: (bill) => STATUS_LABELS[bill.status] ?? bill.status,
  },
  {
    header: 'Sold By',
    kind: 'text',
    width: 18,
    value: (bill) => sellerNameOf(bill.sellerLabel, bill.soldByName),
  },
];

/** Columns of the payments export (one row per payment, bounced cheques included and marked). */
export const PAYMENT_COLUMNS: ExportColumn<repo.PaymentExportRow>[] = [
  { header: 'Receipt No', kind: 'text', width: 16, value: (payment) => payment.receiptNumber },
  {
    header: 'Payment Date',
    kind: 'date',
    width: 13,
    value: (payment) => indianDateOf(payment.paidAt),
  },
  { header: 'Customer', kind: 'text', width: 22, value: (payment) => payment.customerName },
  { header: 'Shop', kind: 'text', width: 24, value: (payment) => payment.shopName },
  { header: 'GSTIN', kind: 'text', width: 17, value: (payment) => payment.customerGstin },
  {
    header: 'Mode',
    kind: 'text',
    width: 14,
    value: (payment) => PAYMENT_MODE_LABELS[payment.mode as PaymentMode] ?? payment.mode,
  },
  { header: 'UTR / Reference', kind: 'text', width: 24, value: (payment) => payment.reference },
  { header: 'Cheque No', kind: 'text', width: 10, value: (payment) => payment.chequeNumber },
  { header: 'Cheque Bank', kind: 'text', width: 18, value: (payment) => payment.chequeBank },
  { header: 'Cheque Date', kind: 'date', width: 12, value: (payment) => payment.chequeDate },
  { header: 'Amount', kind: 'money', width: 15, value: (payment) => payment.amountPaise },
  {
    header: 'Against Bills',
    kind: 'text',
    width: 20,
    value: (payment) => payment.bills.map((bill) => billNumberOf(bill.billId)).join(' '),
  },
  {
    header: 'Status',
    kind: 'text',
    width: 10,
    value: (payment) => STATUS_LABELS[payment.status] ?? payment.status,
  },
  {
    header: 'Bounced On',
    kind: 'date',
    width: 12,
    value: (payment) => (payment.bouncedAt ? indianDateOf(payment.bouncedAt) : null),
  },
  { header: 'Bounce Reason', kind: 'text', width: 24, value: (payment) => payment.bounceReason },
  { header: 'Received By', kind: 'text', width: 18, value: (payment) => payment.receivedByName },
];

/** Columns of the customers export (totals over the bills that are not cancelled). */
export const CUSTOMER_COLUMNS: ExportColumn<repo.CustomerExportRow>[] = [
  { header: 'Customer ID', kind: 'count', width: 12, value: (customer) => customer.id },
  { header: 'Customer', kind: 'text', width: 22, value: (customer) => customer.name },
  { header: 'Shop', kind: 'text', width: 24, value: (customer) => customer.shopName },
  { header: 'GSTIN', kind: 'text', width: 17, value: (customer) => customer.gstin },
  { header: 'Mobile', kind: 'text', width: 12, value: (customer) => customer.mobile },
  { header: 'Alt Mobile', kind: 'text', width: 12, value: (customer) => customer.altMobile },
  { header: 'Email', kind: 'text', width: 26, value: (customer) => customer.email },
  { header: 'Locality', kind: 'text', width: 20, value: (customer) => customer.locality },
  { header: 'Landmark', kind: 'text', width: 18, value: (customer) => customer.landmark },
  { header: 'City', kind: 'text', width: 14, value: (customer) => customer.city },
  { header: 'State', kind: 'text', width: 16, value: (customer) => customer.state },
  {
    header: 'State Code',
    kind: 'text',
    width: 10,
    value: (customer) => gstStateCodeOf(customer.state) ?? null,
  },
  { header: 'Pincode', kind: 'text', width: 9, value: (customer) => customer.pincode },
  {
    header: 'Customer Since',
    kind: 'date',
    width: 14,
    value: (customer) => indianDateOf(customer.createdAt),
  },
  { header: 'Bills', kind: 'count', width: 8, value: (customer) => customer.billCount },
  { header: 'Billed', kind: 'money', width: 15, value: (customer) => customer.billedPaise },
  { header: 'Paid', kind: 'money', width: 15, value: (customer) => customer.receivedPaise },
  { header: 'Dues', kind: 'money', width: 15, value: (customer) => customer.duesPaise },
];

/** Columns of the stock export (the stock as of now). */
export const STOCK_COLUMNS: ExportColumn<repo.StockExportRow>[] = [
  { header: 'Item', kind: 'text', width: 26, value: (row) => row.item },
  { header: 'Category', kind: 'text', width: 10, value: (row) => row.category },
  { header: 'Type', kind: 'text', width: 10, value: (row) => row.type },
  { header: 'Size', kind: 'text', width: 10, value: (row) => row.size },
  { header: 'SKU', kind: 'text', width: 12, value: (row) => row.sku },
  { header: 'HSN', kind: 'text', width: 8, value: (row) => hsnClassOf(row.hsnClass).hsn },
  { header: 'Quantity (pcs)', kind: 'count', width: 14, value: (row) => row.quantity },
  { header: 'Rate', kind: 'money', width: 12, value: (row) => row.pricePaise },
  {
    header: 'Stock Value',
    kind: 'money',
    width: 15,
    value: (row) => row.quantity * row.pricePaise,
  },
  { header: 'Cost', kind: 'money', width: 12, value: (row) => row.costPaise },
  {
    header: 'Value at Cost',
    kind: 'money',
    width: 15,
    value: (row) => row.quantity * row.costPaise,
  },
  { header: 'Low Stock At (pcs)', kind: 'count', width: 12, value: (row) => row.lowStockAt },
  { header: 'Updated On', kind: 'date', width: 12, value: (row) => indianDateOf(row.updatedAt) },
];

/**
 * Pages of a keyset query: `fetchPage(cursor)` until a page comes back shorter than
 * EXPORT_PAGE_ROWS. The first page is read before the file starts, so a failing query answers 500
 * instead of a cut file.
 */
async function pagesOf<T, C>(
  fetchPage: (cursor: C | null) => Promise<T[]>,
  cursorOf: (last: T) => C,
): Promise<AsyncIterable<T[]>> {
  const first = await fetchPage(null);
  return (async function* () {
    let page = first;
    for (;;) {
      if (page.length > 0) yield page;
      if (page.length < repo.EXPORT_PAGE_ROWS) return;
      page = await fetchPage(cursorOf(page[page.length - 1]!));
    }
  })();
}

function fileOf<T>(name: string, list: ExportList<T>, format: ExportFormat): ExportFile {
  const { body, contentType } = exportStream(list, format);
  return { fileName: `${name}.${format}`, contentType, body };
}

export interface ExportsService {
  /** The bills dated `from`..`to` (Indian days) as CSV or Excel, `bills_{from}_{to}.{format}`. */
  billsFile(query: ExportRangeQuery): Promise<ExportFile>;
  /** The payments received `from`..`to` as CSV or Excel, `payments_{from}_{to}.{format}`. */
  paymentsFile(query: ExportRangeQuery): Promise<ExportFile>;
  /** Every wholesale customer as CSV or Excel, `customers_{today}.{format}`. */
  customersFile(query: ExportFormatQuery): Promise<ExportFile>;
  /** The stock as of now as CSV or Excel, `stock_{today}.{format}`. */
  stockFile(query: ExportFormatQuery): Promise<ExportFile>;
  /**
   * The month's Sales, Credit Note, Receipt and Payment vouchers as a Tally import XML, `tally_{month}.xml`.
   * @throws Error when a voucher would not balance (a 500: the data is inconsistent).
   */
  tallyFile(query: TallyExportQuery): Promise<ExportFile>;
}

/**
 * Accountant's exports (docs/back-office-reports.md "Exports"). `tally` defaults to
 * TALLY_COMPANY / TALLY_LEDGERS (`loadTallyConfig`); `today` gives the Indian day for file names.
 */
export function createExportsService(deps: {
  db: Db;
  tally?: TallyConfig;
  now?: () => Date;
}): ExportsService {
  const { db } = deps;
  const tally = deps.tally ?? loadTallyConfig();
  const today = () => indianDateOf(deps.now?.() ?? new Date());
  const byTime = (last: { id: number; cursorAt: string }): repo.Cursor => ({
    at: last.cursorAt,
    id: last.id,
  });

  return {
    async billsFile(query) {
      const pages = await pagesOf(
        (cursor: repo.Cursor | null) => repo.billsPage(db, query, cursor),
        byTime,
      );
      return fileOf(
        `bills_${query.from}_${query.to}`,
        { sheetName: 'Bills', columns: BILL_COLUMNS, pages },
        query.format,
      );
    },

    async paymentsFile(query) {
      const pages = await pagesOf(
        (cursor: repo.Cursor | null) => repo.paymentsPage(db, query, cursor),
        byTime,
      );
      return fileOf(
        `payments_${query.from}_${query.to}`,
        { sheetName: 'Payments', columns: PAYMENT_COLUMNS, pages },
        query.format,
      );
    },

    async customersFile(query) {
      const pages = await pagesOf(
        (cursor: number | null) => repo.customersPage(db, cursor ?? 0),
        (last) => last.id,
      );
      return fileOf(
        `customers_${today()}`,
        { sheetName: 'Customers', columns: CUSTOMER_COLUMNS, pages },
        query.format,
      );
    },

    async stockFile(query) {
      const rows = await repo.stockRows(db);
      const pages = (async function* () {
        yield rows;
      })();
      return fileOf(
        `stock_${today()}`,
        { sheetName: 'Stock', columns: STOCK_COLUMNS, pages },
        query.format,
      );
    },

    async tallyFile(query) {
      const from = `${query.month}-01`;
      const [year, month] = query.month.split('-').map(Number) as [number, number];
      const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      const range = { from, to };
      const [sales, receipts, bounced, refunds] = await Promise.all([
        repo.salesDocuments(db, range),
        repo.paymentsReceived(db, range),
        repo.paymentsBounced(db, range),
        repo.refundsOfCancelledBills(db, range),
      ]);
      const billIds = [
        ...new Set(
          [...receipts, ...bounced].flatMap((payment) => payment.bills.map((bill) => bill.billId)),
        ),
      ];
      const billReferences = await repo.billReferences(db, billIds);
      const vouchers = tallyVouchersOf(
        { sales, receipts, bounced, refunds, billReferences },
        tally.ledgers,
      );
      return {
        fileName: `tally_${query.month}.xml`,
        contentType: 'application/xml; charset=utf-8',
        body: tallyXmlOf(tally.company, vouchers),
      };
    },
  };
}
