/// <reference types="node" />
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatDisplayDate } from '../domain/dates.js';
import { formatRupees } from '../domain/money.js';
import { LEDGER_KIND_LABELS, type CustomerStatement, type LedgerRow } from '../schemas/ledger.js';
import { ledgerRowDetails } from './customer-statement.js';
import { upiPayUri } from './upi.js';

/**
 * The customer statement PDF (docs/back-office-ledger.md "Statement"), written with pdfkit
 * directly rather than through a pdfmake definition: a very busy customer's year is 15,000 rows,
 * and pdfmake's layout of a seven-cell table row each (105,000 cells measured with the embedded
 * Roboto) took about 20 s. Here each ledger row is one preformatted line in Courier, a PDF
 * standard font measured from its metrics (no font shaping), with its columns aligned by the
 * fixed character width; only the few headings and the totals use Roboto (it has the rupee
 * sign). Node only: the server renders it for the back office, My bills and shared links,
 * a long statement in parts (`StatementPart`). Decisions 33 and 35.
 */

const require = createRequire(import.meta.url);

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 36;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Rows: Courier 7 pt; every Courier glyph is 0.6 em wide. */
const ROW_FONT_SIZE = 7;
const CHAR_WIDTH = ROW_FONT_SIZE * 0.6;
const LINE_HEIGHT = 9.6;
/** Characters per column; two spaces between columns; the particulars take what is left. */
const DATE_CHARS = 12;
const AMOUNT_CHARS = 16;
const BALANCE_CHARS = 17;
const GAP = 2;
const LINE_CHARS = Math.floor(CONTENT_WIDTH / CHAR_WIDTH);
const PARTICULARS_CHARS = LINE_CHARS - DATE_CHARS - 2 * AMOUNT_CHARS - BALANCE_CHARS - 4 * GAP;
/** Where rows stop: above the footer. */
const ROWS_BOTTOM = PAGE_HEIGHT - MARGIN - 18;
const RULE = '#9aa5b1';
const SHADE = '#f1f4f8';
const HEADER_FILL = '#e8edf3';
const MUTED = '#52606d';

/** Paise as '1,21,450.00' (en-IN, the rupee sign is in the column heading). */
function plainAmount(paise: number): string {
  return formatRupees(paise).replace('₹', '');
}

const days = new Map<string, string>();

/** An Indian day `YYYY-MM-DD` as 'Nov 5, 2026' (remembered: a year has only 366 of them). */
function dayOf(date: string): string {
  let shown = days.get(date);
  if (shown === undefined) {
    shown = formatDisplayDate(`${date}T12:00:00+05:30`);
    days.set(date, shown);
  }
  return shown;
}

/**
 * Text the standard font can draw: Courier has the Windows-1252 characters only, so anything
 * else (a reason typed in Devanagari) becomes '?', and control characters a space.
 */
function printable(text: string): string {
  // Matching control characters is the point here.
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/[^\u0000-\u00ff]/gu, '?');
}

/** `text` split into lines of at most `width` characters, at spaces where it can. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text.trim();
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    const cut = space > width / 3 ? space : width;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

/**
 * One ledger row as drawn: its lines of date and particulars (later lines indented under the
 * particulars), and its debit, credit and balance for the first line. Pdfkit costs about the
 * same per character drawn, so no column is padded with spaces: each amount is placed at its
 * own position, right-aligned by the fixed character width.
 */
interface RowText {
  lines: string[];
  amounts: [debit: string, credit: string, balance: string];
}

/** `particulars` as the lines of the particulars column (wrapped, Windows-1252 only). */
function particularsLines(particulars: string): string[] {
  return wrap(printable(particulars), PARTICULARS_CHARS);
}

function rowText(
  date: string,
  particulars: readonly string[],
  debit: string,
  credit: string,
  balance: string,
): RowText {
  const indent = ' '.repeat(DATE_CHARS + GAP);
  const lines = particulars.map((part, index) =>
    index === 0 ? `${date.padEnd(DATE_CHARS + GAP)}${part}` : `${indent}${part}`,
  );
  return { lines, amounts: [debit, credit, balance] };
}

/** What the particulars column says of a row: its type, reference and details. */
function particularsOf(row: LedgerRow): string {
  const details = ledgerRowDetails(row);
  return [LEDGER_KIND_LABELS[row.kind], row.reference, details ? `- ${details}` : '']
    .filter((part) => part !== '')
    .join(' ');
}

interface Fonts {
  regular: string;
  bold: string;
}

