import { isValidGstin } from '../domain/gstin.js';
import { HSN_CLASSES } from './hsn-classes.js';
import { DOCUMENT_NUMBER_MAX_CHARS, type IssuedDocumentKind } from './documents.js';
import { GST_STATE_CODES } from './states.js';

/**
 * GSTR-1, the return of outward supplies (section 37 of the CGST Act, docs/gst.md "GSTR-1"):
 * pure builders from the issued documents of a period to the JSON the GST portal's offline tool
 * uploads, the checks run before a download, and the summary the back office shows. Input
 * amounts are integer paise; the JSON carries rupees as numbers rounded from paise exactly
 * (`paise / 100`), dates `DD-MM-YYYY`, the return period `MMYYYY`.
 */

/** The offline tool's JSON version written in `version`. */
export const GSTR1_VERSION = 'GST3.2.1';

/**
 * Invoice value above which an inter-state supply to an unregistered buyer is reported invoice
 * by invoice in B2CL (Table 5): ₹1,00,000 in paise (Notification 12/2024-Central Tax).
 */
export const B2CL_THRESHOLD_PAISE = 10_000_000;

/** Longest HSN description the portal takes. */
const HSN_DESCRIPTION_MAX_CHARS = 30;

/** The portal's document-number rule: 1-16 of letters, digits, '/' and '-'. */
const PORTAL_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;

