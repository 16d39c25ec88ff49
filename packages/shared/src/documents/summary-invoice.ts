import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { billDuesPaise, billNumberOf, billTotalPaise } from '../domain/bill.js';
import type { CustomerSummaryData, DocumentBill } from '../schemas/documents.js';
import {
  amountCell,
  billToBlock,
  day,
  gridLayout,
  money,
  pageFrame,
  sellerBlock,
  signatureAndThanks,
  th,
  totalsTable,
} from './layout.js';
import { EXCHANGE_NOTE } from './tax-invoice.js';
import { amountInWords } from './words.js';

/** Sums of the summary invoice over the bills that are not cancelled, paise. */
export interface SummaryTotals {
  /** Bills counted (cancelled ones are listed but not counted). */
  billCount: number;
  cancelledCount: number;
  amountPaise: number;
  gstPaise: number;
  totalPaise: number;
  receivedPaise: number;
  creditedPaise: number;
  duesPaise: number;
}

/** A bill's status as printed. */
function statusText(bill: DocumentBill): string {
  if (bill.status === 'cancelled') return 'Cancelled';
  return bill.status === 'closed' ? 'Closed' : 'Open';
}

/**
 * The totals of a customer's bills as the summary invoice prints them. A cancelled bill is
 * listed (its invoice keeps its number, docs/gst.md "Cancelling a bill") but adds nothing: its
 * supply was reversed and its dues are 0. GST is each bill's issued invoice total; its
 * CGST/SGST/IGST split by rate is on the bill's own invoice, not here.
 */
export function summaryTotalsOf(data: CustomerSummaryData): SummaryTotals {
  const totals: SummaryTotals = {
    billCount: 0,
    cancelledCount: 0,
    amountPaise: 0,
    gstPaise: 0,
    totalPaise: 0,
    receivedPaise: 0,
    creditedPaise: 0,
    duesPaise: 0,
  };
  for (const bill of data.bills) {
    if (bill.status === 'cancelled') {
      totals.cancelledCount += 1;
      continue;
    }
    totals.billCount += 1;
    totals.amountPaise += bill.amountPaise;
    totals.gstPaise += bill.gstPaise;
    totals.totalPaise += billTotalPaise(bill);
    totals.receivedPaise += bill.receivedPaise;
    totals.creditedPaise += bill.creditedPaise;
    totals.duesPaise += billDuesPaise(bill);
  }
  return totals;
}

/**
 * The summary invoice of one customer (docs/documents.md, docs/gst.md "Printed documents"):
 * seller and bill-to blocks, its date, a row per bill (S.No, Bill-No, Purchase Date, Status,
 * Amount, GST, Total, Received, Credited, Dues; the header repeats on every page; a cancelled
 * bill struck through with dues 0), and the number of bills, total amount, GST, grand total in
 * figures and words, received, credit notes and dues; exchange note, 'Authorised Signatory' and
 * 'Thank You'. It is a statement, not a tax invoice. Pure; amounts are paise.
 */
export function customerSummaryDocument(data: CustomerSummaryData): TDocumentDefinitions {
  const { seller, customer, bills } = data;
  const totals = summaryTotalsOf(data);

  const header: TableCell[] = [
    th('S.No'),
    th('Bill-No'),
    th('Purchase Date'),
    th('Status'),
    th('Amount', 'right'),
    th('GST', 'right'),
    th('Total', 'right'),
    th('Received', 'right'),
    th('Credited', 'right'),
    th('Dues', 'right'),
  ];
  const rows = bills.map((bill, index): TableCell[] => {
    const cancelled = bill.status === 'cancelled';
    const cell = (paise: number): TableCell =>
      cancelled
        ? { text: money(paise), alignment: 'right', decoration: 'lineThrough', color: '#868e96' }
        : amountCell(paise);
    return [
      String(index + 1),
      billNumberOf(bill.id),
      day(bill.purchasedAt),
      cancelled ? { text: 'Cancelled', bold: true, color: '#c92a2a' } : statusText(bill),
      cell(bill.amountPaise),
      cell(bill.gstPaise),
      cell(billTotalPaise(bill)),
      cell(bill.receivedPaise),
      cell(bill.creditedPaise),
      amountCell(billDuesPaise(bill)),
    ];
  });
  const totalRow: TableCell[] = [
    { text: 'Total', colSpan: 4, bold: true },
    '',
    '',
    '',
    amountCell(totals.amountPaise, true),
    amountCell(totals.gstPaise, true),
    amountCell(totals.totalPaise, true),
    amountCell(totals.receivedPaise, true),
    amountCell(totals.creditedPaise, true),
    amountCell(totals.duesPaise, true),
  ];
  const empty: TableCell[] = [
    { text: 'No bills yet', colSpan: header.length, italics: true, alignment: 'center' },
    ...header.slice(1).map(() => ''),
  ];

  const content: Content[] = [
    { text: 'Summary Invoice', style: 'title' },
    { text: `Date: ${day(data.generatedAt)}`, style: 'subtitle' },
    {
      columns: [sellerBlock(seller), { width: 240, stack: [billToBlock(customer)] }],
      columnGap: 16,
      margin: [0, 0, 0, 12],
    },
    {
      // Rows are one line each, so no dontBreakRows: it costs a second layout pass per row.
      table: {
        headerRows: 1,
        widths: [22, 38, 54, 40, '*', 44, '*', '*', 44, '*'],
        body: bills.length > 0 ? [header, ...rows, totalRow] : [header, empty],
      },
      layout: gridLayout,
      fontSize: 8,
    },
    totalsTable([
      ['Number of bills', String(totals.billCount)],
      ...(totals.cancelledCount > 0
        ? [['Cancelled (not counted)', String(totals.cancelledCount)] as [string, string]]
        : []),
      ['Total amount', money(totals.amountPaise)],
      ['GST', money(totals.gstPaise)],
      ['Grand total', money(totals.totalPaise), true],
      ['Received', money(totals.receivedPaise)],
      ...(totals.creditedPaise > 0
        ? [['Credit notes', money(totals.creditedPaise)] as [string, string]]
        : []),
      ['Dues', money(totals.duesPaise), true],
    ]),
    {
      text: [{ text: 'Grand total in words: ', bold: true }, amountInWords(totals.totalPaise)],
      margin: [0, 6, 0, 0],
    },
    {
      text: "Each bill's tax by rate (CGST + SGST or IGST) is on its own tax invoice.",
      style: 'small',
      margin: [0, 6, 0, 0],
    },
    { text: EXCHANGE_NOTE, style: 'small', margin: [0, 12, 0, 0] },
    ...signatureAndThanks(seller.name),
  ];
  return pageFrame(
    `Summary Invoice - ${customer.shopName ?? customer.name}`,
    content,
    `Summary Invoice - ${customer.shopName ?? customer.name} - ${seller.name}`,
  );
}
