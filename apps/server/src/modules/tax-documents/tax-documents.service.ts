import {
  E_INVOICE_TURNOVER_THRESHOLD_PAISE,
  TAX_DOCUMENT_TITLES,
  amountInWords,
  computeInvoiceTax,
  financialYearOf,
  formatDocumentNumber,
  hsnClassOf,
  placeOfSupplyOf,
  printedHsnOf,
  type DocumentRecipient,
  type DocumentSupplier,
  type IssuedDocumentKind,
  type IssuedTaxDocument,
  type TaxDocumentLine,
  type TaxDocumentSnapshot,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import * as repo from './tax-documents.repo.js';

/**
 * Issued tax documents (docs/gst.md "Issued documents"): the one way a tax invoice, bill of
 * supply or credit note comes into being, inside the caller's transaction, with the next serial
 * of its gap-free series and a frozen snapshot; and the one way it is cancelled. Amounts are
 * integer paise, dates Indian `YYYY-MM-DD`.
 */

/** The business setting that holds the aggregate annual turnover, paise (a JSON number). */
export const ANNUAL_TURNOVER_SETTING = 'annual_turnover_paise';

/** One line to issue, before tax. */
export interface IssueLineInput {
  /** 'Shirt-Box Golden Men's', or the product's name. */
  description: string;
  /** 'Size: M', or ''. */
  details: string;
  /** A key of HSN_CLASSES: decides HSN and goods class. */
  hsnClass: string;
  quantity: number;
  /** Price per piece before discount, paise (including GST when `pricesIncludeTax`). */
  unitPricePaise: number;
  /** Discount on the whole line, paise (default 0). */
  discountPaise?: number;
  stockItemId?: number | null;
  productId?: number | null;
  /** Credit notes: the invoice line it reverses and that line's rate. */
  originalLineNumber?: number | null;
  fixedRatePercent?: number;
}

export interface IssueDocumentInput {
  /** 'business', or `shop:{id}` for a marketplace shop: whose series. */
  supplierKey: string;
  supplier: DocumentSupplier;
  recipient: DocumentRecipient;
  /** Series prefix of this kind for this supplier ('BZ', 'CN', ...): 1-4 of A-Z, 0-9. */
  prefix: string;
  /** Credit notes: 'credit_note'; a sale: 'tax_invoice' or 'bill_of_supply' by `taxApplied`. */
  kind: IssuedDocumentKind;
  documentDate: string;
  pricesIncludeTax: boolean;
  lines: IssueLineInput[];
  paymentTerms: string;
  issuedBy: string | null;
  billId?: number | null;
  billNumber?: string | null;
  shipmentId?: number | null;
  orderNumber?: string | null;
  /** A credit note's invoice. */
  original?: { id: number; number: string; documentDate: string } | null;
  reason?: string | null;
}

/**
 * Takes the next serial of one of a supplier's gap-free series per financial year inside `tx`
 * (a document kind, or the business's payment receipts: kind 'payment_receipt'): the series row
 * stays locked until `tx` ends and a rollback gives the serial back (docs/gst.md "Issued
 * documents"). Answers the serial, 1 for the year's first.
 */
export function takeSeriesSerial(
  tx: Tx,
  series: { supplierKey: string; kind: string; financialYear: string },
): Promise<number> {
  return repo.nextSerial(tx, series);
}

/**
 * Takes `count` consecutive serials of a series at once inside `tx` (the demo seed's payments,
 * numbered in paid order); answers the first. Same locking and rollback as `takeSeriesSerial`.
 */
export function takeSeriesSerials(
  tx: Tx,
  series: { supplierKey: string; kind: string; financialYear: string },
  count: number,
): Promise<number> {
  return repo.nextSerials(tx, series, count);
}

/** The business's aggregate annual turnover (paise), 0 when never entered. */
export async function annualTurnoverPaise(db: Db | Tx): Promise<number> {
  const value = await repo.findSetting(db, ANNUAL_TURNOVER_SETTING);
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/**
 * Issues a document inside `tx`: puts tax on the lines with the engine (rates of the document
 * date, place of supply = the recipient's state), takes the next serial of the supplier's
 * series for the kind and financial year, and writes the document, its lines and its snapshot.
 * A rollback of `tx` gives the serial back. Answers the issued document.
 * @throws Error when the number would pass 16 characters or a line has no valid quantity,
 *   value or HSN class (callers validate input first; these are programming errors).
 */
export async function issueTaxDocument(
  tx: Tx,
  input: IssueDocumentInput,
): Promise<IssuedTaxDocument> {
  const turnover = await annualTurnoverPaise(tx);
  const sixDigits = turnover > E_INVOICE_TURNOVER_THRESHOLD_PAISE;
  const place = placeOfSupplyOf(input.recipient.state, input.supplier.stateCode);
  const classes = input.lines.map((line) => hsnClassOf(line.hsnClass));
  const lineValues = input.lines.map(
    (line) => line.quantity * line.unitPricePaise - (line.discountPaise ?? 0),
  );
  const tax = computeInvoiceTax(
    {
      supplierStateCode: input.supplier.stateCode,
      placeOfSupplyCode: place.code,
      documentDate: input.documentDate,
      taxApplied: input.kind !== 'bill_of_supply',
    },
    input.lines.map((line, index) => ({
      hsn: printedHsnOf(classes[index]!, sixDigits),
      goodsClass: classes[index]!.goodsClass,
      quantity: line.quantity,
      ...(input.pricesIncludeTax
        ? { inclusiveValuePaise: lineValues[index]! }
        : { taxableValuePaise: lineValues[index]! }),
      ...(line.fixedRatePercent !== undefined ? { fixedRatePercent: line.fixedRatePercent } : {}),
    })),
  );
  const financialYear = financialYearOf(input.documentDate);
  const serial = await repo.nextSerial(tx, {
    supplierKey: input.supplierKey,
    kind: input.kind,
    financialYear,
  });
  const number = formatDocumentNumber(input.prefix, financialYear, serial);
  const lines: TaxDocumentLine[] = tax.lines.map((taxed, index) => {
    const line = input.lines[index]!;
    return {
      lineNumber: index + 1,
      description: line.description,
      details: line.details,
      hsn: taxed.hsn,
      goodsClass: taxed.goodsClass,
      uqc: 'PCS',
      quantity: taxed.quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise: line.discountPaise ?? 0,
      taxableValuePaise: taxed.taxableValuePaise,
      ratePercent: taxed.ratePercent,
      cgstPaise: taxed.cgstPaise,
      sgstPaise: taxed.sgstPaise,
      igstPaise: taxed.igstPaise,
      totalPaise: taxed.totalPaise,
      stockItemId: line.stockItemId ?? null,
      productId: line.productId ?? null,
      originalLineNumber: line.originalLineNumber ?? null,
    };
  });
  const snapshot: TaxDocumentSnapshot = {
    kind: input.kind,
    title: TAX_DOCUMENT_TITLES[input.kind],
    number,
    documentDate: input.documentDate,
    financialYear,
    supplier: input.supplier,
    recipient: { ...input.recipient, stateCode: place.code || input.recipient.stateCode },
    placeOfSupply: { state: place.state, code: place.code, interState: tax.interState },
    reverseCharge: false,
    pricesIncludeTax: input.pricesIncludeTax,
    lines,
    summary: tax.summary,
    totals: tax.totals,
    amountInWords: amountInWords(tax.totals.totalPaise),
    original: input.original
      ? { number: input.original.number, documentDate: input.original.documentDate }
      : null,
    reason: input.reason ?? null,
    paymentTerms: input.paymentTerms,
    hsnDigits: sixDigits ? 6 : 4,
    eInvoiceRequired:
      sixDigits && input.recipient.gstin !== null && input.kind !== 'bill_of_supply',
    reference: {
      billId: input.billId ?? null,
      billNumber: input.billNumber ?? null,
      orderNumber: input.orderNumber ?? null,
      shipmentId: input.shipmentId ?? null,
    },
  };
  const row = await repo.insertDocument(
    tx,
    {
      kind: input.kind,
      supplierKey: input.supplierKey,
      supplierGstin: input.supplier.gstin,
      number,
      financialYear,
      serial,
      documentDate: input.documentDate,
      billId: input.billId ?? null,
      shipmentId: input.shipmentId ?? null,
      originalDocumentId: input.original?.id ?? null,
      recipientName: input.recipient.shopName ?? input.recipient.name,
      recipientGstin: input.recipient.gstin,
      placeOfSupplyCode: place.code || input.recipient.stateCode,
      interState: tax.interState,
      taxableValuePaise: tax.totals.taxableValuePaise,
      cgstPaise: tax.totals.cgstPaise,
      sgstPaise: tax.totals.sgstPaise,
      igstPaise: tax.totals.igstPaise,
      totalPaise: tax.totals.totalPaise,
      snapshot,
      reason: input.reason ?? null,
      issuedBy: input.issuedBy,
    },
    lines.map((line) => ({
      lineNumber: line.lineNumber,
      description: line.description.slice(0, 200),
      hsn: line.hsn,
      goodsClass: line.goodsClass,
      quantity: line.quantity,
      unitPricePaise: line.unitPricePaise,
      discountPaise: line.discountPaise,
      taxableValuePaise: line.taxableValuePaise,
      ratePercent: line.ratePercent,
      cgstPaise: line.cgstPaise,
      sgstPaise: line.sgstPaise,
      igstPaise: line.igstPaise,
      totalPaise: line.totalPaise,
      stockItemId: line.stockItemId,
      productId: line.productId,
    })),
  );
  return toIssuedTaxDocument(row);
}

/**
 * Cancels an issued document inside `tx`: it keeps its number and snapshot, is marked
 * CANCELLED with the reason, and is counted as cancelled in GSTR-1's documents issued.
 * Answers false when it was already cancelled (nothing written).
 */
export async function cancelTaxDocument(
  tx: Tx,
  documentId: number,
  values: { reason: string; actorId: string | null },
): Promise<boolean> {
  const row = await repo.findDocument(tx, documentId, true);
  if (!row || row.status === 'cancelled') return false;
  await repo.markCancelled(tx, documentId, values);
  return true;
}

/** An issued document as the API answers it. */
export function toIssuedTaxDocument(row: repo.TaxDocumentRecord): IssuedTaxDocument {
  return {
    id: row.id,
    status: row.status === 'cancelled' ? 'cancelled' : 'issued',
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    irn: row.irn,
    irnAckNumber: row.irnAckNumber,
    irnAckDate: row.irnAckDate?.toISOString() ?? null,
    signedQrCode: row.signedQrCode,
    snapshot: row.snapshot as TaxDocumentSnapshot,
  };
}

/** Every document of a wholesale bill (invoice first, then credit notes). */
export async function documentsOfBill(db: Db | Tx, billId: number): Promise<IssuedTaxDocument[]> {
  return (await repo.findDocumentsOfBill(db, billId)).map(toIssuedTaxDocument);
}

/** Every document of a marketplace shipment (invoice first, then credit notes). */
export async function documentsOfShipment(
  db: Db | Tx,
  shipmentId: number,
): Promise<IssuedTaxDocument[]> {
  return (await repo.findDocumentsOfShipment(db, shipmentId)).map(toIssuedTaxDocument);
}

/** One document by id, or undefined. */
export async function findTaxDocument(
  db: Db | Tx,
  documentId: number,
): Promise<IssuedTaxDocument | undefined> {
  const row = await repo.findDocument(db, documentId);
  return row ? toIssuedTaxDocument(row) : undefined;
}
