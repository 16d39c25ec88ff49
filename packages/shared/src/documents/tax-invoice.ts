import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { billDuesPaise } from '../domain/bill.js';
import type { BillInvoiceData } from '../schemas/documents.js';
import { issuedDocumentDefinition } from './issued-document.js';
import { money, paymentsTable, totalsTable } from './layout.js';
import { upiPayBlock } from './upi.js';

/** The exchange note of every wholesale bill (docs/documents.md). */
export const EXCHANGE_NOTE =
  'Goods once sold are not refundable. Exchange is allowed within three days of purchase.';

/**
 * The printed invoice of one wholesale bill (docs/gst.md "Printed documents"): the bill's issued
 * document (tax invoice or bill of supply) exactly as issued, by `issuedDocumentDefinition`,
 * followed by the bill's payments, its total, received, credited (credit notes) and dues today,
 * a UPI pay QR of the dues when the business has a UPI id, and the exchange note. Pure: data in, pdfmake document definition out; amounts are paise.
 */
export function billInvoiceDocument(data: BillInvoiceData): TDocumentDefinitions {
  const { document, bill, payments } = data;
  const totalPaise = document.snapshot.totals.totalPaise;
  const moneyRows: Array<[string, string, boolean?]> = [
    ['Invoice total', money(totalPaise)],
    ['Received', money(bill.receivedPaise)],
    ...(bill.creditedPaise > 0
      ? [['Credit notes', money(bill.creditedPaise)] as [string, string]]
      : []),
    ['Dues', money(billDuesPaise(bill)), true],
  ];
  return issuedDocumentDefinition(document, {
    after: [
      { text: 'Payments of this bill', style: 'blockLabel', margin: [0, 4, 0, 4] },
      paymentsTable(payments, false),
      totalsTable(moneyRows),
      ...upiPayBlock(
        data.upi,
        billDuesPaise(bill),
        `Bill ${document.snapshot.number}`,
        money(billDuesPaise(bill)),
      ),
      { text: EXCHANGE_NOTE, style: 'small', margin: [0, 12, 0, 0] },
    ],
  });
}