/** Pdfmake's Roboto files (the rupee sign): regular and medium for headings. */
function robotoFiles(): Fonts {
  return {
    regular: require.resolve('pdfmake/fonts/Roboto/Roboto-Regular.ttf'),
    bold: require.resolve('pdfmake/fonts/Roboto/Roboto-Medium.ttf'),
  };
}

/**
 * Which pages one call draws: part `index` (from 0) of `count` equal page ranges. Every part
 * plans the whole statement the same way (`planStatement`), so the parts' pages joined in order
 * are the whole statement, numbered 'Page n of m' throughout (node-render.ts draws a long
 * statement in parts on several cores and joins them, decision 35).
 */
export interface StatementPart {
  index: number;
  count: number;
}

/**
 * One line of the table where it is drawn: the opening line, a ledger row or the closing line,
 * its particulars already wrapped (their count decides its height), its page (from 0), its top
 * and whether it is shaded. Its date and amounts are formatted only when its page is drawn: a
 * part draws a few of the pages, and every part plans them all.
 */
interface PlacedRow {
  line: { kind: 'opening' } | { kind: 'row'; row: LedgerRow } | { kind: 'closing' };
  particulars: string[];
  page: number;
  y: number;
  shaded: boolean;
}

/** Where everything of the statement goes. */
interface StatementPlan {
  /** The first page's table top (under the title and the two address blocks). */
  firstTableTop: number;
  rows: PlacedRow[];
  /** The totals block (and the pay QR): its page and top. */
  totals: { page: number; y: number };
  pageCount: number;
}

const TABLE_HEADING_HEIGHT = 17;

/** The totals under the table: label, amount, bold. */
function totalsOf(statement: CustomerStatement): Array<[string, string, boolean]> {
  return [
    ['Opening balance', formatRupees(statement.openingBalancePaise), false],
    [
      'Debits (invoices, bounced cheques, refunds)',
      formatRupees(statement.totals.debitPaise),
      false,
    ],
    [
      'Credits (payments, credit notes, cancellations)',
      formatRupees(statement.totals.creditPaise),
      false,
    ],
    ['Closing balance (owed to us)', formatRupees(statement.closingBalancePaise), true],
  ];
}

/** The UPI pay URI of a closing balance owed, when the business has a UPI id; else null. */
function payUriOf(statement: CustomerStatement): string | null {
  return statement.upi && statement.closingBalancePaise > 0
    ? upiPayUri(statement.upi, statement.closingBalancePaise, `Dues ${statement.customer.shopName}`)
    : null;
}

/**
 * The first page's title, range and the two address blocks, drawn when `draw`, else only
 * measured; either way answers where the table starts. Every line is placed at a computed
 * position (never the document's running `y`), so measuring and drawing agree.
 */
function firstPageHeader(
  doc: PDFKit.PDFDocument,
  statement: CustomerStatement,
  draw: boolean,
): number {
  const { seller, customer } = statement;
  const put = (
    text: string,
    x: number,
    y: number,
    options: PDFKit.Mixins.TextOptions,
    color?: string,
  ): number => {
    if (draw) doc.fillColor(color ?? 'black').text(text, x, y, options);
    return y + doc.heightOfString(text, options);
  };
  let y = MARGIN;
  doc.font('Roboto-Bold').fontSize(16);
  y = put('Statement of Account', MARGIN, y, { width: CONTENT_WIDTH, align: 'center' }) + 2;
  doc.font('Roboto').fontSize(8);
  y =
    put(
      `${dayOf(statement.from)} to ${dayOf(statement.to)} - printed ${formatDisplayDate(statement.generatedAt)}`,
      MARGIN,
      y,
      { width: CONTENT_WIDTH, align: 'center' },
      MUTED,
    ) + 10;
  const half = (CONTENT_WIDTH - 16) / 2;
  const block = (x: number, label: string, name: string, lines: string[]): number => {
    doc.font('Roboto-Bold').fontSize(8);
    let at = put(label, x, y, { width: half }, MUTED);
    doc.font('Roboto-Bold').fontSize(13);
    at = put(name, x, at + 2, { width: half });
    doc.font('Roboto').fontSize(9);
    for (const line of lines) at = put(line, x, at, { width: half });
    return at;
  };
  const left = block(MARGIN, 'From', seller.name, [
    seller.address,
    `Mobile: ${seller.mobile}`,
    `GSTIN: ${seller.gstin}`,
  ]);
  const right = block(MARGIN + half + 16, 'Statement for', customer.shopName, [
    customer.name,
    customer.address,
    `Mobile: ${customer.mobile}`,
    `GSTIN: ${customer.gstin ?? 'Unregistered'}`,
  ]);
  return Math.max(left, right) + 10;
}

