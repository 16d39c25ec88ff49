import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { rowsOf, type Row } from '../../db/rows.js';

/*
 * Queries of the exports module (Drizzle only). Like the reports and GSTR-1, an export reads the
 * back office's tables as they are, read-only: bills, their issued documents, payments,
 * customers and stock. Long lists are read in pages by key (`EXPORT_PAGE_ROWS` rows each), so a
 * year of bills is never in memory at once. Days are Indian calendar days `YYYY-MM-DD`.
 */

/** Rows fetched per query while streaming a list. */
export const EXPORT_PAGE_ROWS = 1000;

const toNumber = (value: unknown): number =>
  value === null || value === undefined ? 0 : Number(value);
const toText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const toDateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : toDate(value);

/** The first instant of an Indian day, as SQL (`timestamptz`). */
const startOfIndianDay = (day: string): SQL =>
  sql`(${`${day} 00:00:00`}::timestamp at time zone 'Asia/Kolkata')`;

/** The instants of the Indian days `from`..`to` (both included): `[start, end)`. */
function rangeOf(column: SQL, from: string, to: string): SQL {
  return sql`${column} >= ${startOfIndianDay(from)} and ${column} < ${startOfIndianDay(addDays(to, 1))}`;
}

/**
 * A keyset position: the last row's time as PostgreSQL wrote it (text, so its microseconds
 * survive: a JS Date keeps only milliseconds and would repeat rows of the same millisecond) and
 * its id.
 */
export interface Cursor {
  at: string;
  id: number;
}

/** One bill with its issued invoice (or bill of supply) and customer, paise. */
export interface BillExportRow {
  id: number;
  purchasedAt: Date;
  /** `purchased_at` as text, for the next page's cursor. */
  cursorAt: string;
  amountPaise: number;
  gstPaise: number;
  receivedPaise: number;
  creditedPaise: number;
  status: string;
  sellerLabel: string;
  soldByName: string | null;
  customerName: string;
  shopName: string;
  customerGstin: string | null;
  customerState: string;
  documentNumber: string | null;
  documentKind: string | null;
  recipientGstin: string | null;
  placeOfSupplyCode: string | null;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** The next page of bills dated `from`..`to`, oldest first, after `cursor`. */
export async function billsPage(
  db: Db,
  range: { from: string; to: string },
  cursor: Cursor | null,
): Promise<BillExportRow[]> {
  const after = cursor
    ? sql`and (b.purchased_at, b.id) > (${cursor.at}::timestamptz, ${cursor.id})`
    : sql``;
  const rows = await rowsOf(
    db,
    sql`select b.id, b.purchased_at, b.purchased_at::text as cursor_at, b.amount_paise, b.gst_paise, b.received_paise,
          b.credited_paise, b.status, b.seller_label, u.name as sold_by_name,
          c.name as customer_name, c.shop_name, c.gstin as customer_gstin,
          c.state as customer_state, d.number, d.kind, d.recipient_gstin,
          d.place_of_supply_code, d.cgst_paise, d.sgst_paise, d.igst_paise
        from bills b
        join wholesale_customers c on c.id = b.customer_id
        left join users u on u.id = b.sold_by
        left join lateral (
          select number, kind, recipient_gstin, place_of_supply_code, cgst_paise, sgst_paise,
            igst_paise
          from tax_documents
          where bill_id = b.id and kind <> 'credit_note'
          order by id
          limit 1
        ) d on true
        where ${rangeOf(sql`b.purchased_at`, range.from, range.to)} ${after}
        order by b.purchased_at, b.id
        limit ${EXPORT_PAGE_ROWS}`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    purchasedAt: toDate(row.purchased_at),
    cursorAt: String(row.cursor_at),
    amountPaise: toNumber(row.amount_paise),
    gstPaise: toNumber(row.gst_paise),
    receivedPaise: toNumber(row.received_paise),
    creditedPaise: toNumber(row.credited_paise),
    status: String(row.status),
    sellerLabel: String(row.seller_label),
    soldByName: toText(row.sold_by_name),
    customerName: String(row.customer_name),
    shopName: String(row.shop_name),
    customerGstin: toText(row.customer_gstin),
    customerState: String(row.customer_state),
    documentNumber: toText(row.number),
    documentKind: toText(row.kind),
    recipientGstin: toText(row.recipient_gstin),
    placeOfSupplyCode: toText(row.place_of_supply_code),
    cgstPaise: toNumber(row.cgst_paise),
    sgstPaise: toNumber(row.sgst_paise),
    igstPaise: toNumber(row.igst_paise),
  }));
}

