import { z } from 'zod';
import { computeInvoiceTax, type InvoiceTax } from '../gst/engine.js';
import { IssuedTaxDocumentSchema, type IssuedTaxDocument } from './tax-documents.js';
import { pathId } from './fields.js';

/**
 * Credit notes against a wholesale bill's invoice (docs/gst.md "Credit notes"; section 34 of the
 * CGST Act, Rule 53 of the CGST Rules). Amounts are integer paise; quantities pieces.
 */

/** Why a credit note is issued: goods came back, or the invoice charged too much. */
export const CREDIT_NOTE_REASONS = ['goods_returned', 'price_correction'] as const;
export type CreditNoteReason = (typeof CREDIT_NOTE_REASONS)[number];

/** The reason as printed on the credit note (a note, if any, follows after ': '). */
export const CREDIT_NOTE_REASON_TEXTS: Record<CreditNoteReason, string> = {
  goods_returned: 'Goods returned',
  price_correction: 'Price correction',
};

/** The printed reason of a credit note: 'Goods returned' or 'Goods returned: torn seam'. */
export function creditNoteReasonText(reason: CreditNoteReason, note?: string | null): string {
  const text = CREDIT_NOTE_REASON_TEXTS[reason];
  return note ? `${text}: ${note}` : text;
}

/** The reason of an issued credit note, read back from its printed reason (null when neither). */
export function creditNoteReasonOf(printed: string | null): CreditNoteReason | null {
  if (printed === null) return null;
  return (
    CREDIT_NOTE_REASONS.find(
      (reason) =>
        printed === CREDIT_NOTE_REASON_TEXTS[reason] ||
        printed.startsWith(`${CREDIT_NOTE_REASON_TEXTS[reason]}: `),
    ) ?? null
  );
}

/** Field messages of the credit note form (the server answers them in `fields`). */
export const CREDIT_NOTE_MESSAGES = {
  reasonRequired: 'Choose why the credit note is issued',
  lineRequired: 'Choose at least one invoice line',
  lineUnknown: 'The invoice has no such line',
  lineTwice: 'Each invoice line may appear once',
  quantityRequired: 'Enter the pieces returned (1 or more)',
  amountRequired: 'Enter the taxable value to credit (more than ₹0)',
  amountNotForReturns: 'Goods returned are credited at the invoice price: leave the amount empty',
  nothingLeft: 'Nothing of this line is left to credit',
  bill: 'Bill not found',
  noInvoice: 'This bill has no issued invoice yet',
  notCreditNote: 'Credit note not found',
  tooLate: 'A credit note for this invoice was due by 30 November after its financial year',
} as const;

/** At most this many pieces left to return: 'At most 3 pieces can be returned'. */
export function tooManyPiecesMessage(left: number): string {
  return left === 0
    ? CREDIT_NOTE_MESSAGES.nothingLeft
    : `At most ${left} ${left === 1 ? 'piece' : 'pieces'} can be returned`;
}

/** At most this taxable value left to credit (paise): 'At most ₹120.50 can be credited'. */
export function tooMuchCreditMessage(leftPaise: number): string {
  if (leftPaise <= 0) return CREDIT_NOTE_MESSAGES.nothingLeft;
  const rupees = (leftPaise / 100).toLocaleString('en-IN', {
    minimumFractionDigits: leftPaise % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `At most ₹${rupees} can be credited`;
}

/** One invoice line to credit. */
export const CreditNoteLineInputSchema = z
  .object({
    /** The invoice snapshot's line number (1-based). */
    lineNumber: z
      .number(CREDIT_NOTE_MESSAGES.lineUnknown)
      .int(CREDIT_NOTE_MESSAGES.lineUnknown)
      .min(1, CREDIT_NOTE_MESSAGES.lineUnknown)
      .max(1000, CREDIT_NOTE_MESSAGES.lineUnknown),
    /** Goods returned: pieces returned. Price correction: ignored (1). */
    quantity: z
      .number(CREDIT_NOTE_MESSAGES.quantityRequired)
      .int(CREDIT_NOTE_MESSAGES.quantityRequired)
      .min(1, CREDIT_NOTE_MESSAGES.quantityRequired)
      .max(100_000, CREDIT_NOTE_MESSAGES.quantityRequired),
    /** Price correction: the taxable value to credit for the line, paise. */
    amountPaise: z
      .number(CREDIT_NOTE_MESSAGES.amountRequired)
      .int(CREDIT_NOTE_MESSAGES.amountRequired)
      .min(1, CREDIT_NOTE_MESSAGES.amountRequired)
      .max(10_000_000_000, CREDIT_NOTE_MESSAGES.amountRequired)
      .optional(),
  })
  .strict();
export type CreditNoteLineInput = z.infer<typeof CreditNoteLineInputSchema>;

/**
 * `POST /api/bills/{billId}/credit-notes`: goods returned (pieces per line, credited at the
 * invoice's price) or a price correction (taxable value per line); an optional note of at most
 * 300 characters printed after the reason. Field errors name `lines.{index}.quantity` and
 * `lines.{index}.amountPaise`.
 */
export const IssueCreditNoteInputSchema = z
  .object({
    reason: z.enum(CREDIT_NOTE_REASONS, CREDIT_NOTE_MESSAGES.reasonRequired),
    note: z.string().trim().max(300, 'At most 300 characters').optional(),
    lines: z
      .array(CreditNoteLineInputSchema, CREDIT_NOTE_MESSAGES.lineRequired)
      .min(1, CREDIT_NOTE_MESSAGES.lineRequired)
      .max(200, 'At most 200 lines'),
  })
  .strict()
  .superRefine((input, ctx) => {
    const seen = new Set<number>();
    input.lines.forEach((line, index) => {
      if (seen.has(line.lineNumber)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'lineNumber'],
          message: CREDIT_NOTE_MESSAGES.lineTwice,
        });
      }
      seen.add(line.lineNumber);
      if (input.reason === 'price_correction' && line.amountPaise === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'amountPaise'],
          message: CREDIT_NOTE_MESSAGES.amountRequired,
        });
      }
      if (input.reason === 'goods_returned' && line.amountPaise !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'amountPaise'],
          message: CREDIT_NOTE_MESSAGES.amountNotForReturns,
        });
      }
    });
  });
