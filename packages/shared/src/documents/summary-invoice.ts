import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { WHOLESALE_GST_PERCENT } from '../constants.js';
import { billDuesPaise, billNumberOf, billTotalPaise } from '../domain/bill.js';
import type { CustomerSummaryData } from '../schemas/documents.js';
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
import { invoiceTaxOf, placeOfSupplyOf } from './seller.js';
import { EXCHANGE_NOTE } from './tax-invoice.js';
import { amountInWords } from './words.js';

/** Sums of the summary invoice, paise; CGST + SGST + IGST = GST. */
export interface SummaryTotals {
  billCount: number;
  amountPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  gstPaise: number;
  totalPaise: number;
  receivedPaise: number;
  duesPaise: number;
}

/**
 * The totals of a customer's bills as the summary invoice prints them: each bill's GST split on
 * its own (so the columns add up to the totals row), summed.
 */
export function summaryTotalsOf(data: CustomerSummaryData): SummaryTotals {
  const { interState } = placeOfSupplyOf(data.customer, data.seller.stateCode);
  const totals: SummaryTotals = {
    billCount: data.bills.length,
    amountPaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    gstPaise: 0,
    totalPaise: 0,
    receivedPaise: 0,
    duesPaise: 0,
  };
  for (const bill of data.bills) {
    const tax = invoiceTaxOf(bill.gstPaise, interState);
    totals.amountPaise += bill.amountPaise;
    totals.cgstPaise += tax.cgstPaise;
    totals.sgstPaise += tax.sgstPaise;
    totals.igstPaise += tax.igstPaise;
    totals.gstPaise += bill.gstPaise;
    totals.totalPaise += billTotalPaise(bill);
    totals.receivedPaise += bill.receivedPaise;
    totals.duesPaise += billDuesPaise(bill);
  }
  return totals;
}

/**
 * The summary invoice of one customer (docs/documents.md): seller and
 * bill-to blocks, its date, a row per bill (S.No, Bill-No, Purchase Date, Status, Amount, CGST,
 * SGST or IGST, Total, Received, Dues; the header repeats on every page), and the number of
 * bills, total amount, CGST, SGST (or IGST), grand total in figures and words, received and
 * dues; exchange note, 'Authorised Signatory' and 'Thank You'. Pure; amounts are paise.
 */
export function customerSummaryDocument(data: CustomerSummaryData): TDocumentDefinitions {
  const { seller, customer, bills } = data;
  const place = placeOfSupplyOf(customer, seller.stateCode);
  const totals = summaryTotalsOf(data);
  const half = WHOLESALE_GST_PERCENT / 2;

  const taxHeaders = place.interState
    ? [th(`IGST ${WHOLESALE_GST_PERCENT} %`, 'right')]
    : [th(`CGST ${half} %`, 'right'), th(`SGST ${half} %`, 'right')];
  const header: TableCell[] = [
    th('S.No'),
    th('Bill-No'),
    th('Purchase Date'),
    th('Status'),
    th('Amount', 'right'),
    ...taxHeaders,
    th('Total', 'right'),
    th('Received', 'right'),
    th('Dues', 'right'),
  ];
  const rows = bills.map((bill, index): TableCell[] => {
    const tax = invoiceTaxOf(bill.gstPaise, place.interState);
    return [
      String(index + 1),
      billNumberOf(bill.id),
      day(bill.purchasedAt),
      bill.status === 'closed' ? 'Closed' : 'Open',
      amountCell(bill.amountPaise),
      ...(place.interState
        ? [amountCell(tax.igstPaise)]
        : [amountCell(tax.cgstPaise), amountCell(tax.sgstPaise)]),
      amountCell(billTotalPaise(bill)),
      amountCell(bill.receivedPaise),
      amountCell(billDuesPaise(bill)),
    ];
  });
  const totalRow: TableCell[] = [
    { text: 'Total', colSpan: 4, bold: true },
    '',
    '',
    '',
    amountCell(totals.amountPaise, true),
    ...(place.interState
      ? [amountCell(totals.igstPaise, true)]
      : [amountCell(totals.cgstPaise, true), amountCell(totals.sgstPaise, true)]),
    amountCell(totals.totalPaise, true),
    amountCell(totals.receivedPaise, true),
    amountCell(totals.duesPaise, true),
  ];
  const empty: TableCell[] = [
    { text: 'No bills yet', colSpan: header.length, italics: true, alignment: 'center' },
    ...header.slice(1).map(() => ''),
  ];
  const widths = place.interState
    ? [24, 40, 58, 34, '*', 56, '*', '*', '*']
    : [24, 40, 58, 34, '*', 48, 48, '*', '*', '*'];

  const taxRows: Array<[string, string, boolean?]> = place.interState
    ? [[`IGST @ ${WHOLESALE_GST_PERCENT} %`, money(totals.igstPaise)]]
    : [
        [`CGST @ ${half} %`, money(totals.cgstPaise)],
        [`SGST @ ${half} %`, money(totals.sgstPaise)],
      ];

  const content: Content[] = [
    { text: 'Summary Invoice', style: 'title' },
    { text: `Date: ${day(data.generatedAt)}`, style: 'subtitle' },
    {
      columns: [
        sellerBlock(seller),
        {
          width: 240,
          stack: [
            billToBlock(customer),
            {
              text: `Place of supply: ${place.state} (State code: ${place.code || '-'})`,
              margin: [0, 4, 0, 0],
            },
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 12],
    },
    {
      // Rows are one line each, so no dontBreakRows: it costs a second layout pass per row.
      table: {
        headerRows: 1,
        widths,
        body: bills.length > 0 ? [header, ...rows, totalRow] : [header, empty],
      },
      layout: gridLayout,
      fontSize: 8,
    },
    totalsTable([
      ['Number of bills', String(totals.billCount)],
      ['Total amount', money(totals.amountPaise)],
      ...taxRows,
      ['Grand total', money(totals.totalPaise), true],
      ['Received', money(totals.receivedPaise)],
      ['Dues', money(totals.duesPaise), true],
    ]),
    {
      text: [{ text: 'Grand total in words: ', bold: true }, amountInWords(totals.totalPaise)],
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
