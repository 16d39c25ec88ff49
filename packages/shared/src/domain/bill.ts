import { SELLER_OF_RECORD } from '../documents/seller.js';
import { computeInvoiceTax, type InvoiceTax } from '../gst/engine.js';
import { hsnClassOf, type HsnClassKey } from '../gst/hsn-classes.js';
import { indianDateOf } from './dates.js';

/**
 * The money rules of a wholesale bill (docs/back-office-bills.md "Money rules"). One place: the Add
 * New Purchase modal's preview, the server's save and the invoice PDFs all call these. Every amount
 * is integer paise; quantities are whole pieces.
 */

/** One bill line as entered: pieces and rate per piece (paise). */
export interface BillLineInput {
  quantity: number;
  ratePaise: number;
}

/** The totals of a bill. `totalPaise` = amount + GST; `cgstPaise` + `sgstPaise` = `gstPaise`. */
export interface BillTotals {
  /** Sum of the lines' quantity x rate, before GST. */
  amountPaise: number;
  gstPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

/**
 * A bill's total: amount before GST + GST, paise (docs/back-office-bills.md "Money rules"). The
 * one sum every screen, document, report and rule uses.
 * @example billTotalPaise({ amountPaise: 100000, gstPaise: 5000 }) // 105000
 */
export function billTotalPaise(bill: { amountPaise: number; gstPaise: number }): number {
  return bill.amountPaise + bill.gstPaise;
}

/** A line's amount: quantity x rate, paise. */
export function lineAmountPaise(line: BillLineInput): number {
  return line.quantity * line.ratePaise;
}

/**
 * The HSN class a wholesale item is kept under (docs/gst.md "HSN"): T-shirts are knitted
 * (6109), sports shorts and trousers knitted track wear (6103), other shorts and trousers woven
 * (6203), shirts woven (6205). The stock row stores it; this is its default and the preview's.
 */
export function purchaseItemHsnClass(item: string): HsnClassKey {
  if (item.startsWith('T-Shirt')) return 't-shirt';
  if (item === 'Shorts-Sports' || item === 'Trouser-Sports') return 'mens-trousers-knitted';
  if (item.startsWith('Shorts') || item.startsWith('Trouser')) return 'mens-suit-trousers';
  return 'mens-shirt';
}

/**
 * The tax of a wholesale bill before it is saved (the Add New Purchase preview and the input
 * check), from the one tax engine: each line's rate by its value per piece on `documentDate`
 * (default today in India), CGST + SGST or IGST by the place of supply (default the supplier's
 * state). The saved invoice is computed by the same engine on the server.
 */
export function billTaxPreview(input: {
  /** `hsnClass`: the stock row's HSN class (default `purchaseItemHsnClass(item)`). */
  lines: ReadonlyArray<BillLineInput & { item: string; hsnClass?: string }>;
  gstApplied: boolean;
  placeOfSupplyCode?: string;
  supplierStateCode?: string;
  documentDate?: string;
}): InvoiceTax {
  const supplierStateCode = input.supplierStateCode ?? SELLER_OF_RECORD.stateCode;
  return computeInvoiceTax(
    {
      supplierStateCode,
      placeOfSupplyCode: input.placeOfSupplyCode ?? supplierStateCode,
      documentDate: input.documentDate ?? indianDateOf(new Date()),
      taxApplied: input.gstApplied,
    },
    input.lines.map((line) => {
      const hsnClass = hsnClassOf(line.hsnClass ?? purchaseItemHsnClass(line.item));
      return {
        hsn: hsnClass.hsn,
        goodsClass: hsnClass.goodsClass,
        quantity: line.quantity,
        taxableValuePaise: lineAmountPaise(line),
      };
    }),
  );
}

/**
 * Totals of a bill from its lines, with or without GST ("Apply GST" / "Remove GST"), within the
 * supplier's state on today's date: `billTaxPreview`'s totals in the bill's terms.
 */
export function billTotals(
  lines: ReadonlyArray<BillLineInput & { item: string }>,
  gstApplied: boolean,
): BillTotals {
  const { totals } = billTaxPreview({ lines, gstApplied });
  return {
    amountPaise: totals.taxableValuePaise,
    gstPaise: totals.taxPaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    totalPaise: totals.totalPaise,
  };
}

/**
 * Dues of a bill: total (amount + GST) - received - credit notes, paise; 0 once cancelled
 * (docs/back-office-bills.md, docs/gst.md "Cancelling a bill").
 */
export function billDuesPaise(bill: {
  amountPaise: number;
  gstPaise: number;
  receivedPaise: number;
  creditedPaise?: number;
  status?: string;
}): number {
  if (bill.status === 'cancelled') return 0;
  return billTotalPaise(bill) - bill.receivedPaise - (bill.creditedPaise ?? 0);
}

/** Whether a bill may be closed: total not greater than received (docs/back-office-bills.md). */
export function canCloseBill(bill: {
  amountPaise: number;
  gstPaise: number;
  receivedPaise: number;
  creditedPaise?: number;
  status?: string;
}): boolean {
  return billDuesPaise(bill) <= 0;
}

/**
 * The largest payment a bill still accepts: up to its total including GST, i.e. its dues; never
 * negative. Capping at the amount before GST would make a bill with GST impossible to close
 * (docs/back-office-bills.md "Money rules").
 */
export function maxPaymentPaise(bill: {
  amountPaise: number;
  gstPaise: number;
  receivedPaise: number;
  creditedPaise?: number;
  status?: string;
}): number {
  return Math.max(0, billDuesPaise(bill));
}

/** The bill number as printed: '00' + id (docs/back-office-bills.md): 42 -> '0042'. */
export function billNumberOf(billId: number): string {
  return `00${billId}`;
}

/**
 * What a part of a payment paid, as payment lists name it: a bill's number ('0042'), or
 * 'Opening balance' for the part that paid the customer's opening balance (`billId` null).
 */
export function paymentPartLabel(billId: number | null): string {
  return billId === null ? 'Opening balance' : billNumberOf(billId);
}

/**
 * The seller shown for a bill's Sell by (docs/back-office-bills.md): the name of the person who
 * recorded it (`recordedByName`, the admin's or the employee's account name) when known; else
 * the part of `employee_{name}_{id}` between the first and last underscore, or any other label
 * (a bill whose recording account is gone, e.g. 'admin') as it is.
 * @example sellerNameOf('admin', 'Anil Sinha') // 'Anil Sinha'
 * @example sellerNameOf('employee_Rakesh Paswan_42') // 'Rakesh Paswan'
 */
export function sellerNameOf(sellerLabel: string, recordedByName?: string | null): string {
  if (recordedByName) return recordedByName;
  const first = sellerLabel.indexOf('_');
  const last = sellerLabel.lastIndexOf('_');
  return first >= 0 && last > first ? sellerLabel.slice(first + 1, last) : sellerLabel;
}

/** The seller label recorded on a bill: 'admin' or `employee_{name}_{id}`. */
export function sellerLabelOf(user: { role: string; name: string; id: string }): string {
  return user.role === 'employee' ? `employee_${user.name}_${user.id}` : 'admin';
}
