import { MONTH_ABBREVIATIONS } from '../domain/dates.js';
import type { Gstr1CsvSection, Gstr1Summary } from '../schemas/gst-returns.js';
import { TAX_DOCUMENT_KINDS } from './documents.js';
import { gstStateNameOf } from './states.js';
import {
  buildGstr1,
  classifyGstr1Documents,
  gstr1B2csSums,
  gstr1DocSeries,
  gstr1HsnSums,
  validateGstr1,
  type Gstr1Amounts,
  type Gstr1ClassifiedDocument,
  type Gstr1HsnSum,
  type Gstr1Input,
  type Gstr1Json,
} from './gstr1.js';

/**
 * The GSTR-1 summary the back office shows and the offline tool's CSV files (docs/gst.md
 * "GSTR-1"), from the same input as `buildGstr1`.
 */

const zero = () => ({
  taxableValuePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
  taxPaise: 0,
});

function withTax<T extends Gstr1Amounts>(amounts: T): T & { taxPaise: number } {
  return { ...amounts, taxPaise: amounts.cgstPaise + amounts.sgstPaise + amounts.igstPaise };
}

/**
 * The summary of a period: taxable value and tax by rate net of credit notes, documents issued
 * and cancelled per kind, the invoices', credit notes' and net totals, how many entries each JSON
 * section holds, and the problems `validateGstr1` finds. Amounts paise.
 */
export function summarizeGstr1(
  input: Gstr1Input,
  json: Gstr1Json = buildGstr1(input),
): Gstr1Summary {
  const issued = new Set(
    input.documents
      .filter((document) => document.status === 'issued')
      .map((document) => document.id),
  );
  const kindOf = new Map(input.documents.map((document) => [document.id, document.kind]));
  const rates = new Map<number, Gstr1Amounts>();
  for (const line of input.lines) {
    if (!issued.has(line.documentId)) continue;
    const sign = kindOf.get(line.documentId) === 'credit_note' ? -1 : 1;
    let row = rates.get(line.ratePercent);
    if (!row)
      rates.set(
        line.ratePercent,
        (row = { taxableValuePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 }),
      );
    row.taxableValuePaise += sign * line.taxableValuePaise;
    row.cgstPaise += sign * line.cgstPaise;
    row.sgstPaise += sign * line.sgstPaise;
    row.igstPaise += sign * line.igstPaise;
  }
  const invoices = { ...zero(), totalPaise: 0 };
  const creditNotes = { ...zero(), count: 0, totalPaise: 0 };
  for (const document of input.documents) {
    if (document.status !== 'issued') continue;
    const target = document.kind === 'credit_note' ? creditNotes : invoices;
    target.taxableValuePaise += document.taxableValuePaise;
    target.cgstPaise += document.cgstPaise;
    target.sgstPaise += document.sgstPaise;
    target.igstPaise += document.igstPaise;
    target.taxPaise += document.cgstPaise + document.sgstPaise + document.igstPaise;
    target.totalPaise += document.totalPaise;
    if (document.kind === 'credit_note') creditNotes.count += 1;
  }
  const net = {
    taxableValuePaise: invoices.taxableValuePaise - creditNotes.taxableValuePaise,
    cgstPaise: invoices.cgstPaise - creditNotes.cgstPaise,
    sgstPaise: invoices.sgstPaise - creditNotes.sgstPaise,
    igstPaise: invoices.igstPaise - creditNotes.igstPaise,
    taxPaise: invoices.taxPaise - creditNotes.taxPaise,
    totalPaise: invoices.totalPaise - creditNotes.totalPaise,
  };
  const count = (values: readonly { inv?: unknown[]; nt?: unknown[] }[] | undefined) =>
    (values ?? []).reduce((sum, value) => sum + (value.inv ?? value.nt ?? []).length, 0);
  return {
    period: input.period,
    gstin: input.gstin,
    byRate: [...rates.entries()]
      .sort(([a], [b]) => a - b)
      .map(([ratePercent, amounts]) => ({ ratePercent, ...withTax(amounts) })),
    documents: TAX_DOCUMENT_KINDS.map((kind) => {
      const ofKind = input.documents.filter((document) => document.kind === kind);
      const live = ofKind.filter((document) => document.status === 'issued');
      return {
        kind,
        issued: ofKind.length,
        cancelled: ofKind.length - live.length,
        totalPaise: live.reduce((sum, document) => sum + document.totalPaise, 0),
      };
    }),
    invoices,
    creditNotes,
    net,
    sections: {
      b2b: count(json.b2b),
      b2cl: count(json.b2cl),
      b2cs: json.b2cs?.length ?? 0,
      cdnr: count(json.cdnr),
      cdnur: json.cdnur?.length ?? 0,
      nil: json.nil?.inv.length ?? 0,
      hsn_b2b: json.hsn?.hsn_b2b?.length ?? 0,
      hsn_b2c: json.hsn?.hsn_b2c?.length ?? 0,
      doc_issue: json.doc_issue?.doc_det.reduce((sum, nature) => sum + nature.docs.length, 0) ?? 0,
    },
    problems: validateGstr1(input, json),
  };
}

