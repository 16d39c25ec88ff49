import { z } from 'zod';
import { addMonths, REPORT_MAX_YEARS, REPORT_MESSAGES, ReportDaySchema } from './reports.js';

/*
 * Accountant's exports of the back office (docs/back-office-reports.md "Exports"): bills,
 * payments, customers and stock as CSV or Excel, and the month's vouchers as a Tally XML file.
 * Ranges are Indian calendar days `YYYY-MM-DD`, both included, with the report's messages and
 * its 3-year limit; the Tally month is `YYYY-MM`.
 */

/** The file formats of a list export. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The lists that can be exported. */
export const EXPORT_LISTS = ['bills', 'payments', 'customers', 'stock'] as const;
export type ExportList = (typeof EXPORT_LISTS)[number];

/** Texts of the exports' refusals (400 `VALIDATION_FAILED`, in `fields`). */
export const EXPORT_MESSAGES = {
  format: 'Choose csv or xlsx',
  month: 'Enter a month like 2026-10',
} as const;

const FormatSchema = z.enum(EXPORT_FORMATS, { error: EXPORT_MESSAGES.format });

/**
 * `?format=csv|xlsx&from=YYYY-MM-DD&to=YYYY-MM-DD` of the bills and payments exports: both days
 * required, from <= to, at most REPORT_MAX_YEARS years (the report's messages).
 */
export const ExportRangeQuerySchema = z
  .object({
    format: FormatSchema,
    from: ReportDaySchema.optional(),
    to: ReportDaySchema.optional(),
  })
  .strict()
  .superRefine((query, context) => {
    for (const key of ['from', 'to'] as const) {
      if (query[key] === undefined) {
        context.addIssue({ code: 'custom', path: [key], message: REPORT_MESSAGES.bothDates });
      }
    }
    if (query.from === undefined || query.to === undefined) return;
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.fromAfterTo });
    } else if (query.to >= addMonths(query.from, REPORT_MAX_YEARS * 12)) {
      context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.rangeTooLong });
    }
  })
  .transform((query) => ({ format: query.format, from: query.from!, to: query.to! }));
export type ExportRangeQuery = z.output<typeof ExportRangeQuerySchema>;

/** `?format=csv|xlsx` of the customers and stock exports (they are lists as of now). */
export const ExportFormatQuerySchema = z.object({ format: FormatSchema }).strict();
export type ExportFormatQuery = z.output<typeof ExportFormatQuerySchema>;

/** `?month=YYYY-MM` of the Tally export: an Indian calendar month from 2000 on. */
export const TallyExportQuerySchema = z
  .object({
    month: z.string().regex(/^(2\d{3})-(0[1-9]|1[0-2])$/, EXPORT_MESSAGES.month),
  })
  .strict();
export type TallyExportQuery = z.output<typeof TallyExportQuerySchema>;

/**
 * The ledger names the Tally file uses (docs/back-office-reports.md "Tally"). `{rate}` in
 * `sales` is the GST rate in percent (5, 12, 18); `{shopName}`, `{name}`, `{customerId}` and
 * `{city}` in `party` come from the wholesale customer. The ledgers must exist in Tally (or be
 * created there once) before the file is imported.
 */
export const TallyLedgersSchema = z.object({
  sales: z.string().min(1).max(100),
  salesWithoutGst: z.string().min(1).max(100),
  cgst: z.string().min(1).max(100),
  sgst: z.string().min(1).max(100),
  igst: z.string().min(1).max(100),
  cash: z.string().min(1).max(100),
  bank: z.string().min(1).max(100),
  party: z.string().min(1).max(100),
});
export type TallyLedgers = z.infer<typeof TallyLedgersSchema>;

/** The ledger names used unless `TALLY_LEDGERS` (JSON, any subset) overrides them. */
export const DEFAULT_TALLY_LEDGERS: TallyLedgers = {
  sales: 'Sales GST {rate}%',
  salesWithoutGst: 'Sales Bill of Supply',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  cash: 'Cash',
  bank: 'Bank Account',
  party: '{shopName} ({customerId})',
};
