import {
  gstr1PeriodOf,
  type Gstr1Document,
  type Gstr1Input,
  type Gstr1Line,
} from '../../src/gst/gstr1.js';
import type { IssuedDocumentKind } from '../../src/gst/documents.js';

/**
 * A small fixed month of documents of a Bihar business (state code 10) for the GSTR-1 golden
 * test: B2B intra- and inter-state, a cancelled invoice, small and large B2C, a bill of supply
 * and three credit notes (registered, small B2C, large inter-state B2C). Taxes are worked out
 * here as the engine would: CGST = SGST = taxable x rate / 200, IGST = taxable x rate / 100,
 * each rounded to the paisa.
 */

export const SUPPLIER_GSTIN = '10AAKFB4821M1ZM';
export const BIHAR_BUYER = '10AABCR1234Q1ZK';
export const DELHI_BUYER = '07AAACD5678K1ZA';

interface LineSpec {
  hsn: string;
  quantity: number;
  taxablePaise: number;
  rate: number;
}

interface DocSpec {
  id: number;
  kind: IssuedDocumentKind;
  number: string;
  date: string;
  gstin: string | null;
  pos: string;
  status?: 'issued' | 'cancelled';
  name?: string;
  original?: Gstr1Document['original'];
  lines: LineSpec[];
}

/** Builds a document and its lines with taxes by place of supply (supplier in Bihar, 10). */
export function documentOf(spec: DocSpec): { document: Gstr1Document; lines: Gstr1Line[] } {
  const interState = spec.pos !== '10';
  const lines: Gstr1Line[] = spec.lines.map((line) => {
    const half = interState ? 0 : Math.round((line.taxablePaise * line.rate) / 200);
    return {
      documentId: spec.id,
      hsn: line.hsn,
      description: `Goods ${line.hsn}`,
      uqc: 'PCS',
      quantity: line.quantity,
      ratePercent: line.rate,
      taxableValuePaise: line.taxablePaise,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: interState ? Math.round((line.taxablePaise * line.rate) / 100) : 0,
    };
  });
  const sum = (pick: (line: Gstr1Line) => number) => lines.reduce((t, l) => t + pick(l), 0);
  const taxable = sum((l) => l.taxableValuePaise);
  const cgst = sum((l) => l.cgstPaise);
  const sgst = sum((l) => l.sgstPaise);
  const igst = sum((l) => l.igstPaise);
  return {
    document: {
      id: spec.id,
      kind: spec.kind,
      number: spec.number,
      serial: Number(spec.number.slice(-5)),
      documentDate: spec.date,
      status: spec.status ?? 'issued',
      recipientName:
        spec.name ?? (spec.gstin ? `Buyer ${spec.gstin.slice(0, 2)}` : 'Walk-in, buyer'),
      recipientGstin: spec.gstin,
      placeOfSupplyCode: spec.pos,
      interState,
      taxableValuePaise: taxable,
      cgstPaise: cgst,
      sgstPaise: sgst,
      igstPaise: igst,
      totalPaise: taxable + cgst + sgst + igst,
      original: spec.original ?? null,
    },
    lines,
  };
}

const specs: DocSpec[] = [
  {
    id: 1,
    kind: 'tax_invoice',
    number: 'BZ/26-27/00001',
    date: '2026-10-03',
    gstin: BIHAR_BUYER,
    pos: '10',
    lines: [
      { hsn: '6205', quantity: 10, taxablePaise: 1_234_567, rate: 5 },
      { hsn: '6205', quantity: 3, taxablePaise: 900_001, rate: 5 },
      { hsn: '6204', quantity: 2, taxablePaise: 600_000, rate: 18 },
    ],
  },
  {
    id: 2,
    kind: 'tax_invoice',
    number: 'BZ/26-27/00002',
    date: '2026-10-05',
    gstin: DELHI_BUYER,
    pos: '07',
    lines: [{ hsn: '6109', quantity: 20, taxablePaise: 2_000_033, rate: 5 }],
  },
  {
    id: 3,
    kind: 'tax_invoice',
    number: 'BZ/26-27/00003',
    date: '2026-10-06',
    gstin: null,
    pos: '10',
    status: 'cancelled',
    lines: [{ hsn: '6205', quantity: 1, taxablePaise: 99_900, rate: 5 }],
  },
  {
    id: 4,
    kind: 'tax_invoice',
    number: 'BZ/26-27/00004',
    date: '2026-10-08',
    gstin: null,
    pos: '10',
    lines: [
      { hsn: '6205', quantity: 4, taxablePaise: 400_010, rate: 5 },
      { hsn: '6109', quantity: 1, taxablePaise: 50_005, rate: 5 },
    ],
  },
  {
    id: 5,
    kind: 'tax_invoice',
    number: 'BZ/26-27/00005',
    date: '2026-10-10',
    gstin: null,
    pos: '09',
    lines: [{ hsn: '6204', quantity: 40, taxablePaise: 12_000_000, rate: 18 }],
  },
  {
    id: 6,
    kind: 'tax_invoice',
    number: 'BZ/26-27/00006',
    date: '2026-10-12',
    gstin: null,
    pos: '09',
    lines: [{ hsn: '6205', quantity: 2, taxablePaise: 200_000, rate: 5 }],
  },
  {
    id: 7,
    kind: 'bill_of_supply',
    number: 'BS/26-27/00001',
    date: '2026-10-14',
    gstin: null,
    pos: '10',
    lines: [{ hsn: '6205', quantity: 5, taxablePaise: 250_000, rate: 0 }],
  },
  {
    id: 8,
    kind: 'credit_note',
    number: 'CN/26-27/00001',
    date: '2026-10-20',
    gstin: BIHAR_BUYER,
    pos: '10',
    original: {
      number: 'BZ/26-27/00001',
      documentDate: '2026-10-03',
      kind: 'tax_invoice',
      totalPaise: 0,
    },
    lines: [{ hsn: '6205', quantity: 1, taxablePaise: 123_456, rate: 5 }],
  },
  {
    id: 9,
    kind: 'credit_note',
    number: 'CN/26-27/00002',
    date: '2026-10-21',
    gstin: null,
    pos: '10',
    original: {
      number: 'BZ/26-27/00004',
      documentDate: '2026-10-08',
      kind: 'tax_invoice',
      totalPaise: 0,
    },
    lines: [{ hsn: '6205', quantity: 1, taxablePaise: 100_000, rate: 5 }],
  },
  {
    id: 10,
    kind: 'credit_note',
    number: 'CN/26-27/00003',
    date: '2026-10-22',
    gstin: null,
    pos: '09',
    original: {
      number: 'BZ/26-27/00005',
      documentDate: '2026-10-10',
      kind: 'tax_invoice',
      totalPaise: 0,
    },
    lines: [{ hsn: '6204', quantity: 5, taxablePaise: 1_500_000, rate: 18 }],
  },
];

/** The October 2026 input: ten documents, one of them cancelled. */
export function octoberInput(): Gstr1Input {
  const built = specs.map(documentOf);
  const totals = new Map(built.map(({ document }) => [document.number, document.totalPaise]));
  const documents = built.map(({ document }) =>
    document.original
      ? {
          ...document,
          original: { ...document.original, totalPaise: totals.get(document.original.number)! },
        }
      : document,
  );
  return {
    gstin: SUPPLIER_GSTIN,
    period: gstr1PeriodOf('2026-10'),
    documents,
    lines: built.flatMap(({ lines }) => lines),
  };
}
