import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { bills } from './back-office.js';
import { shipments } from './orders.js';

/**
 * Issued tax documents (docs/gst.md): tax invoices, bills of supply and credit notes of the
 * wholesale business and of every marketplace shop. A document is written once, in the
 * transaction that issues it, and never changes afterwards except for its cancellation and the
 * e-invoice registration (IRN) entered later. `snapshot` is what was issued (supplier,
 * recipient, place of supply, lines, HSN, rates, totals): reprints read it, never the live rows.
 * Money is integer paise (bigint).
 */

/**
 * The last serial used per supplier, document kind and financial year. Serials are taken
 * inside the issuing transaction (`insert ... on conflict do update ... returning`), so a refused
 * save rolls its serial back and the series has no gaps (Rule 46(b)).
 */
export const documentSeries = pgTable(
  'document_series',
  {
    /** 'business' for the wholesale business, 'shop:{id}' for a marketplace shop. */
    supplierKey: varchar('supplier_key', { length: 24 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** '26-27'. */
    financialYear: varchar('financial_year', { length: 5 }).notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (table) => [primaryKey({ columns: [table.supplierKey, table.kind, table.financialYear] })],
);

export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: serial('id').primaryKey(),
    /** 'tax_invoice' | 'bill_of_supply' | 'credit_note'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    supplierKey: varchar('supplier_key', { length: 24 }).notNull(),
    supplierGstin: varchar('supplier_gstin', { length: 15 }).notNull(),
    /** The legal number, at most 16 characters: 'BZ/26-27/00123'. */
    number: varchar('number', { length: 16 }).notNull(),
    financialYear: varchar('financial_year', { length: 5 }).notNull(),
    serial: integer('serial').notNull(),
    /** Indian date of issue. */
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    /** 'issued' | 'cancelled'. */
    status: varchar('status', { length: 10 }).notNull().default('issued'),
    /** The wholesale bill it was issued for, if any. */
    billId: integer('bill_id').references(() => bills.id, { onDelete: 'restrict' }),
    /** The marketplace shipment it was issued for, if any. */
    shipmentId: integer('shipment_id').references(() => shipments.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    originalDocumentId: integer('original_document_id'),
    recipientName: varchar('recipient_name', { length: 160 }).notNull(),
    /** Null for an unregistered buyer (B2C). */
    recipientGstin: varchar('recipient_gstin', { length: 15 }),
    /** Two-digit GST state code of the place of supply. */
    placeOfSupplyCode: varchar('place_of_supply_code', { length: 2 }).notNull(),
    interState: boolean('inter_state').notNull(),
    taxableValuePaise: bigint('taxable_value_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /** The document as issued (TaxDocumentSnapshot in @bazaar/shared). */
    snapshot: jsonb('snapshot').notNull(),
    /** Why a credit note was issued ('Goods returned', 'Price correction', ...). */
    reason: text('reason'),
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** E-invoice registration, entered after the IRP answers. */
    irn: varchar('irn', { length: 64 }),
    irnAckNumber: varchar('irn_ack_number', { length: 20 }),
    irnAckDate: timestamp('irn_ack_date', { withTimezone: true }),
    signedQrCode: text('signed_qr_code'),
  },
  (table) => [
    uniqueIndex('tax_documents_series_uq').on(
      table.supplierKey,
      table.kind,
      table.financialYear,
      table.serial,
    ),
    uniqueIndex('tax_documents_number_uq').on(table.supplierKey, table.financialYear, table.number),
    index('tax_documents_date_idx').on(table.documentDate, table.id),
    index('tax_documents_bill_idx').on(table.billId),
    index('tax_documents_shipment_idx').on(table.shipmentId),
    index('tax_documents_original_idx').on(table.originalDocumentId),
    check(
      'tax_documents_kind_known',
      sql`${table.kind} in ('tax_invoice', 'bill_of_supply', 'credit_note')`,
    ),
    check('tax_documents_status_known', sql`${table.status} in ('issued', 'cancelled')`),
    check('tax_documents_number_length', sql`char_length(${table.number}) <= 16`),
    check(
      'tax_documents_credit_note_has_original',
      sql`(${table.kind} = 'credit_note') = (${table.originalDocumentId} is not null)`,
    ),
  ],
);

/** One line of an issued document, for the returns' sums (HSN summary, rates). */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => taxDocuments.id, { onDelete: 'restrict' }),
    lineNumber: smallint('line_number').notNull(),
    description: varchar('description', { length: 200 }).notNull(),
    hsn: varchar('hsn', { length: 8 }).notNull(),
    /** 'garment' | 'made-up' | 'fabric'. */
    goodsClass: varchar('goods_class', { length: 8 }).notNull(),
    /** Unit quantity code of the returns: 'PCS'. */
    uqc: varchar('uqc', { length: 3 }).notNull().default('PCS'),
    quantity: integer('quantity').notNull(),
    unitPricePaise: bigint('unit_price_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    taxableValuePaise: bigint('taxable_value_paise', { mode: 'number' }).notNull(),
    ratePercent: numeric('rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /** A credit note line's invoice line. */
    originalLineId: integer('original_line_id'),
    /** The wholesale stock row or marketplace product it moved, for returns. */
    stockItemId: integer('stock_item_id'),
    productId: integer('product_id'),
  },
  (table) => [
    index('tax_document_lines_document_idx').on(table.documentId, table.lineNumber),
    index('tax_document_lines_original_idx').on(table.originalLineId),
    check('tax_document_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/**
 * Settings of the business kept in the database (docs/gst.md "Settings"): the aggregate annual
 * turnover that decides e-invoicing and 6-digit HSN, the UPI id, and so on. `value` is JSON
 * validated by the shared schema of its key.
 */
export const businessSettings = pgTable('business_settings', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
