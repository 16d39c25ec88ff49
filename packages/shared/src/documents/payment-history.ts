import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { billDuesPaise, billNumberOf, billTotalPaise } from '../domain/bill.js';
import type { BillPaymentDetailsData, PaymentHistoryData } from '../schemas/documents.js';
import {
  billToBlock,
  day,
  money,
  pageFrame,
  paymentsReceivedPaise,
  paymentsTable,
  sellerBlock,
  signatureAndThanks,
  totalsTable,
} from './layout.js';

/** The seller and customer side by side, as on the invoices. */
function parties(data: PaymentHistoryData | BillPaymentDetailsData): Content {
  return {
    columns: [sellerBlock(data.seller), { width: 240, stack: [billToBlock(data.customer)] }],
    columnGap: 16,
    margin: [0, 0, 0, 12],
  };
}

/**
 * The payment history of a customer (the all-payments Download, docs/documents.md): S.no, Bill-No,
 * Receipt No, Mode, Received amount, Payment date, and the total received (bounced cheques
 * marked and left out). Pure; amounts are paise.
 */
export function paymentHistoryDocument(data: PaymentHistoryData): TDocumentDefinitions {
  const total = paymentsReceivedPaise(data.payments);
  const content: Content[] = [
    { text: 'Payment History', style: 'title' },
    { text: `Date: ${day(data.generatedAt)}`, style: 'subtitle' },
    parties(data),
    paymentsTable(data.payments, true),
    totalsTable([
      ['Number of payments', String(data.payments.length)],
      ['Total received', money(total), true],
    ]),
    ...signatureAndThanks(data.seller.name),
  ];
  const who = data.customer.shopName ?? data.customer.name;
  return pageFrame(`Payment History - ${who}`, content, `Payment History - ${who}`);
}

/**
 * The payment details of one bill (Print Details of the payment details modal,
 * docs/documents.md): S.no, Received amount, Payment Date, with Total, Received, credit notes and
 * Dues (0 once cancelled, with a CANCELLED mark; docs/gst.md "Cancelling a bill"). Pure; amounts
 * are paise.
 */
export function billPaymentDetailsDocument(data: BillPaymentDetailsData): TDocumentDefinitions {
  const { bill } = data;
  const number = billNumberOf(bill.id);
  const content: Content[] = [
    { text: 'Payment Details', style: 'title' },
    {
      text: `Bill-No ${number} - Purchase date ${day(bill.purchasedAt)} - Printed ${day(data.generatedAt)}`,
      style: 'subtitle',
    },
    ...(bill.status === 'cancelled'
      ? [
          {
            text: 'CANCELLED',
            bold: true,
            fontSize: 14,
            color: '#c92a2a',
            alignment: 'center',
            margin: [0, 0, 0, 8],
          } as Content,
        ]
      : []),
    parties(data),
    paymentsTable(data.payments, false),
    totalsTable([
      ['Total', money(billTotalPaise(bill))],
      ['Received', money(bill.receivedPaise)],
      ...(bill.creditedPaise > 0
        ? [['Credit notes', money(bill.creditedPaise)] as [string, string]]
        : []),
      ['Dues', money(billDuesPaise(bill)), true],
    ]),
    ...signatureAndThanks(data.seller.name),
  ];
  return pageFrame(`Payment Details ${number}`, content, `Payment Details - Bill-No ${number}`);
}
