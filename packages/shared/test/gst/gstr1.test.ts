import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  B2CL_THRESHOLD_PAISE,
  buildGstr1,
  gstr1PeriodOf,
  rupeesOf,
  validateGstr1,
  type Gstr1Input,
} from '../../src/gst/gstr1.js';
import { GSTR1_CSV_HEADERS, gstr1Csv, summarizeGstr1 } from '../../src/gst/gstr1-report.js';
import { BIHAR_BUYER, SUPPLIER_GSTIN, documentOf, octoberInput } from './gstr1-fixtures.js';

/**
 * GSTR-1 builders (docs/gst.md "GSTR-1"): a golden month against the JSON committed under
 * golden/, the portal's format as a JSON Schema, the section rules at their edges, the checks
 * before download, the CSV templates and the summary.
 */

const golden = (name: string) => new URL(`./golden/${name}`, import.meta.url);
const schema = JSON.parse(readFileSync(new URL('./gstr1.schema.json', import.meta.url), 'utf8'));
const validateSchema = new Ajv({ allErrors: true, strict: false, multipleOfPrecision: 6 }).compile(
  schema,
);

function single(spec: Parameters<typeof documentOf>[0]): Gstr1Input {
  const { document, lines } = documentOf(spec);
  return { gstin: SUPPLIER_GSTIN, period: gstr1PeriodOf('2026-10'), documents: [document], lines };
}

