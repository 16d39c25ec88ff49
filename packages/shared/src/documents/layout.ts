import type {
  Content,
  ContextPageSize,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces.js';
import { formatDisplayDate } from '../domain/dates.js';
import { formatRupees } from '../domain/money.js';
import type { DocumentPayment, Recipient, SellerOfRecord } from '../schemas/documents.js';
import { paymentPartLabel } from '../domain/bill.js';
import { PAYMENT_MODE_LABELS } from '../domain/payments.js';

/**
 * Building blocks shared by the document definitions (docs/documents.md): A4 portrait, Roboto
 * (it has the rupee sign), en-IN amounts, 'Mar 5, 2024' dates, tables whose header row repeats
 * on every page, and a footer 'Page n of m'. Plain objects only: nothing here imports pdfmake's
 * code, only its types.
 */

/** Paise as '₹1,20,000.00'. */
export const money = formatRupees;
/** An ISO time as 'Mar 5, 2024' (India time). */
export const day = formatDisplayDate;

/** The line colour of tables and rules. */
const RULE = '#9aa5b1';

/** A table layout with light rules and a shaded header row. */
export const gridLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => RULE,
  vLineColor: () => RULE,
  fillColor: (rowIndex: number) => (rowIndex === 0 ? '#e8edf3' : null),
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/** A header cell. */
export function th(text: string, alignment: 'left' | 'right' | 'center' = 'left'): TableCell {
  return { text, style: 'tableHeader', alignment };
}

/** A right-aligned amount cell. */
export function amountCell(paise: number, bold = false): TableCell {
  return { text: money(paise), alignment: 'right', bold };
}

/** The page frame of every document: A4 portrait, margins, fonts, styles and the footer. */
export function pageFrame(
  title: string,
  content: Content[],
  footerNote: string,
): TDocumentDefinitions {
  return {
    pageSize: 'A4',
    pageOrientation: 'portrait',
    pageMargins: [36, 36, 36, 48],
    info: { title, creator: 'Bazaar', producer: 'Bazaar' },
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      title: { fontSize: 16, bold: true, alignment: 'center', margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 8, alignment: 'center', color: '#52606d', margin: [0, 0, 0, 10] },
      sellerName: { fontSize: 13, bold: true },
      blockLabel: { fontSize: 8, bold: true, color: '#52606d', margin: [0, 0, 0, 2] },
      tableHeader: { bold: true, fontSize: 8.5 },
      totalsLabel: { bold: true },
      small: { fontSize: 8, color: '#52606d' },
    },
    content,
    footer: (currentPage: number, pageCount: number, _pageSize: ContextPageSize): Content => ({
      columns: [
        { text: footerNote, style: 'small' },
        { text: `Page ${currentPage} of ${pageCount}`, style: 'small', alignment: 'right' },
      ],
      margin: [36, 16, 36, 0],
    }),
  };
}

/** The address of a recipient on lines: locality, landmark, city - pincode, state, country. */
export function recipientAddressLines(recipient: Recipient): string[] {
  return [
    recipient.locality,
    recipient.landmark,
    `${recipient.city} - ${recipient.pincode}`,
    `${recipient.state}, ${recipient.country}`,
  ].filter((line) => line.trim() !== '');
}

/** The seller block (Rule 46(a)): name, address, mobile, GSTIN, state and code. */
export function sellerBlock(seller: SellerOfRecord, label = 'Sold by'): Content {
  return {
    stack: [
      { text: label, style: 'blockLabel' },
      { text: seller.name, style: 'sellerName' },
      seller.address,
      `${seller.city} - ${seller.pincode}`,
      `Mobile: ${seller.mobile}`,
      `GSTIN: ${seller.gstin}`,
      `State: ${seller.state}, Code: ${seller.stateCode}`,
    ],
  };
}