export type IssueCreditNoteInput = z.infer<typeof IssueCreditNoteInputSchema>;

/** Path parameters `{documentId}`. */
export const CreditNoteIdParamsSchema = z.object({ documentId: pathId('documentId') });

/** `GET /api/credit-notes/{documentId}`: the issued credit note, for its PDF. */
export const CreditNoteDocumentSchema = z.object({ document: IssuedTaxDocumentSchema });
export type CreditNoteDocument = z.infer<typeof CreditNoteDocumentSchema>;

/** What is left to credit of one invoice line after the credit notes issued against it. */
export interface CreditableLine {
  lineNumber: number;
  /** Pieces not yet returned. */
  piecesLeft: number;
  /** Taxable value not yet credited (by returns or price corrections), paise. */
  taxableLeftPaise: number;
}

/**
 * What is left to credit of each line of `invoice` (in its line order), given the bill's credit
 * notes: those cancelled or against another invoice do not count; returned pieces are counted
 * from goods-returned notes only, credited taxable value from every note. The server refuses
 * more than this and the Credit note dialog shows it (docs/gst.md "Credit notes").
 */
export function creditableLinesOf(
  invoice: IssuedTaxDocument,
  creditNotes: readonly IssuedTaxDocument[],
): CreditableLine[] {
  const left = new Map(
    invoice.snapshot.lines.map((line) => [
      line.lineNumber,
      {
        lineNumber: line.lineNumber,
        piecesLeft: line.quantity,
        taxableLeftPaise: line.taxableValuePaise,
      },
    ]),
  );
  for (const note of creditNotes) {
    if (
      note.snapshot.kind !== 'credit_note' ||
      note.status !== 'issued' ||
      note.snapshot.original?.number !== invoice.snapshot.number
    ) {
      continue;
    }
    const returned = creditNoteReasonOf(note.snapshot.reason) === 'goods_returned';
    for (const line of note.snapshot.lines) {
      const entry =
        line.originalLineNumber === null ? undefined : left.get(line.originalLineNumber);
      if (!entry) continue;
      if (returned) entry.piecesLeft -= line.quantity;
      entry.taxableLeftPaise -= line.taxableValuePaise;
    }
  }
  return [...left.values()].map((entry) => ({
    ...entry,
    piecesLeft: Math.max(0, entry.piecesLeft),
    taxableLeftPaise: Math.max(0, entry.taxableLeftPaise),
  }));
}

/**
 * The taxable value a credit note line credits, paise: goods returned at the invoice's price per
 * piece with its discount shared pro rata; a price correction its amount.
 */
export function creditNoteLineValuePaise(
  reason: CreditNoteReason,
  invoiceLine: IssuedTaxDocument['snapshot']['lines'][number],
  line: { quantity: number; amountPaise?: number | undefined },
): number {
  if (reason === 'price_correction') return line.amountPaise ?? 0;
  const discountPaise = Math.round(
    (invoiceLine.discountPaise * line.quantity) / invoiceLine.quantity,
  );
  return line.quantity * invoiceLine.unitPricePaise - discountPaise;
}

/**
 * The tax of a credit note before it is issued (the dialog's live preview): each line at its
 * invoice line's rate (0 on a bill of supply), CGST + SGST or IGST by the invoice's place of
 * supply. Lines naming no invoice line or crediting nothing are left out. The server computes the
 * same with the same engine.
 */
export function creditNotePreview(
  invoice: IssuedTaxDocument,
  reason: CreditNoteReason,
  lines: readonly CreditNoteLineInput[],
  documentDate: string,
): InvoiceTax {
  const taxLines = lines.flatMap((line) => {
    const invoiceLine = invoice.snapshot.lines.find((l) => l.lineNumber === line.lineNumber);
    const value = invoiceLine ? creditNoteLineValuePaise(reason, invoiceLine, line) : 0;
    if (!invoiceLine || value <= 0) return [];
    return [
      {
        hsn: invoiceLine.hsn,
        goodsClass: invoiceLine.goodsClass,
        quantity: reason === 'goods_returned' ? line.quantity : 1,
        taxableValuePaise: value,
        fixedRatePercent: invoiceLine.ratePercent,
      },
    ];
  });
  return computeInvoiceTax(
    {
      supplierStateCode: invoice.snapshot.supplier.stateCode,
      placeOfSupplyCode: invoice.snapshot.placeOfSupply.code,
      documentDate,
      taxApplied: true,
    },
    taxLines,
  );
}
