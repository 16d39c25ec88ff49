import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { WHOLESALE_GST_PERCENT } from '../constants.js';
import { billDuesPaise, billNumberOf, billTotalPaise } from '../domain/bill.js';
import type { BillInvoiceData } from '../schemas/documents.js';
import {
  amountCell,
  billToBlock,
  day,
  gridLayout,
  money,
  pageFrame,
  paymentsTable,
  sellerBlock,
  signatureAndThanks,
  th,
  totalsTable,
} from './layout.js';
import { invoiceTaxOf, placeOfSupplyOf } from './seller.js';
import { amountInWords } from './words.js';

/** The exchange note of every wholesale bill (docs/documents.md). */
export const EXCHANGE_NOTE =
  'Goods once sold are not refundable. Exchange is allowed within three days of purchase.';

/** Percent as printed: 2.5 -> '2.5 %'. */
function percent(value: number): string {
  return `${value} %`;
}

/**
 * The GST tax invoice of one wholesale bill (docs/documents.md; Rule 46
 * of the CGST Rules, 2017 clauses (a)-(q) that apply): title, seller and bill-to blocks,
 * invoice number '00{id}' and date, place of supply with state code, reverse charge 'No', the
 * items with HSN code and PCS, taxable value, CGST 2.5 % + SGST 2.5 % (or IGST 5 % for an
 * out-of-state recipient), grand total and its amount in words, the bill's payments, received,
 * dues, the exchange note, 'Authorised Signatory' and 'Thank You'. Pure: data in, pdfmake
 * document definition out; amounts are paise.
 */
export function billInvoiceDocument(data: BillInvoiceData): TDocumentDefinitions {
  const { seller, customer, bill, lines, payments } = data;
  const invoiceNumber = billNumberOf(bill.id);
  const place = placeOfSupplyOf(customer, seller.stateCode);
  const tax = invoiceTaxOf(bill.gstPaise, place.interState);
  const rate = bill.gstPaise > 0 ? WHOLESALE_GST_PERCENT : 0;
  const totalPaise = billTotalPaise(bill);
  const totalPieces = lines.reduce((sum, line) => sum + line.quantity, 0);

  const details: Content = {
    table: {
      widths: ['auto', '*'],
      body: [
        ['Invoice No.', { text: invoiceNumber, bold: true }],
        ['Invoice date', day(bill.purchasedAt)],
        ['Place of supply', `${place.state} (State code: ${place.code || '-'})`],
        ['Tax payable on reverse charge', 'No'],
        ['Bill status', bill.status === 'closed' ? 'Closed' : 'Open'],
      ],
    },
    layout: gridLayout,
  };

  const itemsHeader: TableCell[] = [
    th('S.No'),
    th('Item'),
    th('Category'),
    th('Type'),
    th('Size'),
    th('HSN code'),
    th('Quantity', 'right'),
    th('Rate', 'right'),
    th('Amount', 'right'),
  ];
  const itemRows = lines.map((line, index): TableCell[] => [
    String(index + 1),
    line.item,
    line.category,
    line.type,
    line.size,
    line.hsnCode,
    { text: `${line.quantity} PCS`, alignment: 'right' },
    amountCell(line.ratePaise),
    amountCell(line.amountPaise),
  ]);
  const totalRow: TableCell[] = [
    { text: 'Total', colSpan: 6, bold: true },
    '',
    '',
    '',
    '',
    '',
    { text: `${totalPieces} PCS`, alignment: 'right', bold: true },
    '',
    amountCell(bill.amountPaise, true),
  ];

  const taxRows: Array<[string, string, boolean?]> = place.interState
    ? [[`IGST @ ${percent(rate)}`, money(tax.igstPaise)]]
    : [
        [`CGST @ ${percent(rate / 2)}`, money(tax.cgstPaise)],
        [`SGST @ ${percent(rate / 2)}`, money(tax.sgstPaise)],
      ];

  const content: Content[] = [
    { text: 'Tax Invoice', style: 'title' },
    { text: 'Original for recipient', style: 'subtitle' },
    { columns: [sellerBlock(seller), { width: 250, stack: [details] }], columnGap: 16 },
    {
      columns: [
        billToBlock(customer),
        {
          width: 250,
          stack: [
            { text: 'Delivery address', style: 'blockLabel' },
            'Same as the bill-to address',
            { text: `${place.state}, State code: ${place.code || '-'}` },
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 12, 0, 10],
    },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [20, '*', 40, 42, 36, 40, 44, 58, 66],
        body: [itemsHeader, ...itemRows, totalRow],
      },
      layout: gridLayout,
    },
    totalsTable([
      ['Taxable value', money(bill.amountPaise)],
      ...taxRows,
      ['Total GST', money(bill.gstPaise)],
      ['Grand total', money(totalPaise), true],
    ]),
    {
      text: [{ text: 'Amount in words: ', bold: true }, amountInWords(totalPaise)],
      margin: [0, 6, 0, 10],
    },
    { text: 'Payments of this bill', style: 'blockLabel', margin: [0, 4, 0, 4] },
    paymentsTable(payments, false),
    totalsTable([
      ['Grand total', money(totalPaise)],
      ['Received', money(bill.receivedPaise)],
      ['Dues', money(billDuesPaise(bill)), true],
    ]),
    { text: EXCHANGE_NOTE, style: 'small', margin: [0, 12, 0, 0] },
    ...signatureAndThanks(seller.name),
  ];

  return pageFrame(
    `Tax Invoice ${invoiceNumber}`,
    content,
    `Tax Invoice ${invoiceNumber} - ${seller.name} - GSTIN ${seller.gstin}`,
  );
}