/** A return period: its first and last day (`YYYY-MM-DD`) and `fp` (`MMYYYY` of its last month). */
export interface Gstr1Period {
  from: string;
  to: string;
  fp: string;
  /** 'October 2026' or 'July-September 2026'. */
  label: string;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The period of a month (`'2026-10'`) or of a calendar quarter (`'2026-Q3'` is July to
 * September 2026; quarters of the calendar year are also the quarters of the financial year that
 * QRMP filers use, Q2 of the calendar year being Q1 of the financial year).
 * @throws Error when the text is neither form.
 */
export function gstr1PeriodOf(text: string): Gstr1Period {
  const month = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  const quarter = /^(\d{4})-Q([1-4])$/.exec(text);
  if (month) {
    const year = Number(month[1]);
    const m = Number(month[2]);
    return {
      from: `${month[1]}-${month[2]}-01`,
      to: `${month[1]}-${month[2]}-${String(lastDayOf(year, m)).padStart(2, '0')}`,
      fp: `${month[2]}${month[1]}`,
      label: `${MONTH_NAMES[m - 1]} ${year}`,
    };
  }
  if (quarter) {
    const year = Number(quarter[1]);
    const first = (Number(quarter[2]) - 1) * 3 + 1;
    const last = first + 2;
    const mm = (value: number) => String(value).padStart(2, '0');
    return {
      from: `${year}-${mm(first)}-01`,
      to: `${year}-${mm(last)}-${mm(lastDayOf(year, last))}`,
      fp: `${mm(last)}${year}`,
      label: `${MONTH_NAMES[first - 1]}-${MONTH_NAMES[last - 1]} ${year}`,
    };
  }
  throw new Error(`Not a GSTR-1 period: ${text}`);
}

/** One issued document of the period, as the tax_documents row has it (amounts paise). */
export interface Gstr1Document {
  id: number;
  kind: IssuedDocumentKind;
  number: string;
  serial: number;
  /** `YYYY-MM-DD`. */
  documentDate: string;
  status: 'issued' | 'cancelled';
  recipientName: string;
  /** Null for an unregistered buyer (B2C). */
  recipientGstin: string | null;
  /** Two-digit GST state code of the place of supply. */
  placeOfSupplyCode: string;
  interState: boolean;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** A credit note's invoice (its kind decides B2CL / nil; its value CDNUR). */
  original: {
    number: string;
    documentDate: string;
    kind: IssuedDocumentKind;
    totalPaise: number;
  } | null;
}

/** One line of an issued document (amounts paise). */
export interface Gstr1Line {
  documentId: number;
  hsn: string;
  description: string;
  uqc: string;
  quantity: number;
  ratePercent: number;
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface Gstr1Input {
  /** The supplier's GSTIN (the business). */
  gstin: string;
  period: Gstr1Period;
  /** Every document of the supplier dated in the period, cancelled ones included. */
  documents: readonly Gstr1Document[];
  /** The lines of those documents. */
  lines: readonly Gstr1Line[];
}

/** Tax of one rate: the portal's `itm_det` (rupees). */
export interface Gstr1ItemDetail {
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}
export interface Gstr1Item {
  num: number;
  itm_det: Gstr1ItemDetail;
}
export interface Gstr1B2bInvoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}
export interface Gstr1B2clInvoice {
  inum: string;
  idt: string;
  val: number;
  itms: Gstr1Item[];
}
export interface Gstr1B2csRow {
  sply_ty: 'INTRA' | 'INTER';
  pos: string;
  typ: 'OE';
  rt: number;
  txval: number;
  iamt?: number;
  camt?: number;
  samt?: number;
  csamt: number;
}
export interface Gstr1CreditNote {
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: Gstr1Item[];
}
export interface Gstr1UnregisteredCreditNote {
  typ: 'B2CL';
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  itms: Gstr1Item[];
}
export interface Gstr1HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface Gstr1NilRow {
  sply_ty: 'INTRB2B' | 'INTRAB2B' | 'INTRB2C' | 'INTRAB2C';
  expt_amt: number;
  nil_amt: number;
  ngsup_amt: number;
}
export interface Gstr1DocRange {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}

/** The GSTR-1 JSON of the portal's offline tool; sections without entries are left out. */
export interface Gstr1Json {
  gstin: string;
  fp: string;
  version: string;
  hash: 'hash';
  b2b?: { ctin: string; inv: Gstr1B2bInvoice[] }[];
  b2cl?: { pos: string; inv: Gstr1B2clInvoice[] }[];
  b2cs?: Gstr1B2csRow[];
  cdnr?: { ctin: string; nt: Gstr1CreditNote[] }[];
  cdnur?: Gstr1UnregisteredCreditNote[];
  nil?: { inv: Gstr1NilRow[] };
  hsn?: { hsn_b2b?: Gstr1HsnRow[]; hsn_b2c?: Gstr1HsnRow[] };
  doc_issue?: { doc_det: { doc_num: number; doc_typ: string; docs: Gstr1DocRange[] }[] };
}

/** Where a document goes in GSTR-1. */
export type Gstr1Section = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'nil';

/** Paise sums of taxable value and each tax. */
export interface Gstr1Amounts {
  taxableValuePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** One rate of a document, summed over its lines (paise). */
export interface Gstr1RateItem extends Gstr1Amounts {
  ratePercent: number;
}

/** An issued document with its section and its lines summed by rate. */
export interface Gstr1ClassifiedDocument {
  document: Gstr1Document;
  section: Gstr1Section;
  items: Gstr1RateItem[];
}

/** Rupees from paise, exactly to the paisa. */
export function rupeesOf(paise: number): number {
  return Math.round(paise) / 100;
}

/** Paise from rupees written with at most 2 decimals. */
export function paiseOf(rupees: number): number {
  return Math.round(rupees * 100);
}

/** `DD-MM-YYYY` of `YYYY-MM-DD`. */
export function portalDateOf(date: string): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

const zero = (): Gstr1Amounts => ({
  taxableValuePaise: 0,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 0,
});

function addInto(target: Gstr1Amounts, source: Gstr1Amounts, sign: number): void {
  target.taxableValuePaise += sign * source.taxableValuePaise;
  target.cgstPaise += sign * source.cgstPaise;
  target.sgstPaise += sign * source.sgstPaise;
  target.igstPaise += sign * source.igstPaise;
}

/** Which section an issued document belongs to (docs/gst.md "GSTR-1"). */
export function gstr1SectionOf(document: Gstr1Document): Gstr1Section {
  if (document.kind === 'bill_of_supply') return 'nil';
  if (document.kind === 'credit_note') {
    if (document.original?.kind === 'bill_of_supply') return 'nil';
    if (document.recipientGstin) return 'cdnr';
    const large =
      document.interState && (document.original?.totalPaise ?? 0) > B2CL_THRESHOLD_PAISE;
    return large ? 'cdnur' : 'b2cs';
  }
  if (document.recipientGstin) return 'b2b';
  return document.interState && document.totalPaise > B2CL_THRESHOLD_PAISE ? 'b2cl' : 'b2cs';
}

const byDateAndNumber = (a: Gstr1Document, b: Gstr1Document) =>
  a.documentDate.localeCompare(b.documentDate) || a.serial - b.serial || a.id - b.id;

/**
 * The issued (not cancelled) documents of the input with their section and their lines summed
 * by rate, oldest first. Cancelled documents only count in the documents-issued table.
 */
export function classifyGstr1Documents(input: Gstr1Input): Gstr1ClassifiedDocument[] {
  const itemsByDocument = new Map<number, Map<number, Gstr1RateItem>>();
  for (const line of input.lines) {
    let rates = itemsByDocument.get(line.documentId);
    if (!rates) itemsByDocument.set(line.documentId, (rates = new Map()));
    let item = rates.get(line.ratePercent);
    if (!item) rates.set(line.ratePercent, (item = { ratePercent: line.ratePercent, ...zero() }));
    addInto(item, line, 1);
  }
  return input.documents
    .filter((document) => document.status === 'issued')
    .sort(byDateAndNumber)
    .map((document) => ({
      document,
      section: gstr1SectionOf(document),
      items: [...(itemsByDocument.get(document.id)?.values() ?? [])].sort(
        (a, b) => a.ratePercent - b.ratePercent,
      ),
    }));
}

function itemDetailOf(item: Gstr1RateItem, interState: boolean): Gstr1ItemDetail {
  return interState
    ? {
        rt: item.ratePercent,
        txval: rupeesOf(item.taxableValuePaise),
        iamt: rupeesOf(item.igstPaise),
        csamt: 0,
      }
    : {
        rt: item.ratePercent,
        txval: rupeesOf(item.taxableValuePaise),
        camt: rupeesOf(item.cgstPaise),
        samt: rupeesOf(item.sgstPaise),
        csamt: 0,
      };
}

function itemsOf(entry: Gstr1ClassifiedDocument): Gstr1Item[] {
  return entry.items.map((item, index) => ({
    num: index + 1,
    itm_det: itemDetailOf(item, entry.document.interState),
  }));
}

function groupBy<T>(values: readonly T[], keyOf: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const key = keyOf(value);
    const group = groups.get(key);
    if (group) group.push(value);
    else groups.set(key, [value]);
  }
  return new Map([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** A B2CS row's sums (paise), keyed by place of supply, rate and supply type. */
export interface Gstr1B2csSum extends Gstr1Amounts {
  placeOfSupplyCode: string;
  ratePercent: number;
  interState: boolean;
}

/**
 * The B2CS rows: small B2C invoices less the credit notes to unregistered buyers that are not
 * CDNUR, summed by place of supply x rate x supply type; rows that net to nothing are left out.
 */
export function gstr1B2csSums(classified: readonly Gstr1ClassifiedDocument[]): Gstr1B2csSum[] {
  const rows = new Map<string, Gstr1B2csSum>();
  for (const entry of classified) {
    if (entry.section !== 'b2cs') continue;
    const sign = entry.document.kind === 'credit_note' ? -1 : 1;
    const { placeOfSupplyCode, interState } = entry.document;
    for (const item of entry.items) {
      const key = `${placeOfSupplyCode}|${String(item.ratePercent).padStart(6, '0')}|${interState ? 'INTER' : 'INTRA'}`;
      let row = rows.get(key);
      if (!row) {
        row = { placeOfSupplyCode, ratePercent: item.ratePercent, interState, ...zero() };
        rows.set(key, row);
      }
      addInto(row, item, sign);
    }
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, row]) => row)
    .filter(
      (row) =>
        row.taxableValuePaise !== 0 ||
        row.cgstPaise !== 0 ||
        row.sgstPaise !== 0 ||
        row.igstPaise !== 0,
    );
}

/** An HSN summary row's sums (paise, quantity in pieces). */
export interface Gstr1HsnSum extends Gstr1Amounts {
  hsn: string;
  description: string;
  uqc: string;
  quantity: number;
  ratePercent: number;
}

function hsnDescriptionOf(hsn: string, fallback: string): string {
  const known = HSN_CLASSES.find((entry) => entry.hsn === hsn || entry.hsn6 === hsn);
  const text = known?.label ?? fallback;
  if (text.length <= HSN_DESCRIPTION_MAX_CHARS) return text;
  // Cut at the last whole word that fits, so the description still reads.
  const cut = text.slice(0, HSN_DESCRIPTION_MAX_CHARS + 1).replace(/[\s,;(]+\S*$/, '');
  return (cut || text).slice(0, HSN_DESCRIPTION_MAX_CHARS);
}

/**
 * The HSN summary (Table 12), split into supplies to registered buyers (`b2b`) and to
 * unregistered ones (`b2c`): lines of issued documents summed by HSN x UQC x rate, credit notes
 * subtracted (their quantity too).
 */
export function gstr1HsnSums(
  input: Gstr1Input,
  classified: readonly Gstr1ClassifiedDocument[],
): { b2b: Gstr1HsnSum[]; b2c: Gstr1HsnSum[] } {
  const documents = new Map(classified.map((entry) => [entry.document.id, entry.document]));
  const split = { b2b: new Map<string, Gstr1HsnSum>(), b2c: new Map<string, Gstr1HsnSum>() };
  for (const line of input.lines) {
    const document = documents.get(line.documentId);
    if (!document) continue;
    const sign = document.kind === 'credit_note' ? -1 : 1;
    const rows = document.recipientGstin ? split.b2b : split.b2c;
    const key = `${line.hsn}|${line.uqc}|${String(line.ratePercent).padStart(6, '0')}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        hsn: line.hsn,
        description: hsnDescriptionOf(line.hsn, line.description),
        uqc: line.uqc,
        quantity: 0,
        ratePercent: line.ratePercent,
        ...zero(),
      };
      rows.set(key, row);
    }
    row.quantity += sign * line.quantity;
    addInto(row, line, sign);
  }
  const sorted = (rows: Map<string, Gstr1HsnSum>) =>
    [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  return { b2b: sorted(split.b2b), b2c: sorted(split.b2c) };
}

/** The portal's "nature of document" numbers of the documents-issued table (Table 13). */
export const GSTR1_DOC_NATURES = {
  /** Tax invoices and bills of supply, each series its own row. */
  invoices: { num: 1, name: 'Invoices for outward supply' },
  creditNotes: { num: 5, name: 'Credit Note' },
} as const;

/** One series' range in the documents-issued table. */
export interface Gstr1DocSeries {
  nature: (typeof GSTR1_DOC_NATURES)[keyof typeof GSTR1_DOC_NATURES];
  kind: IssuedDocumentKind;
  from: string;
  to: string;
  total: number;
  cancelled: number;
}

/**
 * The documents-issued table: per series (kind and prefix) the first and last number of the
 * period, how many were issued and how many of those are cancelled. Cancelled documents count
 * here and nowhere else.
 */
export function gstr1DocSeries(documents: readonly Gstr1Document[]): Gstr1DocSeries[] {
  const kindOrder: IssuedDocumentKind[] = ['tax_invoice', 'bill_of_supply', 'credit_note'];
  const series = groupBy(
    documents,
    (document) => `${kindOrder.indexOf(document.kind)}|${document.number.replace(/\d+$/, '')}`,
  );
  return [...series.values()].map((group) => {
    const sorted = [...group].sort((a, b) => a.serial - b.serial || a.id - b.id);
    const kind = sorted[0]!.kind;
    return {
      nature: kind === 'credit_note' ? GSTR1_DOC_NATURES.creditNotes : GSTR1_DOC_NATURES.invoices,
      kind,
      from: sorted[0]!.number,
      to: sorted[sorted.length - 1]!.number,
      total: sorted.length,
      cancelled: sorted.filter((document) => document.status === 'cancelled').length,
    };
  });
}

function nilRowsOf(classified: readonly Gstr1ClassifiedDocument[]): Gstr1NilRow[] {
  const order: Gstr1NilRow['sply_ty'][] = ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'];
  const sums = new Map<Gstr1NilRow['sply_ty'], number>();
  for (const entry of classified) {
    if (entry.section !== 'nil') continue;
    const { document } = entry;
    const type =
      `${document.interState ? 'INTR' : 'INTRA'}${document.recipientGstin ? 'B2B' : 'B2C'}` as Gstr1NilRow['sply_ty'];
    const sign = document.kind === 'credit_note' ? -1 : 1;
    sums.set(type, (sums.get(type) ?? 0) + sign * document.taxableValuePaise);
  }
  return order
    .filter((type) => sums.has(type))
    .map((type) => ({
      sply_ty: type,
      expt_amt: rupeesOf(sums.get(type)!),
      nil_amt: 0,
      ngsup_amt: 0,
    }));
}

function hsnRowsOf(rows: readonly Gstr1HsnSum[]): Gstr1HsnRow[] {
  return rows.map((row, index) => ({
    num: index + 1,
    hsn_sc: row.hsn,
    desc: row.description,
    uqc: row.uqc,
    qty: row.quantity,
    rt: row.ratePercent,
    txval: rupeesOf(row.taxableValuePaise),
    iamt: rupeesOf(row.igstPaise),
    camt: rupeesOf(row.cgstPaise),
    samt: rupeesOf(row.sgstPaise),
    csamt: 0,
  }));
}

/**
 * Builds the GSTR-1 JSON of a period (docs/gst.md "GSTR-1"): B2B invoices by recipient GSTIN,
 * B2CL (inter-state B2C invoices above ₹1 lakh) by place of supply, B2CS summed by place of
 * supply x rate x supply type net of small B2C credit notes, CDNR and CDNUR credit notes, bills
 * of supply as exempt supplies (Table 8), the HSN summary split B2B / B2C, and the documents
 * issued with cancelled ones counted. Cancelled documents are left out of every other table.
 * Items are the document's lines summed by rate. Pure: same input, same JSON.
 */
export function buildGstr1(input: Gstr1Input): Gstr1Json {
  const classified = classifyGstr1Documents(input);
  const of = (section: Gstr1Section) => classified.filter((entry) => entry.section === section);
  const json: Gstr1Json = {
    gstin: input.gstin,
    fp: input.period.fp,
    version: GSTR1_VERSION,
    hash: 'hash',
  };

  const b2b = [...groupBy(of('b2b'), (entry) => entry.document.recipientGstin ?? '')].map(
    ([ctin, entries]) => ({
      ctin,
      inv: entries.map((entry) => ({
        inum: entry.document.number,
        idt: portalDateOf(entry.document.documentDate),
        val: rupeesOf(entry.document.totalPaise),
        pos: entry.document.placeOfSupplyCode,
        rchrg: 'N' as const,
        inv_typ: 'R' as const,
        itms: itemsOf(entry),
      })),
    }),
  );
  if (b2b.length) json.b2b = b2b;

  const b2cl = [...groupBy(of('b2cl'), (entry) => entry.document.placeOfSupplyCode)].map(
    ([pos, entries]) => ({
      pos,
      inv: entries.map((entry) => ({
        inum: entry.document.number,
        idt: portalDateOf(entry.document.documentDate),
        val: rupeesOf(entry.document.totalPaise),
        itms: itemsOf(entry),
      })),
    }),
  );
  if (b2cl.length) json.b2cl = b2cl;

  const b2cs: Gstr1B2csRow[] = gstr1B2csSums(classified).map((row) => ({
    sply_ty: row.interState ? 'INTER' : 'INTRA',
    pos: row.placeOfSupplyCode,
    typ: 'OE',
    rt: row.ratePercent,
    txval: rupeesOf(row.taxableValuePaise),
    ...(row.interState
      ? { iamt: rupeesOf(row.igstPaise) }
      : { camt: rupeesOf(row.cgstPaise), samt: rupeesOf(row.sgstPaise) }),
    csamt: 0,
  }));
  if (b2cs.length) json.b2cs = b2cs;

  const cdnr = [...groupBy(of('cdnr'), (entry) => entry.document.recipientGstin ?? '')].map(
    ([ctin, entries]) => ({
      ctin,
      nt: entries.map((entry) => ({
        ntty: 'C' as const,
        nt_num: entry.document.number,
        nt_dt: portalDateOf(entry.document.documentDate),
        val: rupeesOf(entry.document.totalPaise),
        pos: entry.document.placeOfSupplyCode,
        rchrg: 'N' as const,
        inv_typ: 'R' as const,
        itms: itemsOf(entry),
      })),
    }),
  );
  if (cdnr.length) json.cdnr = cdnr;

  const cdnur = of('cdnur').map((entry) => ({
    typ: 'B2CL' as const,
    ntty: 'C' as const,
    nt_num: entry.document.number,
    nt_dt: portalDateOf(entry.document.documentDate),
    val: rupeesOf(entry.document.totalPaise),
    pos: entry.document.placeOfSupplyCode,
    itms: itemsOf(entry),
  }));
  if (cdnur.length) json.cdnur = cdnur;

  const nil = nilRowsOf(classified);
  if (nil.length) json.nil = { inv: nil };

  const hsn = gstr1HsnSums(input, classified);
  if (hsn.b2b.length || hsn.b2c.length) {
    json.hsn = {
      ...(hsn.b2b.length ? { hsn_b2b: hsnRowsOf(hsn.b2b) } : {}),
      ...(hsn.b2c.length ? { hsn_b2c: hsnRowsOf(hsn.b2c) } : {}),
    };
  }

  const series = gstr1DocSeries(input.documents);
  if (series.length) {
    const natures = groupBy(series, (entry) => String(entry.nature.num).padStart(2, '0'));
    json.doc_issue = {
      doc_det: [...natures.values()].map((group) => ({
        doc_num: group[0]!.nature.num,
        doc_typ: group[0]!.nature.name,
        docs: group.map((entry, index) => ({
          num: index + 1,
          from: entry.from,
          to: entry.to,
          totnum: entry.total,
          cancel: entry.cancelled,
          net_issue: entry.total - entry.cancelled,
        })),
      })),
    };
  }
  return json;
}

/** One problem found before a download; `documentNumber` names the document when it is one. */
export interface Gstr1Problem {
  code:
    | 'SUPPLIER_GSTIN_INVALID'
    | 'RECIPIENT_GSTIN_INVALID'
    | 'PLACE_OF_SUPPLY_UNKNOWN'
    | 'SUPPLY_TYPE_MISMATCH'
    | 'NUMBER_INVALID'
    | 'DOCUMENT_OUTSIDE_PERIOD'
    | 'LINES_DISAGREE'
    | 'SECTIONS_DISAGREE'
    | 'HSN_DISAGREES';
  message: string;
  documentNumber: string | null;
}

const KNOWN_STATE_CODES = new Set(Object.values(GST_STATE_CODES));

function amountsText(amounts: Gstr1Amounts): string {
  const r = (paise: number) => rupeesOf(paise).toFixed(2);
  return `taxable ${r(amounts.taxableValuePaise)}, CGST ${r(amounts.cgstPaise)}, SGST ${r(amounts.sgstPaise)}, IGST ${r(amounts.igstPaise)}`;
}

function sameAmounts(a: Gstr1Amounts, b: Gstr1Amounts): boolean {
  return (
    a.taxableValuePaise === b.taxableValuePaise &&
    a.cgstPaise === b.cgstPaise &&
    a.sgstPaise === b.sgstPaise &&
    a.igstPaise === b.igstPaise
  );
}

function itemAmounts(
  target: Gstr1Amounts,
  items: readonly { itm_det: Gstr1ItemDetail }[],
  sign: number,
): void {
  for (const { itm_det: item } of items) {
    target.taxableValuePaise += sign * paiseOf(item.txval);
    target.cgstPaise += sign * paiseOf(item.camt ?? 0);
    target.sgstPaise += sign * paiseOf(item.samt ?? 0);
    target.igstPaise += sign * paiseOf(item.iamt ?? 0);
  }
}

/**
 * The checks the portal would fail an upload on, run before a download (docs/gst.md "GSTR-1"):
 * every GSTIN valid (format and check character), every place of supply a known state code,
 * the supply type agreeing with it (inter-state exactly when it is not the supplier's state),
 * every number at most 16 of letters, digits, '/' and '-', every document dated in the period,
 * each document's lines adding up to its totals, and the JSON's tables adding up to the
 * documents' totals to the paisa (B2B + B2CL + B2CS - CDNR - CDNUR = tax invoices - their
 * credit notes; the HSN summary = every document net of credit notes). Empty when all pass.
 */
export function validateGstr1(
  input: Gstr1Input,
  json: Gstr1Json = buildGstr1(input),
): Gstr1Problem[] {
  const problems: Gstr1Problem[] = [];
  const supplierState = input.gstin.slice(0, 2);
  if (!isValidGstin(input.gstin)) {
    problems.push({
      code: 'SUPPLIER_GSTIN_INVALID',
      message: `The business's GSTIN ${input.gstin} is not a valid GSTIN`,
      documentNumber: null,
    });
  }
  const lineSums = new Map<number, Gstr1Amounts>();
  for (const line of input.lines) {
    let sums = lineSums.get(line.documentId);
    if (!sums) lineSums.set(line.documentId, (sums = zero()));
    addInto(sums, line, 1);
  }
  for (const document of [...input.documents].sort(byDateAndNumber)) {
    const problem = (code: Gstr1Problem['code'], message: string) =>
      problems.push({ code, message, documentNumber: document.number });
    if (document.recipientGstin !== null && !isValidGstin(document.recipientGstin)) {
      problem(
        'RECIPIENT_GSTIN_INVALID',
        `${document.number}: recipient GSTIN ${document.recipientGstin} is not valid`,
      );
    }
    if (!KNOWN_STATE_CODES.has(document.placeOfSupplyCode)) {
      problem(
        'PLACE_OF_SUPPLY_UNKNOWN',
        `${document.number}: place of supply '${document.placeOfSupplyCode}' is not a GST state code`,
      );
    } else if (document.interState !== (document.placeOfSupplyCode !== supplierState)) {
      problem(
        'SUPPLY_TYPE_MISMATCH',
        `${document.number}: marked ${document.interState ? 'inter' : 'intra'}-state but the place of supply is ${document.placeOfSupplyCode} and the business is in ${supplierState}`,
      );
    }
    if (
      document.number.length > DOCUMENT_NUMBER_MAX_CHARS ||
      !PORTAL_NUMBER_PATTERN.test(document.number)
    ) {
      problem(
        'NUMBER_INVALID',
        `${document.number}: a number must be 1-16 letters, digits, '/' or '-'`,
      );
    }
    if (document.documentDate < input.period.from || document.documentDate > input.period.to) {
      problem(
        'DOCUMENT_OUTSIDE_PERIOD',
        `${document.number}: dated ${document.documentDate}, outside ${input.period.label}`,
      );
    }
    // A cancelled document's lines are not read: it only counts in the documents-issued table.
    const sums = lineSums.get(document.id) ?? zero();
    if (document.status !== 'issued') continue;
    if (
      !sameAmounts(sums, document) ||
      document.totalPaise !==
        document.taxableValuePaise + document.cgstPaise + document.sgstPaise + document.igstPaise
    ) {
      problem(
        'LINES_DISAGREE',
        `${document.number}: lines add up to ${amountsText(sums)}, the document says ${amountsText(document)}, total ${rupeesOf(document.totalPaise).toFixed(2)}`,
      );
    }
  }

