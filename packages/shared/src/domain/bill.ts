import { WHOLESALE_GST_PERCENT } from '../constants.js';

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

/** 5 % GST of an amount, rounded to the paisa (half away from zero). */
export function gstOfPaise(amountPaise: number): number {
  return Math.round((amountPaise * WHOLESALE_GST_PERCENT) / 100);
}

/**
 * Splits GST into CGST (half, rounded down to the paisa) and SGST (the rest), so the two always add
 * up to the GST (docs/back-office-bills.md). IGST, for an out-of-state recipient, is the whole GST.
 */
export function splitGst(gstPaise: number): { cgstPaise: number; sgstPaise: number } {
  const cgstPaise = Math.floor(gstPaise / 2);
  return { cgstPaise, sgstPaise: gstPaise - cgstPaise };
}

/**
 * Totals of a bill from its lines, with or without the 5 % GST ("Apply 5% GST" / "Remove GST").
 * @example billTotals([{ quantity: 2, ratePaise: 50000 }], true)
 * -> { amountPaise: 100000, gstPaise: 5000, cgstPaise: 2500, sgstPaise: 2500, totalPaise: 105000 }
 */
export function billTotals(lines: readonly BillLineInput[], gstApplied: boolean): BillTotals {
  const amountPaise = lines.reduce((sum, line) => sum + lineAmountPaise(line), 0);
  const gstPaise = gstApplied ? gstOfPaise(amountPaise) : 0;
  return {
    amountPaise,
    gstPaise,
    ...splitGst(gstPaise),
    totalPaise: billTotalPaise({ amountPaise, gstPaise }),
  };
}

/** Dues of a bill: total (amount + GST) - received, paise (docs/back-office-bills.md). */
export function billDuesPaise(bill: {
  amountPaise: number;
  gstPaise: number;
  receivedPaise: number;
}): number {
  return billTotalPaise(bill) - bill.receivedPaise;
}

/** Whether a bill may be closed: total not greater than received (docs/back-office-bills.md). */
export function canCloseBill(bill: {
  amountPaise: number;
  gstPaise: number;
  receivedPaise: number;
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
}): number {
  return Math.max(0, billDuesPaise(bill));
}

/** The bill number as printed: '00' + id (docs/back-office-bills.md): 42 -> '0042'. */
export function billNumberOf(billId: number): string {
  return `00${billId}`;
}

/**
 * The seller shown for a bill (docs/back-office-bills.md): the part of `employee_{name}_{id}`
 * between the first and last underscore; any other label (e.g. 'admin') as it is.
 */
export function sellerNameOf(sellerLabel: string): string {
  const first = sellerLabel.indexOf('_');
  const last = sellerLabel.lastIndexOf('_');
  return first >= 0 && last > first ? sellerLabel.slice(first + 1, last) : sellerLabel;
}

/** The seller label recorded on a bill: 'admin' or `employee_{name}_{id}`. */
export function sellerLabelOf(user: { role: string; name: string; id: string }): string {
  return user.role === 'employee' ? `employee_${user.name}_${user.id}` : 'admin';
}
