import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { formatDisplayDate } from '../domain/dates.js';
import { formatBasisPoints } from '../domain/settlements.js';
import {
  SETTLEMENT_LINE_LABELS,
  type SellerStatement,
  type SettlementLine,
} from '../schemas/settlements.js';
import { amountCell, gridLayout, money, pageFrame, th, totalsTable } from './layout.js';

/** An Indian day `YYYY-MM-DD` as 'Nov 5, 2026'. */
function dayOf(date: string): string {
  return formatDisplayDate(`${date}T12:00:00+05:30`);
}

/** TCS of a line: CGST + SGST, or IGST. */
export function tcsOfLine(line: SettlementLine): number {
  return line.tcsCgstPaise + line.tcsSgstPaise + line.tcsIgstPaise;
}

/**
 * What the statement says about cash on delivery (docs/settlements.md): the cash the delivery
 * staff collect is the marketplace's money until it is paid out to the shop.
 */
export function codStatementNote(statement: Pick<SellerStatement, 'codCollectedPaise'>): string {
  return (
    `Cash on delivery collected by Bazaar's delivery staff this month: ${money(statement.codCollectedPaise)}. ` +
    'It is held by the marketplace and included in the balance until it is paid out to you.'
  );
}

/** The law behind the deductions, printed under the statement. */
export const SETTLEMENT_DEDUCTIONS_NOTE =
  'TCS: section 52 of the CGST Act, 0.5 % of the net taxable value (CGST 0.25 % + SGST 0.25 % ' +
  'within Bihar, IGST 0.5 % across states), reported in GSTR-8. TDS: section 194-O of the ' +
  'Income-tax Act, 0.1 % of the gross with a PAN (taken from the GSTIN, or recorded), 5 % ' +
  'without one (section 206AA). Returns received after delivery reverse their entry.';

/**
 * The PAN line of the statement: the PAN TDS is deducted under (masked) and the rate a delivery
 * gets now, or that there is none and the section 206AA rate applies.
 */
export function statementPanLine(shop: SellerStatement['shop']): string {
  return shop.pan
    ? `PAN: ${shop.pan} - TDS ${formatBasisPoints(shop.tdsBp)} of the gross`
    : `PAN: none recorded - TDS ${formatBasisPoints(shop.tdsBp)} of the gross (section 206AA)`;
}

/**
 * The seller's monthly statement as a PDF definition (docs/settlements.md "Statement"), from the
 * same data the page shows: the shop, the month, the opening balance, a row per entry and payout
 * (Date, Type, Reference, Gross, Commission with its GST, TCS, TDS and its rate, Net, Payout,
 * Balance), the PAN TDS is deducted under, the
 * totals, the closing balance, the cash on delivery note. A4 landscape; pure; amounts in paise.
 */
export function sellerStatementDocument(statement: SellerStatement): TDocumentDefinitions {
  const header: TableCell[] = [
    th('Date'),
    th('Type'),
    th('Reference'),
    th('Gross', 'right'),
    th('Commission + GST', 'right'),
    th('TCS', 'right'),
    th('TDS', 'right'),
    th('TDS %', 'right'),
    th('Net', 'right'),
    th('Payout', 'right'),
    th('Balance', 'right'),
  ];
  const opening: TableCell[] = [
    dayOf(`${statement.month}-01`),
    { text: 'Opening balance', bold: true, colSpan: 9 },
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    amountCell(statement.openingBalancePaise, true),
  ];
  // A payout leaves the entry columns empty, an entry the payout column (as on the page).
  const rows = statement.lines.map((line): TableCell[] => {
    const entry = line.kind !== 'payout';
    const shown = (paise: number, when: boolean): TableCell => (when ? amountCell(paise) : '');
    return [
      dayOf(line.date),
      SETTLEMENT_LINE_LABELS[line.kind],
      line.reference,
      shown(line.grossPaise, entry),
      shown(line.commissionPaise + line.commissionGstPaise, entry),
      shown(tcsOfLine(line), entry),
      shown(line.tdsPaise, entry),
      entry && line.tdsBp !== null
        ? { text: formatBasisPoints(line.tdsBp), alignment: 'right' }
        : '',
      shown(line.netPaise, entry),
      shown(line.payoutPaise, !entry),
      amountCell(line.balancePaise),
    ];
  });
  const { totals } = statement;
  const content: Content[] = [
    { text: 'Seller Statement', style: 'title' },
    {
      text: `${statement.monthLabel} - printed ${formatDisplayDate(statement.generatedAt)}`,
      style: 'subtitle',
    },
    {
      stack: [
        { text: 'Statement for', style: 'blockLabel' },
        { text: statement.shop.name, style: 'sellerName' },
        `GSTIN: ${statement.shop.gstin ?? 'Unregistered'}`,
        statementPanLine(statement.shop),
        'From: Bazaar marketplace (e-commerce operator)',
      ],
      margin: [0, 0, 0, 10],
    },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [62, 70, '*', 62, 70, 52, 48, 40, 62, 62, 66],
        body: [header, opening, ...rows],
      },
      layout: gridLayout,
    },
    totalsTable(
      [
        ['Opening balance', money(statement.openingBalancePaise)],
        ['Gross', money(totals.grossPaise)],
        ['Commission', money(-totals.commissionPaise)],
        ['GST on commission', money(-totals.commissionGstPaise)],
        ['TCS (section 52)', money(-totals.tcsPaise)],
        ['TDS (section 194-O)', money(-totals.tdsPaise)],
        ['Payouts', money(-totals.payoutPaise)],
        ['Closing balance (owed to you)', money(statement.closingBalancePaise), true],
      ],
      280,
    ),
    { text: codStatementNote(statement), style: 'small', margin: [0, 10, 0, 2] },
    { text: SETTLEMENT_DEDUCTIONS_NOTE, style: 'small' },
  ];
  const title = `Seller Statement - ${statement.shop.name} - ${statement.monthLabel}`;
  return { ...pageFrame(title, content, title), pageOrientation: 'landscape' };
}
