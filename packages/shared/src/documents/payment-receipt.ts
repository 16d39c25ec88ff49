import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { formatCalendarDay, PAYMENT_MODE_LABELS } from '../domain/payments.js';
import type { PaymentReceiptData } from '../schemas/documents.js';
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
import { amountInWords } from './words.js';

/** The payment's facts as label / value rows: amount, in words, mode and its details. */
function factsTable(data: PaymentReceiptData): Content {
  const { payment } = data;
  const rows: Array<[string, string]> = [
    ['Amount received', money(payment.amountPaise)],
    ['Amount in words', amountInWords(payment.amountPaise)],
    ['Mode', PAYMENT_MODE_LABELS[payment.mode]],
  ];
  if (payment.mode === 'upi' || payment.mode === 'bank_transfer') {
    rows.push(['UTR / reference', payment.reference ?? '']);
  }
  if (payment.mode === 'cheque') {
    rows.push(
      ['Cheque number', payment.chequeNumber ?? ''],
      ['Bank', payment.chequeBank ?? ''],
      ['Cheque date', payment.chequeDate ? formatCalendarDay(payment.chequeDate) : ''],
    );
  }
  if (payment.receivedByName) rows.push(['Received by', payment.receivedByName]);
  return {
    table: {
      widths: [120, '*'],
      body: rows.map(([label, value]): TableCell[] => [
        { text: label, bold: true },
        { text: value, bold: label === 'Amount received' },
      ]),
    },
    layout: { ...gridLayout, fillColor: () => null },
    margin: [0, 0, 0, 12],
  };
}

/** The bills the payment paid: S.no, Bill-No, Invoice No, Bill date, Amount applied. */
function billsTable(data: PaymentReceiptData): Content {
  const header = [
    th('S.no'),
    th('Bill-No'),
    th('Invoice No'),
    th('Bill date'),
    th('Amount applied', 'right'),
  ];
  // A part that paid the opening balance (the book carried from paper) comes first, as FIFO
  // pays it first.
  const opening: TableCell[][] =
    data.payment.openingPaise > 0
      ? [['1', 'Opening balance', '-', '-', amountCell(data.payment.openingPaise)]]
      : [];
  const rows = data.bills.map((bill, index): TableCell[] => [
    String(index + 1 + opening.length),
    bill.billNumber,
    bill.invoiceNumber ?? '-',
    day(bill.purchasedAt),
    amountCell(bill.amountPaise),
  ]);
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [36, 70, '*', 80, 100],
      body: [header, ...opening, ...rows],
    },
    layout: gridLayout,
  };
}

/**
 * The receipt of one back-office payment (docs/documents.md "Payment receipt"): its number in the
 * business's receipt series and date, the business and the customer, the amount in figures and
 * in words, the mode with its UTR or cheque details, who took it, the bills it paid with the part
 * each took, a BOUNCED mark with the reason once its cheque bounced, and the signatory. Pure;
 * amounts are paise.
 */
export function paymentReceiptDocument(data: PaymentReceiptData): TDocumentDefinitions {
  const { payment } = data;
  const bounced = payment.status === 'bounced';
  const content: Content[] = [
    { text: 'Payment Receipt', style: 'title' },
    {
      text: `Receipt No ${payment.receiptNumber} - Date ${day(payment.paidAt)}`,
      style: 'subtitle',
    },
    ...(bounced
      ? [
          {
            text: 'BOUNCED',
            bold: true,
            fontSize: 14,
            color: '#c92a2a',
            alignment: 'center',
            margin: [0, 0, 0, 2],
          } as Content,
          {
            text: `Cheque returned unpaid${payment.bouncedAt ? ` on ${day(payment.bouncedAt)}` : ''}: ${payment.bounceReason ?? ''}. This receipt no longer stands.`,
            alignment: 'center',
            color: '#c92a2a',
            margin: [0, 0, 0, 8],
          } as Content,
        ]
      : []),
    {
      columns: [
        sellerBlock(data.seller, 'Received by'),
        { width: 240, stack: [billToBlock(data.customer, 'Received from')] },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 12],
    },
    factsTable(data),
    { text: 'Bills paid', style: 'blockLabel', margin: [0, 0, 0, 4] },
    billsTable(data),
    totalsTable([
      ['Number of bills', String(data.bills.length)],
      ['Total received', money(payment.amountPaise), true],
    ]),
    ...signatureAndThanks(data.seller.name),
  ];
  return pageFrame(
    `Payment Receipt ${payment.receiptNumber}`,
    content,
    `Payment Receipt ${payment.receiptNumber}`,
  );
}
