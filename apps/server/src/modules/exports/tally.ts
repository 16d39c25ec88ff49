import { XMLBuilder } from 'fast-xml-parser';
import {
  billNumberOf,
  gstStateNameOf,
  indianDateOf,
  PAYMENT_MODE_LABELS,
  type PaymentMode,
  type TallyLedgers,
} from '@bazaar/shared';
import type { PaymentExportRow, RefundRow, SalesDocumentRow } from './exports.repo.js';
import { indianDayText, rupeesText } from './export-files.js';

/*
 * The month's vouchers as a Tally import file (docs/back-office-reports.md "Tally"). Tally's
 * sign convention: a debit is a negative AMOUNT with ISDEEMEDPOSITIVE Yes, a credit a positive
 * AMOUNT with ISDEEMEDPOSITIVE No, and every voucher's amounts add up to 0.
 *   Sales: party debited the invoice total; the sales ledger of each rate and the output CGST,
 *     SGST or IGST ledgers credited.
 *   Receipt: cash or bank debited; the party credited, against each invoice it paid.
 *   Credit Note: the reverse of its invoice: party credited against the invoice, the sales and
 *     tax ledgers debited.
 *   Payment: a bounced cheque (party debited again, bank credited) and the refund of a cancelled
 *     bill (party debited, cash credited).
 * Cancelled invoices are left out: a cancelled bill never counts as a sale (docs/gst.md).
 */

/** One line of a voucher: a ledger and its signed amount in paise (debit negative). */
export interface TallyEntry {
  ledger: string;
  amountPaise: number;
  isParty: boolean;
  /** Bill-wise references of the party line (Tally's bill allocations). */
  bills?: { name: string; type: 'New Ref' | 'Agst Ref' | 'On Account'; amountPaise: number }[];
}

/** One voucher as it goes into the file. */
export interface TallyVoucher {
  type: 'Sales' | 'Credit Note' | 'Receipt' | 'Payment';
  /** Stable identity of the source row, so a second import of the same month is recognised. */
  remoteId: string;
  /** Indian day `YYYY-MM-DD`. */
  date: string;
  number: string;
  reference: string | null;
  partyLedger: string;
  partyGstin: string | null;
  placeOfSupply: string | null;
  narration: string;
  entries: TallyEntry[];
}

/** The sources of a month's vouchers (exports.repo). */
export interface TallyMonth {
  sales: SalesDocumentRow[];
  receipts: PaymentExportRow[];
  bounced: PaymentExportRow[];
  refunds: RefundRow[];
  /** Invoice number and status of every bill a receipt or bounce refers to. */
  billReferences: Map<number, { number: string | null; cancelled: boolean }>;
}

/** `{shopName} ({customerId})` with the customer's values. */
export function partyLedgerOf(
  template: string,
  customer: { customerId: number; customerName: string; shopName: string; city: string },
): string {
  return template
    .replaceAll('{shopName}', customer.shopName)
    .replaceAll('{name}', customer.customerName)
    .replaceAll('{customerId}', String(customer.customerId))
    .replaceAll('{city}', customer.city);
}

/** 5 -> '5', 2.5 -> '2.5' (the rate as a ledger name shows it). */
const rateText = (rate: number): string => String(Number(rate.toFixed(2)));

/**
 * A Sales voucher for an invoice or bill of supply; a Credit Note voucher, every sign reversed,
 * for a credit note (against its invoice, at the invoice's rates).
 */
function salesVoucher(document: SalesDocumentRow, ledgers: TallyLedgers): TallyVoucher {
  const party = partyLedgerOf(ledgers.party, document);
  const creditNote = document.kind === 'credit_note';
  // Sales vouchers credit the sales and tax ledgers (+); a credit note debits them (-).
  const sign = creditNote ? -1 : 1;
  const lines = new Map<string, number>();
  const add = (ledger: string, paise: number) => {
    if (paise !== 0) lines.set(ledger, (lines.get(ledger) ?? 0) + sign * paise);
  };
  if (document.kind === 'bill_of_supply') {
    add(ledgers.salesWithoutGst, document.taxableValuePaise);
  } else {
    for (const rate of document.byRate) {
      add(
        rate.ratePercent === 0
          ? ledgers.salesWithoutGst
          : ledgers.sales.replaceAll('{rate}', rateText(rate.ratePercent)),
        rate.taxableValuePaise,
      );
    }
  }
  add(ledgers.cgst, document.cgstPaise);
  add(ledgers.sgst, document.sgstPaise);
  add(ledgers.igst, document.igstPaise);
  const state = gstStateNameOf(document.placeOfSupplyCode) ?? null;
  const title = creditNote
    ? `Credit Note ${document.number} against ${document.originalNumber ?? ''}`
    : `${document.kind === 'bill_of_supply' ? 'Bill of Supply' : 'Tax Invoice'} ${document.number}`;
  return {
    type: creditNote ? 'Credit Note' : 'Sales',
    remoteId: `bazaar-${creditNote ? 'credit-note' : 'sales'}-${document.id}`,
    date: document.documentDate,
    number: document.number,
    reference: billNumberOf(document.billId),
    partyLedger: party,
    partyGstin: document.recipientGstin,
    placeOfSupply: state,
    narration: `${title}, Bill No ${billNumberOf(document.billId)}`,
    entries: [
      {
        ledger: party,
        amountPaise: -sign * document.totalPaise,
        isParty: true,
        bills: [
          creditNote
            ? {
                name: document.originalNumber ?? document.number,
                type: 'Agst Ref',
                amountPaise: document.totalPaise,
              }
            : { name: document.number, type: 'New Ref', amountPaise: -document.totalPaise },
        ],
      },
      ...[...lines].map(([ledger, amountPaise]) => ({ ledger, amountPaise, isParty: false })),
    ],
  };
}

