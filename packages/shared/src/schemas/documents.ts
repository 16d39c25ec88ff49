import { z } from 'zod';

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

/** One bill line with its HSN code (resolved from the item group by the server's config). */
export const InvoiceBillLineSchema = z.object({
  item: z.string(),
  category: z.string(),
  type: z.string(),
  size: z.string(),
  hsnCode: z.string(),
  quantity: z.number().int(),
  ratePaise: Paise,
  amountPaise: Paise,
});
export type InvoiceBillLine = z.infer<typeof InvoiceBillLineSchema>;

/** One payment received against a bill. */
export const DocumentPaymentSchema = z.object({
  billId: z.number().int(),
  amountPaise: Paise,
  paidAt: IsoTime,
});
export type DocumentPayment = z.infer<typeof DocumentPaymentSchema>;

/** A bill's money as the documents print it. */
export const DocumentBillSchema = z.object({
  id: z.number().int(),
  purchasedAt: IsoTime,
  status: z.enum(['open', 'closed']),
  /** Before GST. */
  amountPaise: Paise,
  gstPaise: Paise,
  receivedPaise: Paise,
});
export type DocumentBill = z.infer<typeof DocumentBillSchema>;

/** `GET /api/documents/bills/{billId}/invoice`: the tax invoice of one bill. */
export const BillInvoiceDataSchema = z.object({
  seller: SellerOfRecordSchema,
  customer: RecipientSchema,
  bill: DocumentBillSchema,
  lines: z.array(InvoiceBillLineSchema),
  payments: z.array(DocumentPaymentSchema),
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

/** One product line of a shipment; `pricePaise` includes GST (marketplace prices do). */
export const OrderInvoiceLineSchema = z.object({
  name: z.string(),
  company: z.string(),
  size: z.string(),
  colour: z.string(),
  hsnCode: z.string(),
  quantity: z.number().int(),
  pricePaise: Paise,
  lineTotalPaise: Paise,
});
export type OrderInvoiceLine = z.infer<typeof OrderInvoiceLineSchema>;

/**
 * `GET /api/documents/orders/{orderId}/shipments/{shipmentId}/invoice`: a delivered shop
 * shipment of a marketplace order, for its customer.
 */
export const OrderInvoiceDataSchema = z.object({
  shop: ShopSellerSchema,
  buyer: RecipientSchema,
  orderNumber: z.string(),
  orderId: z.number().int(),
  shipmentId: z.number().int(),
  placedAt: IsoTime,
  deliveredAt: IsoTime.nullable(),
  paymentMethod: z.enum(['cod', 'razorpay']),
  lines: z.array(OrderInvoiceLineSchema),
  /** Total paid for the shipment, GST included. */
  totalPaise: Paise,
});
export type OrderInvoiceData = z.infer<typeof OrderInvoiceDataSchema>;