describe('buildGstr1', () => {
  it('builds the golden month exactly', () => {
    const expected = JSON.parse(readFileSync(golden('gstr1-2026-10.json'), 'utf8'));
    expect(buildGstr1(octoberInput())).toEqual(expected);
  });

  it('answers JSON the portal schema accepts', () => {
    const json = buildGstr1(octoberInput());
    const valid = validateSchema(json);
    expect(validateSchema.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('has a schema that refuses what the portal refuses', () => {
    const json = structuredClone(buildGstr1(octoberInput()));
    json.b2b![0]!.inv[0]!.idt = '2026-10-05';
    json.b2b![0]!.inv[0]!.pos = '25';
    json.b2cs![0]!.txval = 2000.001;
    json.b2cs![1]!.iamt = 1;
    expect(validateSchema(json)).toBe(false);
    const paths = (validateSchema.errors ?? []).map((error) => error.instancePath);
    expect(paths).toEqual(
      expect.arrayContaining(['/b2b/0/inv/0/idt', '/b2b/0/inv/0/pos', '/b2cs/0/txval', '/b2cs/1']),
    );
  });

  it('puts an inter-state B2C invoice in B2CL only above ₹1,00,000', () => {
    const at = (totalPaise: number, pos: string) =>
      buildGstr1(
        single({
          id: 1,
          kind: 'tax_invoice',
          number: 'BZ/26-27/00001',
          date: '2026-10-01',
          gstin: null,
          pos,
          // 0% keeps the invoice value equal to the taxable value.
          lines: [{ hsn: '6205', quantity: 1, taxablePaise: totalPaise, rate: 0 }],
        }),
      );
    expect(at(B2CL_THRESHOLD_PAISE, '09').b2cl).toBeUndefined();
    expect(at(B2CL_THRESHOLD_PAISE, '09').b2cs).toHaveLength(1);
    expect(at(B2CL_THRESHOLD_PAISE + 1, '09').b2cl?.[0]?.inv[0]?.val).toBe(100000.01);
    expect(at(B2CL_THRESHOLD_PAISE + 1, '09').b2cs).toBeUndefined();
    expect(at(B2CL_THRESHOLD_PAISE + 1, '10').b2cl).toBeUndefined();
  });

  it('leaves cancelled documents out of every table but the documents issued', () => {
    const input = octoberInput();
    const json = buildGstr1(input);
    const numbers = JSON.stringify({ ...json, doc_issue: undefined });
    expect(numbers).not.toContain('BZ/26-27/00003');
    expect(json.doc_issue?.doc_det[0]?.docs[0]).toMatchObject({
      from: 'BZ/26-27/00001',
      to: 'BZ/26-27/00006',
      totnum: 6,
      cancel: 1,
      net_issue: 5,
    });
    const cancelledTaxable = input.documents.find(
      (d) => d.status === 'cancelled',
    )!.taxableValuePaise;
    const hsnTotal = [...json.hsn!.hsn_b2b!, ...json.hsn!.hsn_b2c!].reduce(
      (sum, row) => sum + Math.round(row.txval * 100),
      0,
    );
    const issuedNet = input.documents
      .filter((d) => d.status === 'issued')
      .reduce((sum, d) => sum + (d.kind === 'credit_note' ? -1 : 1) * d.taxableValuePaise, 0);
    expect(hsnTotal).toBe(issuedNet);
    expect(hsnTotal).not.toBe(issuedNet + cancelledTaxable);
  });

  it('writes rupees exactly from paise, however many lines add up', () => {
    const lines = Array.from({ length: 300 }, () => ({
      hsn: '6205',
      quantity: 1,
      taxablePaise: 10,
      rate: 5,
    }));
    const json = buildGstr1(
      single({
        id: 1,
        kind: 'tax_invoice',
        number: 'BZ/26-27/00001',
        date: '2026-10-01',
        gstin: BIHAR_BUYER,
        pos: '10',
        lines,
      }),
    );
    // 300 x 0.10 in floating point is 29.999999999999996; from paise it is 30.
    expect(json.b2b?.[0]?.inv[0]?.itms[0]?.itm_det.txval).toBe(30);
    expect(rupeesOf(1_234_567)).toBe(12345.67);
  });
});

describe('gstr1PeriodOf', () => {
  it('reads a month and a calendar quarter, fp being the last month', () => {
    expect(gstr1PeriodOf('2026-02')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
      fp: '022026',
      label: 'February 2026',
    });
    expect(gstr1PeriodOf('2026-Q3')).toMatchObject({
      from: '2026-07-01',
      to: '2026-09-30',
      fp: '092026',
    });
    expect(() => gstr1PeriodOf('2026-13')).toThrow();
  });
});

describe('validateGstr1', () => {
  it('finds nothing wrong with the golden month', () => {
    expect(validateGstr1(octoberInput())).toEqual([]);
  });

  it('names every problem the portal would refuse', () => {
    const input = octoberInput();
    const documents = input.documents.map((document) => {
      if (document.number === 'BZ/26-27/00001')
        return { ...document, recipientGstin: '10AABCR1234Q1ZZ' };
      if (document.number === 'BZ/26-27/00002') return { ...document, placeOfSupplyCode: '25' };
      if (document.number === 'BZ/26-27/00004') return { ...document, number: 'BZ 26-27 00004' };
      if (document.number === 'BZ/26-27/00006') return { ...document, interState: false };
      if (document.number === 'CN/26-27/00001')
        return { ...document, cgstPaise: document.cgstPaise + 1 };
      return document;
    });
    const problems = validateGstr1({ ...input, gstin: '10AAKFB4821M1ZX', documents });
    expect(problems.map((problem) => [problem.code, problem.documentNumber])).toEqual(
      expect.arrayContaining([
        ['SUPPLIER_GSTIN_INVALID', null],
        ['RECIPIENT_GSTIN_INVALID', 'BZ/26-27/00001'],
        ['PLACE_OF_SUPPLY_UNKNOWN', 'BZ/26-27/00002'],
        ['NUMBER_INVALID', 'BZ 26-27 00004'],
        ['SUPPLY_TYPE_MISMATCH', 'BZ/26-27/00006'],
        ['LINES_DISAGREE', 'CN/26-27/00001'],
        ['SECTIONS_DISAGREE', null],
      ]),
    );
  });

  it('refuses documents dated outside the period', () => {
    const input = single({
      id: 1,
      kind: 'tax_invoice',
      number: 'BZ/26-27/00001',
      date: '2026-11-01',
      gstin: BIHAR_BUYER,
      pos: '10',
      lines: [{ hsn: '6205', quantity: 1, taxablePaise: 1000, rate: 5 }],
    });
    expect(validateGstr1(input).map((problem) => problem.code)).toEqual([
      'DOCUMENT_OUTSIDE_PERIOD',
    ]);
  });
});

describe('gstr1Csv', () => {
  it('writes each section as the offline tool template', () => {
    const input = octoberInput();
    for (const section of Object.keys(GSTR1_CSV_HEADERS) as (keyof typeof GSTR1_CSV_HEADERS)[]) {
      const expected = readFileSync(golden(`gstr1-2026-10-${section}.csv`), 'utf8');
      expect(gstr1Csv(input, section), section).toBe(expected);
    }
  });

  it('quotes names with commas', () => {
    const input = octoberInput();
    const renamed = {
      ...input,
      documents: input.documents.map((document) =>
        document.number === 'BZ/26-27/00001'
          ? { ...document, recipientName: 'Ram "& Sons", Patna' }
          : document,
      ),
    };
    expect(gstr1Csv(renamed, 'b2b')).toContain(',"Ram ""& Sons"", Patna",BZ/26-27/00001,');
  });
});

describe('summarizeGstr1', () => {
  it('nets credit notes off the invoices and counts cancelled documents', () => {
    const summary = summarizeGstr1(octoberInput());
    expect(summary.net.taxableValuePaise).toBe(
      summary.invoices.taxableValuePaise - summary.creditNotes.taxableValuePaise,
    );
    expect(summary.byRate.reduce((sum, row) => sum + row.taxableValuePaise, 0)).toBe(
      summary.net.taxableValuePaise,
    );
    expect(summary.byRate.reduce((sum, row) => sum + row.taxPaise, 0)).toBe(summary.net.taxPaise);
    expect(summary.documents).toEqual([
      { kind: 'tax_invoice', issued: 6, cancelled: 1, totalPaise: 19_891_846 },
      { kind: 'bill_of_supply', issued: 1, cancelled: 0, totalPaise: 250_000 },
      { kind: 'credit_note', issued: 3, cancelled: 0, totalPaise: 2_004_628 },
    ]);
    expect(summary.creditNotes.count).toBe(3);
    expect(summary.problems).toEqual([]);
  });
});