function methodText(payment: PaymentExportRow): string {
  const label = PAYMENT_MODE_LABELS[payment.mode as PaymentMode] ?? payment.mode;
  if (payment.mode === 'cheque') {
    return `${label} ${payment.chequeNumber ?? ''} of ${payment.chequeBank ?? ''} dated ${payment.chequeDate ? indianDayText(payment.chequeDate) : ''}`;
  }
  if (payment.reference) return `${label} UTR ${payment.reference}`;
  return label;
}

/** The party's bill allocations of a payment, signed `sign` (+1 credit, -1 debit). */
function allocationsOf(
  payment: PaymentExportRow,
  references: TallyMonth['billReferences'],
  sign: 1 | -1,
): NonNullable<TallyEntry['bills']> {
  return payment.bills.map((bill) => {
    const reference = references.get(bill.billId);
    // A cancelled bill's sale is not in Tally, so money once paid on it stays on account (its
    // refund is a Payment voucher on account too).
    return reference?.number && !reference.cancelled
      ? { name: reference.number, type: 'Agst Ref' as const, amountPaise: sign * bill.amountPaise }
      : { name: '', type: 'On Account' as const, amountPaise: sign * bill.amountPaise };
  });
}

function billsText(payment: PaymentExportRow): string {
  return payment.bills.map((bill) => billNumberOf(bill.billId)).join(', ');
}

function receiptVoucher(
  payment: PaymentExportRow,
  ledgers: TallyLedgers,
  references: TallyMonth['billReferences'],
): TallyVoucher {
  const party = partyLedgerOf(ledgers.party, payment);
  const money = payment.mode === 'cash' ? ledgers.cash : ledgers.bank;
  return {
    type: 'Receipt',
    remoteId: `bazaar-receipt-${payment.id}`,
    date: indianDateOf(payment.paidAt),
    number: payment.receiptNumber,
    reference: payment.mode === 'cheque' ? payment.chequeNumber : payment.reference,
    partyLedger: party,
    partyGstin: null,
    placeOfSupply: null,
    narration: `Receipt ${payment.receiptNumber}: ${methodText(payment)}; Bill No ${billsText(payment)}`,
    entries: [
      { ledger: money, amountPaise: -payment.amountPaise, isParty: false },
      {
        ledger: party,
        amountPaise: payment.amountPaise,
        isParty: true,
        bills: allocationsOf(payment, references, 1),
      },
    ],
  };
}

function bounceVoucher(
  payment: PaymentExportRow,
  ledgers: TallyLedgers,
  references: TallyMonth['billReferences'],
): TallyVoucher {
  const party = partyLedgerOf(ledgers.party, payment);
  return {
    type: 'Payment',
    remoteId: `bazaar-bounce-${payment.id}`,
    date: indianDateOf(payment.bouncedAt ?? payment.paidAt),
    number: `${payment.receiptNumber}/B`,
    reference: payment.chequeNumber,
    partyLedger: party,
    partyGstin: null,
    placeOfSupply: null,
    narration: `Cheque bounced: ${methodText(payment)}, receipt ${payment.receiptNumber}${payment.bounceReason ? `; ${payment.bounceReason}` : ''}`,
    entries: [
      {
        ledger: party,
        amountPaise: -payment.amountPaise,
        isParty: true,
        bills: allocationsOf(payment, references, -1),
      },
      { ledger: ledgers.bank, amountPaise: payment.amountPaise, isParty: false },
    ],
  };
}

function refundVoucher(refund: RefundRow, ledgers: TallyLedgers): TallyVoucher {
  const party = partyLedgerOf(ledgers.party, refund);
  const number = refund.documentNumber ?? billNumberOf(refund.billId);
  return {
    type: 'Payment',
    remoteId: `bazaar-refund-${refund.billId}`,
    date: indianDateOf(refund.cancelledAt),
    number: `${number}/R`,
    reference: billNumberOf(refund.billId),
    partyLedger: party,
    partyGstin: null,
    placeOfSupply: null,
    narration: `Refund on cancelled ${number}, Bill No ${billNumberOf(refund.billId)}${refund.cancelReason ? `: ${refund.cancelReason}` : ''}`,
    entries: [
      {
        ledger: party,
        amountPaise: -refund.refundedPaise,
        isParty: true,
        bills: [{ name: '', type: 'On Account', amountPaise: -refund.refundedPaise }],
      },
      { ledger: ledgers.cash, amountPaise: refund.refundedPaise, isParty: false },
    ],
  };
}

