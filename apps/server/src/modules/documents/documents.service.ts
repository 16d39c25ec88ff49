import {
  BILLING_MESSAGES,
  DOCUMENT_MESSAGES,
  INVOICEABLE_SHIPMENT_STATUSES,
  ORDER_MESSAGES,
  type BillDetail,
  type BillInvoiceData,
  type BillPaymentDetailsData,
  type CustomerSummaryData,
  type DocumentBill,
  type OrderInvoiceData,
  type PaymentHistoryData,
  type PaymentMode,
  type PaymentReceiptData,
  type Recipient,
  type ReceiptStatus,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { loadBusinessConfig, type BusinessConfig } from '../../config.js';
import { AppError, refusal } from '../../platform/errors.js';
import type { BillsService } from '../bills/bills.service.js';
import { shipmentInvoice } from '../orders/index.js';
import { documentsOfShipment } from '../tax-documents/index.js';
import * as repo from './documents.repo.js';

/**
 * The data of the PDF documents (docs/documents.md): read-only, so no transaction and
 * no audit. Amounts are paise, times ISO 8601. The seller of record comes from BUSINESS_*
 * (config.ts) unless `business` is given; issued documents carry their own, as frozen. A customer's payments come from
 * the bills module (`bills.get`, `bills.customerPayments`): one query of bills and payments.
 */
export function createDocumentsService(deps: {
  db: Db;
  bills: Pick<BillsService, 'customerPayments' | 'get' | 'getPayment'>;
  business?: BusinessConfig;
}) {
  const { db } = deps;
  const business = deps.business ?? loadBusinessConfig();

  const recipientOf = (row: NonNullable<repo.CustomerRow>): Recipient => ({
    name: row.name,
    shopName: row.shopName,
    locality: row.locality,
    landmark: row.landmark,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    country: row.country,
    mobile: row.mobile,
    gstin: row.gstin,
  });

  /** A bill's status as printed: a cancelled bill shows as cancelled (its dues are 0). */
  const statusOf = (status: string): DocumentBill['status'] =>
    status === 'closed' || status === 'cancelled' ? status : 'open';

  const billOf = (row: repo.BillRow): DocumentBill => ({
    id: row.id,
    purchasedAt: row.purchasedAt.toISOString(),
    status: statusOf(row.status),
    amountPaise: row.amountPaise,
    gstPaise: row.gstPaise,
    receivedPaise: row.receivedPaise,
    creditedPaise: row.creditedPaise,
  });

  const paymentsOf = (
    rows: Array<{
      billId: number | null;
      amountPaise: number;
      paidAt: string;
      receiptNumber: string;
      mode: PaymentMode;
      status: ReceiptStatus;
    }>,
  ) =>
    rows.map(({ billId, amountPaise, paidAt, receiptNumber, mode, status }) => ({
      billId,
      amountPaise,
      paidAt,
      receiptNumber,
      mode,
      status,
    }));

  /** @throws AppError NOT_FOUND 'Customer not found'. */
  async function requireCustomer(customerId: number): Promise<Recipient> {
    const row = await repo.findCustomer(db, customerId);
    if (!row) throw new AppError('NOT_FOUND', BILLING_MESSAGES.customerNotFound);
    return recipientOf(row);
  }

  /** A bill's money as the documents print it, and its payments. */
  function documentBillOf(detail: BillDetail) {
    const bill: DocumentBill = {
      id: detail.id,
      purchasedAt: detail.purchasedAt,
      status: statusOf(detail.status),
      amountPaise: detail.amountPaise,
      gstPaise: detail.gstPaise,
      receivedPaise: detail.receivedPaise,
      creditedPaise: detail.creditedPaise,
    };
    const payments = paymentsOf(
      detail.payments.map((payment) => ({ ...payment, billId: detail.id })),
    );
    return { bill, payments };
  }

  /**
   * One bill from the bills module, its money as the documents print it, its payments and its
   * customer. @throws AppError NOT_FOUND 'Bill not found'.
   */
  async function requireBill(billId: number) {
    const detail = await deps.bills.get(billId);
    return { ...documentBillOf(detail), customer: await requireCustomer(detail.customerId) };
  }

  return {
    /**
     * The issued document of one bill (docs/gst.md "Wholesale invoices"): its Tax Invoice or Bill
     * of Supply exactly as frozen at issue (supplier, recipient, lines, HSN, taxes, number; marked
     * CANCELLED when the bill was cancelled), never the live customer or stock rows, with the
     * bill's money today and its payments, and the business's UPI payee (the dues' pay QR).
     * @throws AppError NOT_FOUND 'Bill not found', or 'The invoice of this bill is not issued
     *   yet' while the start-up backfill has not reached an old bill.
     */
    async billInvoice(billId: number): Promise<BillInvoiceData> {
      const detail = await deps.bills.get(billId);
      if (!detail.invoice) throw new AppError('NOT_FOUND', BILLING_MESSAGES.invoiceNotIssued);
      const { bill, payments } = documentBillOf(detail);
      return { document: detail.invoice, bill, payments, upi: business.upi };
    },

    /** One bill's payments (Print Details). @throws AppError NOT_FOUND 'Bill not found'. */
    async billPayments(billId: number, now = new Date()): Promise<BillPaymentDetailsData> {
      const { bill, payments, customer } = await requireBill(billId);
      return {
        seller: business.seller,
        customer,
        generatedAt: now.toISOString(),
        bill,
        payments,
      };
    },

    /**
     * Every bill of a customer, oldest first (summary invoice).
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async customerSummary(customerId: number, now = new Date()): Promise<CustomerSummaryData> {
      const customer = await requireCustomer(customerId);
      const bills = await repo.listCustomerBills(db, customerId);
      return {
        seller: business.seller,
        customer,
        generatedAt: now.toISOString(),
        bills: bills.map(billOf),
      };
    },

    /**
     * Every payment on a customer's bills and opening balance, oldest first (payment history).
     * @throws AppError NOT_FOUND 'Customer not found'.
     */
    async paymentHistory(customerId: number, now = new Date()): Promise<PaymentHistoryData> {
      const customer = await requireCustomer(customerId);
      const { items } = await deps.bills.customerPayments(customerId);
      return {
        seller: business.seller,
        customer,
        generatedAt: now.toISOString(),
        payments: paymentsOf(items),
      };
    },

    /**
     * One payment's receipt (docs/documents.md "Payment receipt"): the business, the customer as
     * it is now, the payment from the bills module (receipt number, amount, mode and details,
     * state) and the bills it paid with their invoice numbers and dates.
     * @throws AppError NOT_FOUND 'Payment not found'.
     */
    async paymentReceipt(paymentId: number, now = new Date()): Promise<PaymentReceiptData> {
      const payment = await deps.bills.getPayment(paymentId);
      const customer = await requireCustomer(payment.customerId);
      const bills = await Promise.all(
        payment.allocations.map(async (part) => {
          const bill = await deps.bills.get(part.billId);
          return {
            billId: part.billId,
            billNumber: part.billNumber,
            invoiceNumber: bill.invoice?.snapshot.number ?? null,
            purchasedAt: bill.purchasedAt,
            amountPaise: part.amountPaise,
          };
        }),
      );
      return { seller: business.seller, customer, generatedAt: now.toISOString(), payment, bills };
    },

    /**
     * The customer invoice of one shop shipment of the user's own order, once delivered (or in
     * a later return status), docs/gst.md "Marketplace": the shop's issued tax invoice (or bill
     * of supply) frozen at delivery, with HSN from each product's class and rates from the
     * engine; a shipment delivered before documents were issued gets its invoice now (once,
     * under the shipment's lock). Also its credit notes and the order's number, dates and payment.
     * @throws AppError NOT_FOUND 'Shipment not found' (unknown, or another customer's order);
     *   BUSINESS_RULE 'The invoice is available once the shipment is delivered' / 'The invoice
     *   of this shipment is not issued yet' (a delivery from before documents, until start-up
     *   issues it).
     */
    async orderInvoice(
      userId: string,
      orderId: number,
      shipmentId: number,
    ): Promise<OrderInvoiceData> {
      const shipment = await repo.findCustomerShipment(db, userId, orderId, shipmentId);
      if (!shipment) throw new AppError('NOT_FOUND', ORDER_MESSAGES.shipmentNotFound);
      if (!(INVOICEABLE_SHIPMENT_STATUSES as readonly string[]).includes(shipment.status)) {
        throw refusal('INVOICE_NOT_READY', DOCUMENT_MESSAGES.invoiceNotDelivered);
      }
      const document = await shipmentInvoice(db, shipmentId);
      // Issued at delivery, or at start-up for older deliveries: missing only in between.
      if (!document) throw refusal('INVOICE_NOT_READY', DOCUMENT_MESSAGES.invoiceNotIssued);
      const creditNotes = (await documentsOfShipment(db, shipmentId)).filter(
        (issued) => issued.snapshot.kind === 'credit_note',
      );
      return {
        document,
        creditNotes,
        orderNumber: shipment.orderNumber,
        orderId: shipment.orderId,
        shipmentId: shipment.shipmentId,
        placedAt: shipment.placedAt.toISOString(),
        deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
        paymentMethod: shipment.paymentMethod === 'razorpay' ? 'razorpay' : 'cod',
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