/** The bill-to block (Rule 46(d)): customer, shop, address, mobile, GSTIN when known. */
export function billToBlock(recipient: Recipient, label = 'Bill to'): Content {
  return {
    stack: [
      { text: label, style: 'blockLabel' },
      { text: recipient.name, bold: true },
      ...(recipient.shopName ? [recipient.shopName] : []),
      ...recipientAddressLines(recipient),
      `Mobile: ${recipient.mobile}`,
      `GSTIN: ${recipient.gstin ?? 'Unregistered'}`,
    ],
  };
}

/** A two-column key/value table of totals, right-aligned, without rules. */
export function totalsTable(rows: Array<[string, string, boolean?]>, width = 230): Content {
  return {
    columns: [
      { width: '*', text: '' },
      {
        width,
        table: {
          widths: ['*', 'auto'],
          body: rows.map(([label, value, strong]) => [
            { text: label, bold: strong ?? false },
            { text: value, alignment: 'right', bold: strong ?? false },
          ]),
        },
        layout: 'noBorders',
      },
    ],
    margin: [0, 6, 0, 0],
  };
}

/** The sum of the payments that stand (a bounced cheque counts for nothing), paise. */
export function paymentsReceivedPaise(payments: readonly DocumentPayment[]): number {
  return payments
    .filter((payment) => payment.status !== 'bounced')
    .reduce((sum, payment) => sum + payment.amountPaise, 0);
}

/**
 * Payments table: S.no, [Bill-No,] Receipt No, Mode ('Cheque (bounced)' once bounced), Received
 * amount, Payment date; header on every page.
 */
export function paymentsTable(
  payments: readonly DocumentPayment[],
  withBillNumber: boolean,
): Content {
  const header = [
    th('S.no'),
    ...(withBillNumber ? [th('Bill-No')] : []),
    th('Receipt No'),
    th('Mode'),
    th('Received amount', 'right'),
    th('Payment date'),
  ];
  const rows = payments.map((payment, index): TableCell[] => {
    const bounced = payment.status === 'bounced';
    return [
      String(index + 1),
      ...(withBillNumber ? [paymentPartLabel(payment.billId)] : []),
      payment.receiptNumber,
      {
        text: `${PAYMENT_MODE_LABELS[payment.mode]}${bounced ? ' (bounced)' : ''}`,
        ...(bounced ? { color: '#c92a2a' } : {}),
      },
      {
        text: money(payment.amountPaise),
        alignment: 'right',
        ...(bounced ? { decoration: 'lineThrough' as const } : {}),
      },
      day(payment.paidAt),
    ];
  });
  const body: TableCell[][] =
    rows.length > 0
      ? [header, ...rows]
      : [
          header,
          [
            {
              text: 'No payments yet',
              colSpan: header.length,
              italics: true,
              alignment: 'center',
            },
            ...header.slice(1).map(() => ''),
          ],
        ];
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: withBillNumber ? [30, 60, 90, 90, 90, '*'] : [30, 100, 100, 100, '*'],
      body,
    },
    layout: gridLayout,
  };
}

/** 'Authorised Signatory' for the seller, and 'Thank You' (Rule 46(q); docs/documents.md). */
export function signatureAndThanks(sellerName: string): Content[] {
  return [
    {
      columns: [
        { width: '*', text: '' },
        {
          width: 200,
          stack: [
            { text: `For ${sellerName}`, bold: true, alignment: 'center' },
            { text: ' ', margin: [0, 18, 0, 0] },
            {
              canvas: [{ type: 'line', x1: 20, y1: 0, x2: 180, y2: 0, lineWidth: 0.5 }],
            },
            { text: 'Authorised Signatory', alignment: 'center', margin: [0, 2, 0, 0] },
          ],
        },
      ],
      margin: [0, 18, 0, 0],
      unbreakable: true,
    },
    { text: 'Thank You', alignment: 'center', bold: true, fontSize: 11, margin: [0, 14, 0, 0] },
  ];
}
