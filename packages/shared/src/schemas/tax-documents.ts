import { z } from 'zod';
import { GOODS_CLASSES } from '../gst/rates.js';
import { TAX_DOCUMENT_KINDS } from '../gst/documents.js';

/**
 * An issued tax document as frozen at issue (docs/gst.md "Issued documents"): what the invoice,
 * bill of supply or credit note says, for ever. Reprints, screens, e-invoice JSON and GSTR-1 read
 * this, never the live customer, shop or stock rows. Amounts are integer paise; rates percent;
 * dates Indian `YYYY-MM-DD`.
 */

const Paise = z.number().int();

/** The supplier as printed (Rule 46(a)). */
export const DocumentPartySupplierSchema = z.object({
  name: z.string(),
  /** Street lines, without city and state. */
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  state: z.string(),
  stateCode: z.string(),
  gstin: z.string(),
  mobile: z.string(),
});
export type DocumentSupplier = z.infer<typeof DocumentPartySupplierSchema>;

/** The recipient as printed (Rule 46(d)-(f)); `gstin` null for an unregistered buyer. */
export const DocumentRecipientSchema = z.object({
  name: z.string(),
  shopName: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  state: z.string(),
  stateCode: z.string(),
  gstin: z.string().nullable(),
  mobile: z.string(),
});
export type DocumentRecipient = z.infer<typeof DocumentRecipientSchema>;

/** One line as issued. */
export const TaxDocumentLineSchema = z.object({
  lineNumber: z.number().int(),
  /** 'Shirt-Box Golden Men's' or the product's name. */
  description: z.string(),
  /** 'Size: M' / 'Size: M · Colour: Red', or ''. */
  details: z.string(),
  /** HSN as printed (4 or 6 digits). */
  hsn: z.string(),
  goodsClass: z.enum(GOODS_CLASSES),
  uqc: z.literal('PCS'),
  quantity: z.number().int(),
  /** Price per piece before discount (excluding GST; including it when `pricesIncludeTax`). */
  unitPricePaise: Paise,
  discountPaise: Paise,
  taxableValuePaise: Paise,
  ratePercent: z.number(),
  cgstPaise: Paise,
  sgstPaise: Paise,
  igstPaise: Paise,
  totalPaise: Paise,
  stockItemId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  /** A credit note line's invoice line number. */
  originalLineNumber: z.number().int().nullable(),
});
export type TaxDocumentLine = z.infer<typeof TaxDocumentLineSchema>;

const TaxAmountsSchema = z.object({
  taxableValuePaise: Paise,
  cgstPaise: Paise,
  sgstPaise: Paise,
  igstPaise: Paise,
  taxPaise: Paise,
});

/** The document's tax summary by HSN x rate. */
export const TaxSummaryRowSchema = TaxAmountsSchema.extend({
  hsn: z.string(),
  ratePercent: z.number(),
  quantity: z.number().int(),
});

export const TaxDocumentSnapshotSchema = z.object({
  kind: z.enum(TAX_DOCUMENT_KINDS),
  /** 'Tax Invoice' | 'Bill of Supply' | 'Credit Note'. */
  title: z.string(),
  number: z.string().max(16),
  documentDate: z.string(),
  financialYear: z.string(),
  supplier: DocumentPartySupplierSchema,
  recipient: DocumentRecipientSchema,
  placeOfSupply: z.object({ state: z.string(), code: z.string(), interState: z.boolean() }),
  reverseCharge: z.literal(false),
  /** True for marketplace documents, whose prices include GST. */
  pricesIncludeTax: z.boolean(),
  lines: z.array(TaxDocumentLineSchema),
  summary: z.array(TaxSummaryRowSchema),
  totals: TaxAmountsSchema.extend({ totalPaise: Paise }),
  amountInWords: z.string(),
  /** A credit note's invoice. */
  original: z.object({ number: z.string(), documentDate: z.string() }).nullable(),
  /** Why a credit note was issued. */
  reason: z.string().nullable(),
  /** 'Payable on receipt', 'Paid online' ... (e-invoice PayDtls). */
  paymentTerms: z.string(),
  /** HSN digits printed: 4, or 6 above ₹5 crore turnover. */
  hsnDigits: z.union([z.literal(4), z.literal(6)]),
  /** B2B invoice of a business above ₹5 crore turnover: needs an IRN (e-invoice). */
  eInvoiceRequired: z.boolean(),
  /** The wholesale bill or the marketplace order it belongs to. */
  reference: z.object({
    billId: z.number().int().nullable(),
    billNumber: z.string().nullable(),
    orderNumber: z.string().nullable(),
    shipmentId: z.number().int().nullable(),
  }),
});
export type TaxDocumentSnapshot = z.infer<typeof TaxDocumentSnapshotSchema>;

/** An issued document as the API answers it: the snapshot and what may change after issue. */
export const IssuedTaxDocumentSchema = z.object({
  id: z.number().int(),
  status: z.enum(['issued', 'cancelled']),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  irn: z.string().nullable(),
  irnAckNumber: z.string().nullable(),
  irnAckDate: z.string().nullable(),
  signedQrCode: z.string().nullable(),
  snapshot: TaxDocumentSnapshotSchema,
});
export type IssuedTaxDocument = z.infer<typeof IssuedTaxDocumentSchema>;
