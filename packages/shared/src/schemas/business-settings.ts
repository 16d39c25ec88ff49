import { z } from 'zod';
import { E_INVOICE_TURNOVER_THRESHOLD_PAISE } from '../gst/documents.js';
import { pathId } from './fields.js';

/**
 * The wholesale business's tax settings (docs/gst.md "Settings"): the aggregate annual turnover
 * that decides e-invoicing and 6-digit HSN. Money is integer paise.
 */

/** The largest turnover accepted, paise (₹1 lakh crore: far above any shop, inside 2^53). */
export const ANNUAL_TURNOVER_MAX_PAISE = 1_000_000_000_000_000;

/** `PUT /api/settings/tax`: the aggregate annual turnover of the previous financial year. */
export const TaxSettingsInputSchema = z
  .object({
    annualTurnoverPaise: z
      .number('Turnover must be a number of paise')
      .int('Turnover must be whole paise')
      .min(0, 'Turnover cannot be negative')
      .max(ANNUAL_TURNOVER_MAX_PAISE, 'Turnover is too large'),
  })
  .strict();
export type TaxSettingsInput = z.infer<typeof TaxSettingsInputSchema>;

/**
 * `GET` / `PUT /api/settings/tax`: the turnover, the ₹5 crore threshold and whether new B2B
 * invoices need an e-invoice (IRN) and 6-digit HSN; `updatedAt` ISO, null when never saved.
 */
export const TaxSettingsSchema = z.object({
  annualTurnoverPaise: z.number().int(),
  eInvoiceThresholdPaise: z.number().int(),
  eInvoiceRequired: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;

/** Whether a turnover (paise) is above the e-invoicing threshold (₹5 crore). */
export function eInvoicingApplies(annualTurnoverPaise: number): boolean {
  return annualTurnoverPaise > E_INVOICE_TURNOVER_THRESHOLD_PAISE;
}

/** `PUT /api/tax-documents/{documentId}/irn`: what the IRP answered for an e-invoice. */
export const IrnInputSchema = z
  .object({
    irn: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{64}$/, 'The IRN is 64 hexadecimal characters')
      .transform((irn) => irn.toLowerCase()),
    ackNumber: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'The acknowledgement number is 1 to 20 digits'),
    ackDate: z.iso.datetime({
      offset: true,
      local: true,
      message: 'Use the acknowledgement date and time, like 2026-11-27T14:05:00',
    }),
    signedQrCode: z
      .string()
      .trim()
      .min(1, 'Paste the signed QR code')
      .max(4000, 'The signed QR code is at most 4000 characters'),
  })
  .strict();
export type IrnInput = z.input<typeof IrnInputSchema>;

/** Path parameters of `/api/tax-documents/{documentId}/...`. */
export const TaxDocumentIdParamsSchema = z.object({ documentId: pathId('documentId') }).strict();