/**
 * Where every line of the statement goes: the opening line, the ledger rows, the closing line,
 * then the totals (on a page of their own when they do not fit under the table). Pure
 * arithmetic over the rows' wrapped lines, so every part computes the same plan.
 */
function planStatement(statement: CustomerStatement, firstTableTop: number): StatementPlan {
  const lines: Array<Pick<PlacedRow, 'line' | 'particulars'>> = [
    { line: { kind: 'opening' }, particulars: particularsLines('Opening balance') },
    ...statement.rows.map((row) => ({
      line: { kind: 'row' as const, row },
      particulars: particularsLines(particularsOf(row)),
    })),
    { line: { kind: 'closing' }, particulars: particularsLines('Closing balance') },
  ];
  let page = 0;
  let y = firstTableTop + TABLE_HEADING_HEIGHT;
  const rows = lines.map((line, index): PlacedRow => {
    const height = line.particulars.length * LINE_HEIGHT;
    if (y + height > ROWS_BOTTOM) {
      page += 1;
      y = MARGIN + TABLE_HEADING_HEIGHT;
    }
    const placed = { ...line, shaded: index % 2 === 1, page, y };
    y += height;
    return placed;
  });
  const needed = totalsOf(statement).length * 14 + 12 + (payUriOf(statement) ? 130 : 0);
  if (y + needed > ROWS_BOTTOM) {
    page += 1;
    y = MARGIN;
  }
  return { firstTableTop, rows, totals: { page, y: y + 8 }, pageCount: page + 1 };
}

/** The date and amounts of a planned line of the table, formatted to be drawn. */
function textOf(
  statement: CustomerStatement,
  line: PlacedRow['line'],
  particulars: readonly string[],
): RowText {
  if (line.kind !== 'row') {
    // The opening line is dated at the start of the range, the closing line at its end.
    const opening = line.kind === 'opening';
    return rowText(
      dayOf(opening ? statement.from : statement.to),
      particulars,
      '',
      '',
      plainAmount(opening ? statement.openingBalancePaise : statement.closingBalancePaise),
    );
  }
  const { row } = line;
  return rowText(
    row.date === '' ? '' : dayOf(row.date),
    particulars,
    row.debitPaise ? plainAmount(row.debitPaise) : '',
    row.creditPaise ? plainAmount(row.creditPaise) : '',
    plainAmount(row.balancePaise),
  );
}

/**
 * The statement of `statement` as PDF bytes, or one part's pages of it (`part`, default the
 * whole): 'Statement of Account', the range and the print date, the business ('From') and the
 * customer ('Statement for', GSTIN or Unregistered), a table Date, Particulars (type, reference,
 * mode and details), Debit, Credit, Balance whose heading repeats on every page, the opening and
 * closing lines, the totals, the UPI pay QR of a closing balance owed when the business has a
 * UPI id, and 'Page n of m' on every page. A4 portrait; amounts in paise in, en-IN rupees out.
 * @throws what pdfkit throws (a font file missing).
 */
