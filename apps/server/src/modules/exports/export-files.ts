import { PassThrough, Readable } from 'node:stream';
import type { ExportFormat } from '@bazaar/shared';

/*
 * How a list becomes a file an Indian accountant opens (docs/back-office-reports.md "Exports"):
 * CSV with plain numbers (rupees with 2 decimals, no grouping) and dates DD-MM-YYYY; Excel with
 * numeric cells in the lakh/crore grouping format and real date cells shown DD-MM-YYYY. Both are
 * written row by row as the pages of the query arrive (exceljs' streaming WorkbookWriter for
 * Excel), so a large year never sits in memory at once.
 */

/**
 * Excel's format for rupees grouped the Indian way (1,23,45,678.90): conditions pick the crore,
 * lakh and thousand patterns. Excel and LibreOffice both read it.
 */
export const INDIAN_MONEY_FORMAT =
  '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00';
/** The same grouping for whole counts (pieces, bills). */
export const INDIAN_COUNT_FORMAT = '[>=10000000]##\\,##\\,##\\,##0;[>=100000]##\\,##\\,##0;##,##0';
/** Excel's date format of the exports' date cells. */
export const EXCEL_DATE_FORMAT = 'dd-mm-yyyy';

/**
 * One column: its header, what kind of value it holds and how to read it from a row. `money`
 * values are paise, `date` values Indian days `YYYY-MM-DD` (or null), `count` whole numbers.
 */
export interface ExportColumn<T> {
  header: string;
  kind: 'text' | 'money' | 'count' | 'date';
  /** Excel column width in characters. */
  width: number;
  value: (row: T) => string | number | null;
}

/** `2026-10-05` -> `05-10-2026`. */
export function indianDayText(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}-${month}-${year}`;
}

/** Paise as rupees with 2 decimals, no grouping: 123456 -> '1234.56', -5 -> '-0.05'. */
export function rupeesText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Text starting with
 * `=`, `+`, `-`, `@` or a tab is prefixed with `'` so a spreadsheet never runs it as a formula
 * (a shop name like `=HYPERLINK(...)`); numbers are left as they are.
 */
function csvField(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvCell<T>(column: ExportColumn<T>, row: T): string {
  const value = column.value(row);
  if (value === null || value === '') return '';
  switch (column.kind) {
    case 'money':
      return rupeesText(Number(value));
    case 'count':
      return String(value);
    case 'date':
      return indianDayText(String(value));
    default:
      return csvField(String(value));
  }
}

function excelCell<T>(column: ExportColumn<T>, row: T): string | number | Date | null {
  const value = column.value(row);
  if (value === null) return null;
  switch (column.kind) {
    case 'money':
      // Paise are whole, so dividing by 100 is the exact rupee figure Excel stores.
      return Number(value) / 100;
    case 'count':
      return Number(value);
    case 'date': {
      const [year, month, date] = String(value).split('-').map(Number) as [number, number, number];
      // Midnight UTC of the Indian day: exceljs writes the serial of that calendar day.
      return new Date(Date.UTC(year, month - 1, date));
    }
    default:
      // Strip characters XML 1.0 cannot carry, so a stray control character never breaks the file.
      // eslint-disable-next-line no-control-regex
      return String(value).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
  }
}

function excelFormatOf(kind: ExportColumn<unknown>['kind']): string | undefined {
  if (kind === 'money') return INDIAN_MONEY_FORMAT;
  if (kind === 'count') return INDIAN_COUNT_FORMAT;
  if (kind === 'date') return EXCEL_DATE_FORMAT;
  return undefined;
}

/** A list to write: its sheet name, columns and rows, page by page. */
export interface ExportList<T> {
  sheetName: string;
  columns: ExportColumn<T>[];
  pages: AsyncIterable<T[]>;
}

async function* csvChunks<T>(list: ExportList<T>): AsyncGenerator<string> {
  // The byte-order mark makes Excel read the file as UTF-8 (names in Hindi, the ₹ sign).
  yield '\uFEFF' + list.columns.map((column) => csvField(column.header)).join(',') + '\r\n';
  for await (const page of list.pages) {
    yield page
      .map((row) => list.columns.map((column) => csvCell(column, row)).join(',') + '\r\n')
      .join('');
  }
}

/** The list as CSV, streamed one page of rows at a time. */
export function csvStream<T>(list: ExportList<T>): Readable {
  return Readable.from(csvChunks(list));
}

/**
 * The list as one worksheet of an .xlsx workbook, streamed: each row is committed (written to
 * the zip) as soon as it is added. A failure while writing destroys the stream, which ends the
 * download. ExcelJS is loaded on the first spreadsheet asked for, not at start: about 8 MB of heap
 * that every full garbage collection would otherwise walk in a server that never exports
 * (docs/performance.md).
 */
export function xlsxStream<T>(list: ExportList<T>): Readable {
  const output = new PassThrough();
  const write = async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = 'Bazaar back office';
    const sheet = workbook.addWorksheet(list.sheetName, {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = list.columns.map((column, index) => ({
      key: String(index),
      width: column.width,
      style: excelFormatOf(column.kind) ? { numFmt: excelFormatOf(column.kind) } : {},
    }));
    const header = sheet.addRow(list.columns.map((column) => column.header));
    header.font = { bold: true };
    header.commit();
    for await (const page of list.pages) {
      for (const row of page) {
        sheet.addRow(list.columns.map((column) => excelCell(column, row))).commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** The list in the chosen format, with its content type. */
export function exportStream<T>(
  list: ExportList<T>,
  format: ExportFormat,
): { body: Readable; contentType: string } {
  return format === 'csv'
    ? { body: csvStream(list), contentType: 'text/csv; charset=utf-8' }
    : {
        body: xlsxStream(list),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      };
}
