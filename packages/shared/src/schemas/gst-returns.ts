import { z } from 'zod';
import { TAX_DOCUMENT_KINDS } from '../gst/documents.js';

/**
 * GSTR-1 summary and exports (docs/gst.md "GSTR-1"). Amounts are integer paise; the period is a
 * month `YYYY-MM` or a calendar quarter `YYYY-Qn`.
 */

/** The CSV sections of the offline tool's templates. */
export const GSTR1_CSV_SECTIONS = [
  'b2b',
  'b2cl',
  'b2cs',
  'cdnr',
  'cdnur',
  'hsn_b2b',
  'hsn_b2c',
  'docs',
] as const;
export type Gstr1CsvSection = (typeof GSTR1_CSV_SECTIONS)[number];

const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM');
const QuarterSchema = z.string().regex(/^\d{4}-Q[1-4]$/, 'must be a quarter YYYY-Q1 to YYYY-Q4');

/** `?period=2026-10` or `?quarter=2026-Q3` (exactly one). */
export const Gstr1PeriodQuerySchema = z
  .object({ period: MonthSchema.optional(), quarter: QuarterSchema.optional() })
  .refine((query) => (query.period === undefined) !== (query.quarter === undefined), {
    message: 'Give either period (YYYY-MM) or quarter (YYYY-Qn)',
    path: ['period'],
  });
export type Gstr1PeriodQuery = z.infer<typeof Gstr1PeriodQuerySchema>;

/** The period query and the CSV section. */
export const Gstr1CsvQuerySchema = z
  .object({
    period: MonthSchema.optional(),
    quarter: QuarterSchema.optional(),
    section: z.enum(GSTR1_CSV_SECTIONS),
  })
  .refine((query) => (query.period === undefined) !== (query.quarter === undefined), {
    message: 'Give either period (YYYY-MM) or quarter (YYYY-Qn)',
    path: ['period'],
  });

const Paise = z.number().int();

const AmountsSchema = z.object({
  taxableValuePaise: Paise,
  cgstPaise: Paise,
  sgstPaise: Paise,
  igstPaise: Paise,
  taxPaise: Paise,
});

/** Taxable value and tax of one rate, net of credit notes. */
export const Gstr1RateRowSchema = AmountsSchema.extend({ ratePercent: z.number() });

/** Documents of one kind in the period. */
export const Gstr1KindCountSchema = z.object({
  kind: z.enum(TAX_DOCUMENT_KINDS),
  issued: z.number().int(),
  cancelled: z.number().int(),
  /** Total value of those not cancelled. */
  totalPaise: Paise,
});

export const Gstr1ProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  documentNumber: z.string().nullable(),
});

/** GET /api/gst-returns/gstr1/summary. */
export const Gstr1SummarySchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), fp: z.string(), label: z.string() }),
  gstin: z.string(),
  byRate: z.array(Gstr1RateRowSchema),
  documents: z.array(Gstr1KindCountSchema),
  /** Tax invoices and bills of supply not cancelled. */
  invoices: AmountsSchema.extend({ totalPaise: Paise }),
  /** Credit notes not cancelled. */
  creditNotes: AmountsSchema.extend({ count: z.number().int(), totalPaise: Paise }),
  /** Invoices less credit notes. */
  net: AmountsSchema.extend({ totalPaise: Paise }),
  /** Entries in each JSON section (b2b: invoices, b2cs: rows, hsn: rows ...). */
  sections: z.record(z.string(), z.number().int()),
  problems: z.array(Gstr1ProblemSchema),
});
export type Gstr1Summary = z.infer<typeof Gstr1SummarySchema>;
