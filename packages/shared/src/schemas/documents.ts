import { z } from 'zod';
import { IssuedTaxDocumentSchema } from './tax-documents.js';
import { UpiPayeeSchema } from '../documents/upi.js';
import { PaymentModeSchema, PaymentSchema, ReceiptStatusSchema } from './bill-payments.js';

/**
 * The data of the PDF documents (docs/documents.md).
 * The server's `/api/documents/...` endpoints answer these; the pure definitions in
 * `documents/` turn them into pdfmake document definitions. Amounts are integer paise, times
 * ISO 8601 strings.
 */

const Paise = z.number().int();
const IsoTime = z.string();

/** The seller of record printed on wholesale invoices (Rule 46(a)); see SELLER_OF_RECORD. */
export const SellerOfRecordSchema = z.object({
  name: z.string(),
  /** Street lines, without city and state. */
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  mobile: z.string(),
  gstin: z.string(),
  state: z.string(),
  /** Two-digit GST state code: '10' for Bihar. */
  stateCode: z.string(),
});
export type SellerOfRecord = z.infer<typeof SellerOfRecordSchema>;

/** A recipient (bill-to) as printed: the wholesale customer or the marketplace buyer. */
export const RecipientSchema = z.object({
  name: z.string(),
  shopName: z.string().nullable(),
  locality: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
  mobile: z.string(),
  gstin: z.string().nullable(),
});
export type Recipient = z.infer<typeof RecipientSchema>;

/**
 * One payment's part on a bill, with its receipt number, mode and state: a bounced cheque is
 * printed as such and left out of the totals.
 */
export const DocumentPaymentSchema = z.object({
  /** The bill it paid; null for the part that paid the customer's opening balance. */
  billId: z.number().int().nullable(),
  amountPaise: Paise,
  paidAt: IsoTime,
  receiptNumber: z.string(),
  mode: PaymentModeSchema,
  status: ReceiptStatusSchema,
});
export type DocumentPayment = z.infer<typeof DocumentPaymentSchema>;

/** A bill's money as the documents print it. */
export const DocumentBillSchema = z.object({
  id: z.number().int(),
  purchasedAt: IsoTime,
  status: z.enum(['open', 'closed', 'cancelled']),
  /** Before GST. */
  amountPaise: Paise,
  gstPaise: Paise,
  receivedPaise: Paise,
  /** Credit notes against it (they lower its dues). */
  creditedPaise: Paise,
});
export type DocumentBill = z.infer<typeof DocumentBillSchema>;

/**
 * `GET /api/documents/bills/{billId}/invoice`: the bill's issued document (tax invoice or bill of
 * supply) exactly as issued, with the bill's money today and its payments (docs/gst.md).
 */
export const BillInvoiceDataSchema = z.object({
  document: IssuedTaxDocumentSchema,
  bill: DocumentBillSchema,
  payments: z.array(DocumentPaymentSchema),
  /** The business's UPI payee (UPI_VPA); the invoice prints a pay QR of the dues when set. */
  upi: UpiPayeeSchema.nullable().optional(),
});
export type BillInvoiceData = z.infer<typeof BillInvoiceDataSchema>;

/** `GET /api/documents/customers/{customerId}/summary`: every bill of a customer. */
export const CustomerSummaryDataSchema = z.object({
  seller: SellerOfRecordSchema,
  customer: RecipientSchema,
  /** When the summary was made (its date). */
  generatedAt: IsoTime,
  bills: z.array(DocumentBillSchema),
});
export type CustomerSummaryData = z.infer<typeof CustomerSummaryDataSchema>;

/** `GET /api/documents/customers/{customerId}/payments`: every payment of a customer. */
export const PaymentHistoryDataSchema = z.object({
  seller: SellerOfRecordSchema,
  customer: RecipientSchema,
  generatedAt: IsoTime,
  payments: z.array(DocumentPaymentSchema),
});
export type PaymentHistoryData = z.infer<typeof PaymentHistoryDataSchema>;

/** `GET /api/documents/bills/{billId}/payments`: one bill's payments (Print Details). */
export const BillPaymentDetailsDataSchema = z.object({
  seller: SellerOfRecordSchema,
  customer: RecipientSchema,
  generatedAt: IsoTime,
  bill: DocumentBillSchema,
  payments: z.array(DocumentPaymentSchema),
});
export type BillPaymentDetailsData = z.infer<typeof BillPaymentDetailsDataSchema>;

/** One bill a payment paid, as its receipt lists it. */
export const ReceiptBillSchema = z.object({
  billId: z.number().int(),
  /** '00' + id. */
  billNumber: z.string(),
  /** Its tax invoice's or bill of supply's number ('BZ/26-27/00042'), null before issue. */
  invoiceNumber: z.string().nullable(),
  /** The bill's date (ISO time). */
  purchasedAt: IsoTime,
  /** The part of the payment it took. */
  amountPaise: Paise,
});
export type ReceiptBill = z.infer<typeof ReceiptBillSchema>;

/**
 * `GET /api/documents/payments/{paymentId}/receipt`: one payment's receipt (docs/documents.md):
 * the business, the customer, the payment (number, date, amount, mode and details, state) and
 * the bills it paid.
 */
export const PaymentReceiptDataSchema = z.object({
  seller: SellerOfRecordSchema,
  customer: RecipientSchema,
  generatedAt: IsoTime,
  payment: PaymentSchema,
  bills: z.array(ReceiptBillSchema),
});
export type PaymentReceiptData = z.infer<typeof PaymentReceiptDataSchema>;

/** The marketplace shop that sold a shipment: the seller on the customer's invoice. */
export const ShopSellerSchema = z.object({
  name: z.string(),
  locality: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  mobile: z.string(),
  gstin: z.string().nullable(),
});
export type ShopSeller = z.infer<typeof ShopSellerSchema>;

/**
 * `GET /api/documents/orders/{orderId}/shipments/{shipmentId}/invoice`: a delivered shop
 * shipment of a marketplace order, for its customer (docs/gst.md "Marketplace"): the shop's
 * issued tax invoice (or bill of supply) as frozen at delivery, its credit notes (a received
 * return), and the order facts the PDF prints beside it.
 */
export const OrderInvoiceDataSchema = z.object({
  document: IssuedTaxDocumentSchema,
  /** Credit notes issued against it, oldest first. */
  creditNotes: z.array(IssuedTaxDocumentSchema),
  orderNumber: z.string(),
  orderId: z.number().int(),
  shipmentId: z.number().int(),
  placedAt: IsoTime,
  deliveredAt: IsoTime.nullable(),
  paymentMethod: z.enum(['cod', 'razorpay']),
});
export type OrderInvoiceData = z.infer<typeof OrderInvoiceDataSchema>;
