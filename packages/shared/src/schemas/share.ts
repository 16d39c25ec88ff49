import { z } from 'zod';
import { bodyId } from './fields.js';
import { StatementQuerySchema } from './ledger.js';
import { addMonths } from './reports.js';

/** A shared statement link's range above 12 months. */
const SHARE_MESSAGES_RANGE = 'A shared statement covers at most one year: choose a shorter range';

/** Longest range of a shared statement link: 12 months (a financial year fits). */
export const SHARED_STATEMENT_MAX_MONTHS = 12;

/** Whether a statement range `from`..`to` (Indian days) is short enough for a shared link. */
export function sharedStatementRangeFits(range: { from: string; to: string }): boolean {
  return range.to < addMonths(range.from, SHARED_STATEMENT_MAX_MONTHS);
}

/**
 * The range of a shared statement: a statement's range of at most 12 months. The link's PDF is
 * drawn on the server each time it is opened, by anyone holding it; a year bounds that work.
 */
export const SharedStatementRangeSchema = StatementQuerySchema.superRefine((range, context) => {
  if (range.from <= range.to && !sharedStatementRangeFits(range)) {
    context.addIssue({ code: 'custom', path: ['to'], message: SHARE_MESSAGES_RANGE });
  }
});

/**
 * Sharing a document where the customer is (docs/documents.md "Sharing"): what to share. An
 * invoice of one bill; a statement of a customer for a range of Indian days; a dues reminder of
 * a customer (its link is the statement of the last 90 days with the balance brought forward,
 * so its closing balance is the dues today).
 */
export const ShareRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('invoice'), billId: bodyId('Choose a bill') }).strict(),
  z
    .object({
      kind: z.literal('statement'),
      customerId: bodyId('Choose a customer'),
      range: SharedStatementRangeSchema,
    })
    .strict(),
  z.object({ kind: z.literal('reminder'), customerId: bodyId('Choose a customer') }).strict(),
]);
export type ShareRequest = z.input<typeof ShareRequestSchema>;

/** A minted link and the ways to send it. */
export const ShareLinkSchema = z.object({
  /** The signed, expiring link to the PDF: `{PUBLIC_URL}/api/shared/{token}.pdf`. */
  url: z.string(),
  /** When the link stops working (ISO 8601). */
  expiresAt: z.string(),
  /** The plain-English message with the shop name, the amount and the link. */
  message: z.string(),
  /** `https://wa.me/91{mobile}?text={message}`: opens WhatsApp with the message filled in. */
  whatsappUrl: z.string(),
  /** The customer's email, for 'Send by mail'. */
  email: z.string(),
});
export type ShareLink = z.infer<typeof ShareLinkSchema>;

/** The answer of 'Send by mail'. */
export const ShareMailSentSchema = z.object({ sentTo: z.string(), expiresAt: z.string() });
export type ShareMailSent = z.infer<typeof ShareMailSentSchema>;

/** `/api/shared/{token}.pdf`. */
export const SharedFileParamsSchema = z.object({ file: z.string().max(600) }).strict();

/** Texts of the shared links' refusals. */
export const SHARE_MESSAGES = {
  expired: 'This link has expired. Please ask the shop for a new one.',
  invalid: 'This link is not valid. Please ask the shop for a new one.',
  rangeTooLong: SHARE_MESSAGES_RANGE,
} as const;