/** One payment with its customer and the bills it paid, paise. */
export interface PaymentExportRow {
  id: number;
  paidAt: Date;
  /** `paid_at` as text, for the next page's cursor. */
  cursorAt: string;
  receiptNumber: string;
  amountPaise: number;
  mode: string;
  reference: string | null;
  chequeNumber: string | null;
  chequeBank: string | null;
  chequeDate: string | null;
  status: string;
  bouncedAt: Date | null;
  bounceReason: string | null;
  receivedByName: string | null;
  customerId: number;
  customerName: string;
  shopName: string;
  city: string;
  customerGstin: string | null;
  /** The bills it paid and how much each took (its 'payment' rows), by bill id. */
  bills: { billId: number; amountPaise: number }[];
}

function paymentOf(row: Row): PaymentExportRow {
  const bills = (row.bills ?? []) as { bill_id: unknown; amount_paise: unknown }[];
  return {
    id: toNumber(row.id),
    paidAt: toDate(row.paid_at),
    cursorAt: String(row.cursor_at),
    receiptNumber: String(row.receipt_number),
    amountPaise: toNumber(row.amount_paise),
    mode: String(row.mode),
    reference: toText(row.reference),
    chequeNumber: toText(row.cheque_number),
    chequeBank: toText(row.cheque_bank),
    chequeDate: toText(row.cheque_date),
    status: String(row.status),
    bouncedAt: toDateOrNull(row.bounced_at),
    bounceReason: toText(row.bounce_reason),
    receivedByName: toText(row.received_by_name),
    customerId: toNumber(row.customer_id),
    customerName: String(row.customer_name),
    shopName: String(row.shop_name),
    city: String(row.city),
    customerGstin: toText(row.customer_gstin),
    bills: (typeof bills === 'string' ? (JSON.parse(bills) as typeof bills) : bills).map(
      (bill) => ({ billId: toNumber(bill.bill_id), amountPaise: toNumber(bill.amount_paise) }),
    ),
  };
}

const paymentColumns = sql`p.id, p.paid_at, p.paid_at::text as cursor_at, p.receipt_number, p.amount_paise, p.mode, p.reference,
  p.cheque_number, p.cheque_bank, p.cheque_date::text as cheque_date, p.status, p.bounced_at,
  p.bounce_reason, u.name as received_by_name, p.customer_id, c.name as customer_name,
  c.shop_name, c.city, c.gstin as customer_gstin,
  coalesce((select json_agg(json_build_object('bill_id', bp.bill_id, 'amount_paise', bp.amount_paise)
              order by bp.bill_id)
            from bill_payments bp where bp.payment_id = p.id and bp.kind = 'payment'), '[]'::json)
    as bills`;

/** The next page of payments received `from`..`to` (by payment day), oldest first. */
export async function paymentsPage(
  db: Db,
  range: { from: string; to: string },
  cursor: Cursor | null,
): Promise<PaymentExportRow[]> {
  const after = cursor
    ? sql`and (p.paid_at, p.id) > (${cursor.at}::timestamptz, ${cursor.id})`
    : sql``;
  const rows = await rowsOf(
    db,
    sql`select ${paymentColumns}
        from wholesale_payments p
        join wholesale_customers c on c.id = p.customer_id
        left join users u on u.id = p.received_by
        where ${rangeOf(sql`p.paid_at`, range.from, range.to)} ${after}
        order by p.paid_at, p.id
        limit ${EXPORT_PAGE_ROWS}`,
  );
  return rows.map(paymentOf);
}

/** One wholesale customer with its bills to date (cancelled bills left out), paise. */
export interface CustomerExportRow {
  id: number;
  name: string;
  shopName: string;
  gstin: string | null;
  mobile: string;
  altMobile: string | null;
  email: string;
  locality: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  createdAt: Date;
  billCount: number;
  billedPaise: number;
  receivedPaise: number;
  duesPaise: number;
}

