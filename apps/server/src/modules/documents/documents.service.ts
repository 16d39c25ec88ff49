import {
  BILLING_MESSAGES,
  DOCUMENT_MESSAGES,
  INVOICEABLE_SHIPMENT_STATUSES,
  ORDER_MESSAGES,
  hsnCodeOf,
  type BillInvoiceData,
  type BillPaymentDetailsData,
  type CustomerSummaryData,
  type DocumentBill,
  type OrderInvoiceData,
  type PaymentHistoryData,
  type Recipient,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { loadBusinessConfig, type BusinessConfig } from '../../config.js';
import { AppError, refusal } from '../../platform/errors.js';
import type { BillsService } from '../bills/bills.service.js';
import * as repo from './documents.repo.js';

/**
 * The data of the PDF documents (docs/documents.md): read-only, so no transaction and
 * no audit. Amounts are paise, times ISO 8601. The seller of record and HSN codes come from
 * BUSINESS_* / HSN_* (config.ts) unless `business` is given. A customer's payments come from
 * the bills module (`bills.get`, `bills.customerPayments`): one query of bills and payments.
 */
export function createDocumentsService(deps: {
  db: Db;
  bills: Pick<BillsService, 'customerPayments' | 'get'>;
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

  const billOf = (row: repo.BillRow): DocumentBill => ({
    id: row.id,
    purchasedAt: row.purchasedAt.toISOString(),
    status: row.status === 'closed' ? 'closed' : 'open',
    amountPaise: row.amountPaise,
    gstPaise: row.gstPaise,
    receivedPaise: row.receivedPaise,
  });

  const paymentsOf = (rows: Array<{ billId: number; amountPaise: number; paidAt: string }>) =>
    rows.map(({ billId, amountPaise, paidAt }) => ({ billId, amountPaise, paidAt }));

  /** @throws AppError NOT_FOUND 'Customer not found'. */
  async function requireCustomer(customerId: number): Promise<Recipient> {
    const row = await repo.findCustomer(db, customerId);
    if (!row) throw new AppError('NOT_FOUND', BILLING_MESSAGES.customerNotFound);
    return recipientOf(row);
  }

  /**
   * One bill from the bills module with its lines and payments, its money as the documents print
   * it, and its customer. @throws AppError NOT_FOUND 'Bill not found'.
   */
  async function requireBill(billId: number) {
    const detail = await deps.bills.get(billId);
    const bill: DocumentBill = {
      id: detail.id,
      purchasedAt: detail.purchasedAt,
      status: detail.status === 'closed' ? 'closed' : 'open',
      amountPaise: detail.amountPaise,
      gstPaise: detail.gstPaise,
      receivedPaise: detail.receivedPaise,
    };
    const payments = paymentsOf(detail.payments.map((payment) => ({ ...payment, billId })));
    return { detail, bill, payments, customer: await requireCustomer(detail.customerId) };
  }

  return {
    /**
     * The tax invoice of one bill: seller of record, customer, bill money, lines with their HSN
     * code (by item group) and payments. @throws AppError NOT_FOUND 'Bill not found'.
     */
    async billInvoice(billId: number): Promise<BillInvoiceData> {
      const { detail, bill, payments, customer } = await requireBill(billId);
      return {
        seller: business.seller,
        customer,
        bill,
        lines: detail.items.map(({ id: _id, ...line }) => ({
          ...line,
          hsnCode: hsnCodeOf(line.item, business.hsn),
        })),
        payments,
      };
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
     * Every payment on a customer's bills, oldest first (payment history).
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
     * The customer invoice of one shop shipment of the user's own order, once delivered (or in
     * a later return status): the shop as seller, the order's address snapshot as buyer, the
     * product lines (prices include GST) with an HSN code by product name.
     * @throws AppError NOT_FOUND 'Shipment not found' (unknown, or another customer's order);
     *   BUSINESS_RULE 'The invoice is available once the shipment is delivered'.
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
      const lines = await repo.listShipmentItems(db, shipmentId);
      return {
        shop: shipment.shop,
        buyer: {
          name: shipment.recipientName,
          shopName: null,
          locality: shipment.locality,
          landmark: shipment.landmark,
          city: shipment.city,
          state: shipment.state,
          pincode: shipment.pincode,
          country: shipment.country,
          mobile: shipment.mobile,
          gstin: null,
        },
        orderNumber: shipment.orderNumber,
        orderId: shipment.orderId,
        shipmentId: shipment.shipmentId,
        placedAt: shipment.placedAt.toISOString(),
        deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
        paymentMethod: shipment.paymentMethod === 'razorpay' ? 'razorpay' : 'cod',
        lines: lines.map((line) => ({ ...line, hsnCode: hsnCodeOf(line.name, business.hsn) })),
        totalPaise: lines.reduce((sum, line) => sum + line.lineTotalPaise, 0),
      };
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
