import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { formatDisplayDate } from '../domain/dates.js';
import {
  LEDGER_KIND_LABELS,
  LEDGER_MODE_LABELS,
  type CustomerStatement,
  type LedgerRow,
} from '../schemas/ledger.js';
import { amountCell, gridLayout, money, pageFrame, th, totalsTable } from './layout.js';
import { upiPayBlock } from './upi.js';

/** An Indian day `YYYY-MM-DD` as 'Nov 5, 2026'. */
function dayOf(date: string): string {
  return formatDisplayDate(`${date}T12:00:00+05:30`);
}

/** What a ledger row says besides its type: the mode with its UTR or cheque, or the reason. */
export function ledgerRowDetails(row: Pick<LedgerRow, 'mode' | 'detail'>): string {
  const mode = row.mode ? (LEDGER_MODE_LABELS[row.mode] ?? row.mode) : '';
  if (mode && row.detail && !row.detail.startsWith('Cheque')) return `${mode} ${row.detail}`;
  return row.detail ?? mode;
}

/** The statement's file name: `Statement {shop} {from} to {to}.pdf`, unsafe characters replaced. */
export function customerStatementFileName(statement: CustomerStatement): string {
  const shop = statement.customer.shopName.replace(/[^A-Za-z0-9 ._-]+/g, '_').trim();
  return `Statement ${shop} ${statement.from} to ${statement.to}.pdf`;
}

/**
 * A wholesale customer's statement of account as a PDF definition (docs/back-office-ledger.md
 * "Statement"): the business and the customer, the range, the opening balance brought forward,
 * one row per ledger entry (Date, Type, Reference, Details, Debit, Credit, Balance), the totals
 * and the closing balance, amounts in the en-IN format. A4 portrait; pure; amounts in paise.
 */
export function customerStatementDocument(statement: CustomerStatement): TDocumentDefinitions {
  const header: TableCell[] = [
    th('Date'),
    th('Type'),
    th('Reference'),
    th('Details'),
    th('Debit', 'right'),
    th('Credit', 'right'),
    th('Balance', 'right'),
  ];
  const opening: TableCell[] = [
    dayOf(statement.from),
    { text: 'Opening balance', bold: true, colSpan: 5 },
    '',
    '',
    '',
    '',
    amountCell(statement.openingBalancePaise, true),
  ];
  const rows = statement.rows.map((row): TableCell[] => [
    row.date === '' ? '' : dayOf(row.date),
    LEDGER_KIND_LABELS[row.kind],
    row.reference,
    { text: ledgerRowDetails(row), fontSize: 8 },
    row.debitPaise ? amountCell(row.debitPaise) : '',
    row.creditPaise ? amountCell(row.creditPaise) : '',
    amountCell(row.balancePaise),
  ]);
  const closing: TableCell[] = [
    dayOf(statement.to),
    { text: 'Closing balance', bold: true, colSpan: 5 },
    '',
    '',
    '',
    '',
    amountCell(statement.closingBalancePaise, true),
  ];
  const { seller, customer } = statement;
  const content: Content[] = [
    { text: 'Statement of Account', style: 'title' },
    {
      text: `${dayOf(statement.from)} to ${dayOf(statement.to)} - printed ${formatDisplayDate(statement.generatedAt)}`,
      style: 'subtitle',
    },
    {
      columns: [
        {
          stack: [
            { text: 'From', style: 'blockLabel' },
            { text: seller.name, style: 'sellerName' },
            seller.address,
            `Mobile: ${seller.mobile}`,
            `GSTIN: ${seller.gstin}`,
          ],
        },
        {
          stack: [
            { text: 'Statement for', style: 'blockLabel' },
            { text: customer.shopName, style: 'sellerName' },
            customer.name,
            customer.address,
            `Mobile: ${customer.mobile}`,
            `GSTIN: ${customer.gstin ?? 'Unregistered'}`,
          ],
        },
      ],
      margin: [0, 0, 0, 10],
    },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [56, 74, 80, '*', 56, 56, 60],
        body: [header, opening, ...rows, closing],
      },
      layout: gridLayout,
    },
    totalsTable(
      [
        ['Opening balance', money(statement.openingBalancePaise)],
        ['Debits (invoices, bounced cheques, refunds)', money(statement.totals.debitPaise)],
        ['Credits (payments, credit notes, cancellations)', money(statement.totals.creditPaise)],
        ['Closing balance (owed to us)', money(statement.closingBalancePaise), true],
      ],
      300,
    ),
    ...upiPayBlock(
      statement.upi,
      statement.closingBalancePaise,
      `Dues ${customer.shopName}`,
      money(statement.closingBalancePaise),
    ),
  ];
  const title = `Statement of Account - ${customer.shopName}`;
  return pageFrame(title, content, title);
}