/** The next page of customers by id after `afterId`. */
export async function customersPage(db: Db, afterId: number): Promise<CustomerExportRow[]> {
  const rows = await rowsOf(
    db,
    sql`select c.id, c.name, c.shop_name, c.gstin, c.mobile, c.alt_mobile, c.email, c.locality,
          c.landmark, c.city, c.state, c.pincode, c.created_at,
          count(b.id) as bill_count,
          coalesce(sum(b.amount_paise + b.gst_paise), 0) as billed,
          coalesce(sum(b.received_paise), 0) as received,
          coalesce(sum(b.amount_paise + b.gst_paise - b.received_paise - b.credited_paise), 0)
            as dues
        from wholesale_customers c
        left join bills b on b.customer_id = c.id and b.status <> 'cancelled'
        where c.id > ${afterId}
        group by c.id
        order by c.id
        limit ${EXPORT_PAGE_ROWS}`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    name: String(row.name),
    shopName: String(row.shop_name),
    gstin: toText(row.gstin),
    mobile: String(row.mobile),
    altMobile: toText(row.alt_mobile),
    email: String(row.email),
    locality: String(row.locality),
    landmark: String(row.landmark),
    city: String(row.city),
    state: String(row.state),
    pincode: String(row.pincode),
    createdAt: toDate(row.created_at),
    billCount: toNumber(row.bill_count),
    billedPaise: toNumber(row.billed),
    receivedPaise: toNumber(row.received),
    duesPaise: toNumber(row.dues),
  }));
}

/** One stock row. */
export interface StockExportRow {
  id: number;
  item: string;
  category: string;
  type: string;
  size: string;
  sku: string;
  hsnClass: string;
  quantity: number;
  pricePaise: number;
  costPaise: number;
  lowStockAt: number;
  updatedAt: Date;
}

/** Every stock row (one per item x category x type x size: a few thousand at most), by name. */
export async function stockRows(db: Db): Promise<StockExportRow[]> {
  const rows = await rowsOf(
    db,
    sql`select id, item, category, type, size, sku, hsn_class, quantity, price_paise, cost_paise,
          low_stock_at, updated_at
        from stock_items order by item, category, type, size`,
  );
  return rows.map((row) => ({
    id: toNumber(row.id),
    item: String(row.item),
    category: String(row.category),
    type: String(row.type),
    size: String(row.size),
    sku: String(row.sku),
    hsnClass: String(row.hsn_class),
    costPaise: toNumber(row.cost_paise),
    lowStockAt: toNumber(row.low_stock_at),
    quantity: toNumber(row.quantity),
    pricePaise: toNumber(row.price_paise),
    updatedAt: toDate(row.updated_at),
  }));
}

/* ------------------------------------------------------------------ Tally */

/**
 * An issued invoice, bill of supply or credit note of the month, with its taxable value by
 * rate; a credit note names its invoice (`originalNumber`).
 */
export interface SalesDocumentRow {
  id: number;
  billId: number;
  kind: string;
  number: string;
  originalNumber: string | null;
  documentDate: string;
  customerId: number;
  customerName: string;
  shopName: string;
  city: string;
  recipientGstin: string | null;
  placeOfSupplyCode: string;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  byRate: { ratePercent: number; taxableValuePaise: number }[];
}

/**
 * The business's tax invoices, bills of supply and credit notes dated in `from`..`to` that are
 * still issued (cancelled ones are left out), by date, kind and number.
 */
export async function salesDocuments(
  db: Db,
  range: { from: string; to: string },
): Promise<SalesDocumentRow[]> {
  const rows = await rowsOf(
    db,
    sql`select d.id, d.bill_id, d.kind, d.number, o.number as original_number,
          d.document_date::text as document_date,
          b.customer_id, c.name as customer_name, c.shop_name, c.city, d.recipient_gstin,
          d.place_of_supply_code, d.taxable_value_paise, d.cgst_paise, d.sgst_paise,
          d.igst_paise, d.total_paise,
          (select json_agg(json_build_object('rate', l.rate, 'taxable', l.taxable) order by l.rate)
             from (select rate_percent as rate, sum(taxable_value_paise) as taxable
                   from tax_document_lines where document_id = d.id group by rate_percent) l)
            as by_rate
        from tax_documents d
        join bills b on b.id = d.bill_id
        join wholesale_customers c on c.id = b.customer_id
        left join tax_documents o on o.id = d.original_document_id
        where d.supplier_key = 'business'
          and d.kind in ('tax_invoice', 'bill_of_supply', 'credit_note')
          and d.status = 'issued'
          and d.document_date between ${range.from}::date and ${range.to}::date
        order by d.document_date, d.kind, d.serial`,
  );
  return rows.map((row) => {
    const byRate = (row.by_rate ?? []) as { rate: unknown; taxable: unknown }[];
    return {
      id: toNumber(row.id),
      billId: toNumber(row.bill_id),
      kind: String(row.kind),
      number: String(row.number),
      originalNumber: toText(row.original_number),
      documentDate: String(row.document_date),
      customerId: toNumber(row.customer_id),
      customerName: String(row.customer_name),
      shopName: String(row.shop_name),
      city: String(row.city),
      recipientGstin: toText(row.recipient_gstin),
      placeOfSupplyCode: String(row.place_of_supply_code),
      taxableValuePaise: toNumber(row.taxable_value_paise),
      cgstPaise: toNumber(row.cgst_paise),
      sgstPaise: toNumber(row.sgst_paise),
      igstPaise: toNumber(row.igst_paise),
      totalPaise: toNumber(row.total_paise),
      byRate: byRate.map((entry) => ({
        ratePercent: toNumber(entry.rate),
        taxableValuePaise: toNumber(entry.taxable),
      })),
    };
  });
}