/**
 * The month's vouchers, in date order (sales, credit notes, receipts, then payments within a
 * day).
 * @throws Error when a voucher would not balance (an issued document whose total is not its
 *   taxable value plus tax): a file Tally would refuse is never handed out.
 */
export function tallyVouchersOf(month: TallyMonth, ledgers: TallyLedgers): TallyVoucher[] {
  const vouchers = [
    ...month.sales.map((document) => salesVoucher(document, ledgers)),
    ...month.receipts.map((payment) => receiptVoucher(payment, ledgers, month.billReferences)),
    ...month.bounced.map((payment) => bounceVoucher(payment, ledgers, month.billReferences)),
    ...month.refunds.map((refund) => refundVoucher(refund, ledgers)),
  ];
  for (const voucher of vouchers) {
    const sum = voucher.entries.reduce((total, entry) => total + entry.amountPaise, 0);
    if (sum !== 0) {
      throw new Error(`Tally voucher ${voucher.number} does not balance (${sum} paise)`);
    }
  }
  const order = { Sales: 0, 'Credit Note': 1, Receipt: 2, Payment: 3 };
  // A stable sort keeps each kind's own order (documents by number, payments by time).
  return vouchers.sort((a, b) =>
    a.date === b.date ? order[a.type] - order[b.type] : a.date < b.date ? -1 : 1,
  );
}

/** Characters XML 1.0 cannot carry at all; dropped from every text. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const clean = (text: string): string => text.replace(NOT_XML, '');

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function voucherXml(voucher: TallyVoucher) {
  return {
    '@_REMOTEID': voucher.remoteId,
    '@_VCHTYPE': voucher.type,
    '@_ACTION': 'Create',
    '@_OBJVIEW': 'Accounting Voucher View',
    DATE: voucher.date.replaceAll('-', ''),
    EFFECTIVEDATE: voucher.date.replaceAll('-', ''),
    VOUCHERTYPENAME: voucher.type,
    VOUCHERNUMBER: clean(voucher.number),
    ...(voucher.reference ? { REFERENCE: clean(voucher.reference) } : {}),
    PARTYLEDGERNAME: clean(voucher.partyLedger),
    ...(voucher.partyGstin ? { PARTYGSTIN: voucher.partyGstin } : {}),
    ...(voucher.placeOfSupply ? { PLACEOFSUPPLY: voucher.placeOfSupply } : {}),
    PERSISTEDVIEW: 'Accounting Voucher View',
    ISINVOICE: 'No',
    NARRATION: clean(voucher.narration),
    'ALLLEDGERENTRIES.LIST': voucher.entries.map((entry) => ({
      LEDGERNAME: clean(entry.ledger),
      // Debits are "deemed positive" in Tally and carry a negative amount.
      ISDEEMEDPOSITIVE: yesNo(entry.amountPaise < 0),
      ISPARTYLEDGER: yesNo(entry.isParty),
      AMOUNT: rupeesText(entry.amountPaise),
      ...(entry.bills
        ? {
            'BILLALLOCATIONS.LIST': entry.bills.map((bill) => ({
              ...(bill.type === 'On Account' ? {} : { NAME: clean(bill.name) }),
              BILLTYPE: bill.type,
              AMOUNT: rupeesText(bill.amountPaise),
            })),
          }
        : {}),
    })),
  };
}

/**
 * The Tally import file: ENVELOPE / HEADER (Import Data) / BODY / IMPORTDATA with REQUESTDESC
 * (report Vouchers, company SVCURRENTCOMPANY) and one TALLYMESSAGE per voucher. Every text and
 * attribute is escaped by the XML builder; characters XML cannot carry are dropped.
 */
export function tallyXmlOf(company: string, vouchers: TallyVoucher[]): string {
  const builder = new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    format: true,
    indentBy: ' ',
  });
  const body = builder.build({
    ENVELOPE: {
      HEADER: { TALLYREQUEST: 'Import Data' },
      BODY: {
        IMPORTDATA: {
          REQUESTDESC: {
            REPORTNAME: 'Vouchers',
            STATICVARIABLES: { SVCURRENTCOMPANY: clean(company) },
          },
          REQUESTDATA: {
            TALLYMESSAGE: vouchers.map((voucher) => ({
              '@_xmlns:UDF': 'TallyUDF',
              VOUCHER: voucherXml(voucher),
            })),
          },
        },
      },
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