export async function writeStatementPdf(
  statement: CustomerStatement,
  part: StatementPart = { index: 0, count: 1 },
): Promise<Buffer> {
  const fonts = robotoFiles();
  const title = `Statement of Account - ${statement.customer.shopName}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Creator: 'Bazaar', Producer: 'Bazaar' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('Roboto', fonts.regular);
  doc.registerFont('Roboto-Bold', fonts.bold);

  const plan = planStatement(statement, firstPageHeader(doc, statement, false));
  const firstPage = Math.floor((part.index * plan.pageCount) / part.count);
  const endPage = Math.floor(((part.index + 1) * plan.pageCount) / part.count);

  const columnX = (chars: number) => MARGIN + chars * CHAR_WIDTH;
  const debitEnd = DATE_CHARS + PARTICULARS_CHARS + 2 * GAP + AMOUNT_CHARS;
  const creditEnd = debitEnd + GAP + AMOUNT_CHARS;
  const balanceEnd = creditEnd + GAP + BALANCE_CHARS;
  const amountEnds = [debitEnd, creditEnd, balanceEnd].map(columnX);
  /** The table heading at `top`. */
  const tableHeading = (top: number) => {
    doc.rect(MARGIN, top, CONTENT_WIDTH, 14).fill(HEADER_FILL);
    doc.font('Roboto-Bold').fontSize(8).fillColor('black');
    const at = top + 3.5;
    doc.text('Date', MARGIN + 1, at, { lineBreak: false });
    doc.text('Particulars', columnX(DATE_CHARS + GAP), at, { lineBreak: false });
    for (const [label, end] of [
      ['Debit (₹)', debitEnd],
      ['Credit (₹)', creditEnd],
      ['Balance (₹)', balanceEnd],
    ] as const) {
      doc.text(label, columnX(end) - doc.widthOfString(label), at, { lineBreak: false });
    }
    doc
      .moveTo(MARGIN, top + 14)
      .lineTo(MARGIN + CONTENT_WIDTH, top + 14)
      .lineWidth(0.5)
      .stroke(RULE);
  };
  /** One line of the table at its planned place. */
  const drawRow = ({ line, particulars, shaded, y }: PlacedRow) => {
    const { lines, amounts } = textOf(statement, line, particulars);
    const bold = line.kind !== 'row';
    if (shaded)
      doc
        .rect(MARGIN, y - 1.5, CONTENT_WIDTH, lines.length * LINE_HEIGHT)
        .fill(SHADE)
        .fillColor('black');
    doc.font(bold ? 'Courier-Bold' : 'Courier').fontSize(ROW_FONT_SIZE);
    amounts.forEach((amount, index) => {
      if (amount === '') return;
      doc.text(amount, amountEnds[index]! - amount.length * CHAR_WIDTH, y, { lineBreak: false });
    });
    lines.forEach((line, index) => {
      doc.text(line, MARGIN, y + index * LINE_HEIGHT, { lineBreak: false });
    });
  };

  let next = plan.rows.findIndex((row) => row.page >= firstPage);
  if (next < 0) next = plan.rows.length;
  for (let page = firstPage; page < endPage; page += 1) {
    doc.addPage();
    if (page === 0) firstPageHeader(doc, statement, true);
    const hasRows = next < plan.rows.length && plan.rows[next]!.page === page;
    if (hasRows) {
      tableHeading(page === 0 ? plan.firstTableTop : MARGIN);
      doc.fillColor('black');
      for (; next < plan.rows.length && plan.rows[next]!.page === page; next += 1) {
        drawRow(plan.rows[next]!);
      }
    }
    if (page === plan.totals.page) drawTotals(doc, statement, plan.totals.y);
    // 'Page n of m' at the foot.
    const footerY = PAGE_HEIGHT - MARGIN;
    doc.font('Roboto').fontSize(8).fillColor(MUTED);
    doc.text(title, MARGIN, footerY, { lineBreak: false });
    const pageLabel = `Page ${page + 1} of ${plan.pageCount}`;
    doc.text(pageLabel, MARGIN + CONTENT_WIDTH - doc.widthOfString(pageLabel), footerY, {
      lineBreak: false,
    });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** The totals, right-aligned under the table in Roboto (rupee sign), and the pay QR, from `top`. */
function drawTotals(doc: PDFKit.PDFDocument, statement: CustomerStatement, top: number): void {
  let y = top;
  const totalsX = MARGIN + CONTENT_WIDTH - 300;
  for (const [label, amount, strong] of totalsOf(statement)) {
    doc
      .font(strong ? 'Roboto-Bold' : 'Roboto')
      .fontSize(9)
      .fillColor('black');
    doc.text(label, totalsX + 4, y + 3, { lineBreak: false });
    doc.text(amount, totalsX + 296 - doc.widthOfString(amount), y + 3, { lineBreak: false });
    doc.rect(totalsX, y, 300, 14).lineWidth(0.5).stroke(RULE);
    y += 14;
  }
  const upi = payUriOf(statement);
  if (!upi || !statement.upi) return;
  y += 12;
  const qr = QRCode.create(upi, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const module = 100 / (size + 2);
  const qrX = MARGIN + module;
  const qrY = y + module;
  doc.fillColor('black');
  for (let row = 0; row < size; row += 1) {
    // One rectangle per run of dark modules in the row.
    let run = -1;
    for (let column = 0; column <= size; column += 1) {
      const dark = column < size && qr.modules.get(row, column) === 1;
      if (dark && run < 0) run = column;
      if (!dark && run >= 0) {
        doc.rect(qrX + run * module, qrY + row * module, (column - run) * module, module);
        run = -1;
      }
    }
  }
  doc.fill('black');
  const textX = MARGIN + 118;
  doc
    .font('Roboto-Bold')
    .fontSize(9)
    .text('Scan to pay with any UPI app', textX, y + 10);
  doc.font('Roboto').fontSize(9);
  doc.text(`Amount: ${formatRupees(statement.closingBalancePaise)}`, textX, doc.y);
  doc.text(`UPI id: ${statement.upi.vpa}`, textX, doc.y);
  doc.text(`Payee: ${statement.upi.payeeName}`, textX, doc.y);
}
