import {
  billNumberOf,
  billTotalPaise,
  gstStateCodeOf,
  indianDateOf,
  purchaseItemHsnClass,
  type DocumentRecipient,
  type DocumentSupplier,
  type IssuedTaxDocument,
  type SellerOfRecord,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import type { BusinessConfig } from '../../config.js';
import { issueTaxDocument } from '../tax-documents/index.js';
import * as repo from './bills.repo.js';

/**
 * The tax invoice (or bill of supply) of a wholesale bill (docs/gst.md "Wholesale invoices"):
 * issued in the bill's own transaction when it is saved, or by the start-up backfill for bills
 * saved before documents existed. The recipient is the customer as it is at issue; the snapshot
 * keeps it for ever.
 */

/** The business as supplier on its documents (Rule 46(a)). */
export function supplierOf(seller: SellerOfRecord): DocumentSupplier {
  return {
    name: seller.name,
    address: seller.address,
    city: seller.city,
    pincode: seller.pincode,
    state: seller.state,
    stateCode: seller.stateCode,
    gstin: seller.gstin,
    mobile: seller.mobile,
  };
}

/**
 * A wholesale customer as recipient (Rule 46(d)-(f)): address = locality, landmark; state code
 * from the address's state ('' when the state is unknown: the engine then treats the supply as
 * intra-state). The place of supply is this address's state, never the GSTIN's.
 */
export function recipientOf(customer: repo.InvoiceCustomer): DocumentRecipient {
  return {
    name: customer.name,
    shopName: customer.shopName,
    address: [customer.locality, customer.landmark].filter((part) => part.trim() !== '').join(', '),
    city: customer.city,
    pincode: customer.pincode,
    state: customer.state,
    stateCode: gstStateCodeOf(customer.state) ?? '',
    gstin: customer.gstin,
    mobile: customer.mobile,
  };
}

/** One bill line to invoice. */
export interface BillInvoiceLine {
  item: string;
  category: string;
  type: string;
  size: string;
  /** HSN_CLASSES key: the stock row's when sold. */
  hsnClass: string;
  quantity: number;
  /** Rate per piece before GST, paise. */
  ratePaise: number;
  stockItemId: number | null;
  /** Backfill only: the rate the old bill charged (docs/gst.md "Wholesale invoices"). */
  fixedRatePercent?: number;
}

/**
 * Issues a bill's document inside `tx` (the caller holds the bill): a Tax Invoice when GST
 * applies, else a Bill of Supply, numbered in the business's series of its kind and financial
 * year (prefixes from `business.prefixes`), dated `documentDate` (Indian `YYYY-MM-DD`).
 * `paidInFull` prints 'Paid in full' instead of 'Payable on receipt'. Answers the document.
 */
export function issueBillInvoice(
  tx: Tx,
  business: BusinessConfig,
  input: {
    billId: number;
    gstApplied: boolean;
    documentDate: string;
    customer: repo.InvoiceCustomer;
    lines: readonly BillInvoiceLine[];
    paidInFull: boolean;
    issuedBy: string | null;
  },
): Promise<IssuedTaxDocument> {
  const kind = input.gstApplied ? 'tax_invoice' : 'bill_of_supply';
  return issueTaxDocument(tx, {
    supplierKey: 'business',
    supplier: supplierOf(business.seller),
    recipient: recipientOf(input.customer),
    prefix: business.prefixes[kind],
    kind,
    documentDate: input.documentDate,
    pricesIncludeTax: false,
    lines: input.lines.map((line) => ({
      description: `${line.item} ${line.category} ${line.type}`,
      details: `Size: ${line.size}`,
      hsnClass: line.hsnClass,
      quantity: line.quantity,
      unitPricePaise: line.ratePaise,
      stockItemId: line.stockItemId,
      ...(line.fixedRatePercent !== undefined ? { fixedRatePercent: line.fixedRatePercent } : {}),
    })),
    paymentTerms: input.paidInFull ? 'Paid in full' : 'Payable on receipt',
    issuedBy: input.issuedBy,
    billId: input.billId,
    billNumber: billNumberOf(input.billId),
  });
}

/** The flat 5 % every bill charged before the tax engine, rounded once on the bill's amount. */
const OLD_FLAT_GST_PERCENT = 5;

/**
 * Gives every bill without a document its tax invoice or bill of supply (docs/gst.md
 * "Wholesale invoices"), lowest bill id first so the serials follow the bills, each in its own
 * transaction under the bill's lock: dated the bill's purchase day in India, a Tax Invoice when
 * the bill has GST, the recipient the customer as it is now. Idempotent: a bill that has one is
 * skipped. Run at start-up after migrations and the demo seed.
 *
 * A bill saved with the old flat 5 % keeps that rate on its document (it is what the customer
 * was charged and paid); any other bill is taxed by the engine on its date. The bill's amounts
 * stay as they were, except that when the document's GST differs (per-line rounding, or a bill
 * whose GST was neither) the bill's GST becomes the document's, so the screen, the API and the PDF
 * show one figure; never when that would put the bill's total below what was already received.
 * @returns how many documents were issued.
 */
export async function issueMissingBillDocuments(
  db: Db,
  business: BusinessConfig,
): Promise<{ issued: number }> {
  let issued = 0;
  for (const billId of await repo.billsWithoutInvoice(db)) {
    const done = await db.transaction(async (tx) => {
      const bill = await repo.findBill(tx, billId, true);
      if (!bill || (await repo.hasInvoice(tx, billId))) return false;
      const customer = await repo.findInvoiceCustomer(tx, bill.customerId);
      const lines = await repo.findInvoiceLines(tx, billId);
      if (!customer || lines.length === 0) return false;
      const gstApplied = bill.gstPaise > 0;
      const flat =
        gstApplied && bill.gstPaise === Math.round((bill.amountPaise * OLD_FLAT_GST_PERCENT) / 100);
      const document = await issueBillInvoice(tx, business, {
        billId,
        gstApplied,
        documentDate: indianDateOf(bill.purchasedAt),
        customer,
        lines: lines.map((line) => ({
          ...line,
          hsnClass: line.hsnClass || purchaseItemHsnClass(line.item),
          ...(flat ? { fixedRatePercent: OLD_FLAT_GST_PERCENT } : {}),
        })),
        paidInFull: bill.receivedPaise >= billTotalPaise(bill),
        issuedBy: bill.soldBy,
      });
      const { taxableValuePaise, taxPaise, totalPaise } = document.snapshot.totals;
      if (
        (taxableValuePaise !== bill.amountPaise || taxPaise !== bill.gstPaise) &&
        totalPaise >= bill.receivedPaise
      ) {
        await repo.setBillTax(tx, billId, { amountPaise: taxableValuePaise, gstPaise: taxPaise });
      }
      return true;
    });
    if (done) issued += 1;
  }
  return { issued };
}