/** The offline tool's CSV headers of each section. */
export const GSTR1_CSV_HEADERS: Record<Gstr1CsvSection, readonly string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn_b2b: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  hsn_b2c: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/** The templates' date: '05-Oct-2026' of '2026-10-05'. */
function csvDateOf(date: string): string {
  return `${date.slice(8, 10)}-${MONTH_ABBREVIATIONS[Number(date.slice(5, 7)) - 1]}-${date.slice(0, 4)}`;
}

/** The templates' place of supply: '10-Bihar'. */
function csvPlaceOf(code: string): string {
  return `${code}-${gstStateNameOf(code) ?? ''}`;
}

/** Rupees with 2 decimals from paise, exactly ('-12.50' for -1250). */
function money(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.round(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function cell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The UQC as the templates write it. */
const UQC_NAMES: Record<string, string> = { PCS: 'PCS-PIECES' };

function documentRows(
  entries: readonly Gstr1ClassifiedDocument[],
  row: (
    entry: Gstr1ClassifiedDocument,
    item: Gstr1ClassifiedDocument['items'][number],
  ) => (string | number)[],
): (string | number)[][] {
  return entries.flatMap((entry) => entry.items.map((item) => row(entry, item)));
}

function hsnRows(rows: readonly Gstr1HsnSum[]): (string | number)[][] {
  return rows.map((row) => [
    row.hsn,
    row.description,
    UQC_NAMES[row.uqc] ?? row.uqc,
    row.quantity,
    money(row.taxableValuePaise + row.cgstPaise + row.sgstPaise + row.igstPaise),
    row.ratePercent,
    money(row.taxableValuePaise),
    money(row.igstPaise),
    money(row.cgstPaise),
    money(row.sgstPaise),
    money(0),
  ]);
}

/**
 * One section of the return as the offline tool's CSV template (header row, then a row per
 * document x rate, B2CS row, HSN row or series), lines ended with CRLF. Amounts are rupees with
 * 2 decimals; dates '05-Oct-2026'; places of supply '10-Bihar'.
 */
export function gstr1Csv(input: Gstr1Input, section: Gstr1CsvSection): string {
  const classified = classifyGstr1Documents(input);
  const of = (name: string) => classified.filter((entry) => entry.section === name);
  let rows: (string | number)[][];
  switch (section) {
    case 'b2b':
      rows = documentRows(of('b2b'), ({ document }, item) => [
        document.recipientGstin ?? '',
        document.recipientName,
        document.number,
        csvDateOf(document.documentDate),
        money(document.totalPaise),
        csvPlaceOf(document.placeOfSupplyCode),
        'N',
        '',
        'Regular B2B',
        '',
        item.ratePercent,
        money(item.taxableValuePaise),
        money(0),
      ]);
      break;
    case 'b2cl':
      rows = documentRows(of('b2cl'), ({ document }, item) => [
        document.number,
        csvDateOf(document.documentDate),
        money(document.totalPaise),
        csvPlaceOf(document.placeOfSupplyCode),
        '',
        item.ratePercent,
        money(item.taxableValuePaise),
        money(0),
        '',
      ]);
      break;
    case 'b2cs':
      rows = gstr1B2csSums(classified).map((row) => [
        'OE',
        csvPlaceOf(row.placeOfSupplyCode),
        '',
        row.ratePercent,
        money(row.taxableValuePaise),
        money(0),
        '',
      ]);
      break;
    case 'cdnr':
      rows = documentRows(of('cdnr'), ({ document }, item) => [
        document.recipientGstin ?? '',
        document.recipientName,
        document.number,
        csvDateOf(document.documentDate),
        'C',
        csvPlaceOf(document.placeOfSupplyCode),
        'N',
        'Regular B2B',
        money(document.totalPaise),
        '',
        item.ratePercent,
        money(item.taxableValuePaise),
        money(0),
      ]);
      break;
    case 'cdnur':
      rows = documentRows(of('cdnur'), ({ document }, item) => [
        'B2CL',
        document.number,
        csvDateOf(document.documentDate),
        'C',
        csvPlaceOf(document.placeOfSupplyCode),
        money(document.totalPaise),
        '',
        item.ratePercent,
        money(item.taxableValuePaise),
        money(0),
      ]);
      break;
    case 'hsn_b2b':
      rows = hsnRows(gstr1HsnSums(input, classified).b2b);
      break;
    case 'hsn_b2c':
      rows = hsnRows(gstr1HsnSums(input, classified).b2c);
      break;
    case 'docs':
      rows = gstr1DocSeries(input.documents).map((series) => [
        series.nature.name,
        series.from,
        series.to,
        series.total,
        series.cancelled,
      ]);
      break;
  }
  return (
    [GSTR1_CSV_HEADERS[section], ...rows].map((row) => row.map(cell).join(',')).join('\r\n') +
    '\r\n'
  );
}