/** Payments received in `from`..`to` (bounced ones too: the money came in that day). */
export async function paymentsReceived(
  db: Db,
  range: { from: string; to: string },
): Promise<PaymentExportRow[]> {
  const rows = await rowsOf(
    db,
    sql`select ${paymentColumns}
        from wholesale_payments p
        join wholesale_customers c on c.id = p.customer_id
        left join users u on u.id = p.received_by
        where ${rangeOf(sql`p.paid_at`, range.from, range.to)}
        order by p.paid_at, p.id`,
  );
  return rows.map(paymentOf);
}

/** Cheques marked bounced in `from`..`to` (by the day they bounced). */
export async function paymentsBounced(
  db: Db,
  range: { from: string; to: string },
): Promise<PaymentExportRow[]> {
  const rows = await rowsOf(
    db,
    sql`select ${paymentColumns}
        from wholesale_payments p
        join wholesale_customers c on c.id = p.customer_id
        left join users u on u.id = p.received_by
        where p.status = 'bounced' and ${rangeOf(sql`p.bounced_at`, range.from, range.to)}
        order by p.bounced_at, p.id`,
  );
  return rows.map(paymentOf);
}

/** A bill cancelled in the range whose money was paid back, paise. */
export interface RefundRow {
  billId: number;
  cancelledAt: Date;
  refundedPaise: number;
  cancelReason: string | null;
  documentNumber: string | null;
  customerId: number;
  customerName: string;
  shopName: string;
  city: string;
}

/** Bills cancelled in `from`..`to` with money refunded. */
export async function refundsOfCancelledBills(
  db: Db,
  range: { from: string; to: string },
): Promise<RefundRow[]> {
  const rows = await rowsOf(
    db,
    sql`select b.id, b.cancelled_at, b.refunded_paise, b.cancel_reason, b.customer_id,
          c.name as customer_name, c.shop_name, c.city,
          (select number from tax_documents where bill_id = b.id and kind <> 'credit_note'
           order by id limit 1) as number
        from bills b
        join wholesale_customers c on c.id = b.customer_id
        where b.status = 'cancelled' and b.refunded_paise > 0
          and ${rangeOf(sql`b.cancelled_at`, range.from, range.to)}
        order by b.cancelled_at, b.id`,
  );
  return rows.map((row) => ({
    billId: toNumber(row.id),
    cancelledAt: toDate(row.cancelled_at),
    refundedPaise: toNumber(row.refunded_paise),
    cancelReason: toText(row.cancel_reason),
    documentNumber: toText(row.number),
    customerId: toNumber(row.customer_id),
    customerName: String(row.customer_name),
    shopName: String(row.shop_name),
    city: String(row.city),
  }));
}

/** The invoice number and status of some bills (for the receipts' bill references). */
export async function billReferences(
  db: Db,
  billIds: number[],
): Promise<Map<number, { number: string | null; cancelled: boolean }>> {
  const references = new Map<number, { number: string | null; cancelled: boolean }>();
  if (billIds.length === 0) return references;
  const rows = await rowsOf(
    db,
    sql`select b.id, b.status,
          (select number from tax_documents where bill_id = b.id and kind <> 'credit_note'
           order by id limit 1) as number
        from bills b
        where b.id in (${sql.join(
          billIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  for (const row of rows) {
    references.set(toNumber(row.id), {
      number: toText(row.number),
      cancelled: row.status === 'cancelled',
    });
  }
  return references;
}