  const expected = zero();
  const expectedHsn = zero();
  for (const document of input.documents) {
    if (document.status !== 'issued') continue;
    const sign = document.kind === 'credit_note' ? -1 : 1;
    addInto(expectedHsn, document, sign);
    if (gstr1SectionOf(document) !== 'nil') addInto(expected, document, sign);
  }
  const reported = zero();
  for (const party of json.b2b ?? [])
    for (const invoice of party.inv) itemAmounts(reported, invoice.itms, 1);
  for (const place of json.b2cl ?? [])
    for (const invoice of place.inv) itemAmounts(reported, invoice.itms, 1);
  itemAmounts(
    reported,
    (json.b2cs ?? []).map((row) => ({ itm_det: row })),
    1,
  );
  for (const party of json.cdnr ?? [])
    for (const note of party.nt) itemAmounts(reported, note.itms, -1);
  for (const note of json.cdnur ?? []) itemAmounts(reported, note.itms, -1);
  if (!sameAmounts(expected, reported)) {
    problems.push({
      code: 'SECTIONS_DISAGREE',
      message: `B2B + B2CL + B2CS - CDNR - CDNUR come to ${amountsText(reported)}; the tax invoices less their credit notes come to ${amountsText(expected)}`,
      documentNumber: null,
    });
  }
  const hsn = zero();
  for (const row of [...(json.hsn?.hsn_b2b ?? []), ...(json.hsn?.hsn_b2c ?? [])]) {
    itemAmounts(hsn, [{ itm_det: row }], 1);
  }
  if (!sameAmounts(expectedHsn, hsn)) {
    problems.push({
      code: 'HSN_DISAGREES',
      message: `The HSN summary comes to ${amountsText(hsn)}; the documents less credit notes come to ${amountsText(expectedHsn)}`,
      documentNumber: null,
    });
  }
  return problems;
}
