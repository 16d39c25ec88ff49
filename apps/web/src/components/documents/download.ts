import {
  billInvoiceFileName,
  billNumberOf,
  orderInvoiceNumberOf,
  pdfFileName,
  type BillInvoiceData,
  type BillPaymentDetailsData,
  type CustomerSummaryData,
  type OrderInvoiceData,
  type PaymentHistoryData,
  type Recipient,
} from '@bazaar/shared';
import { apiFetch } from '../../api/api-client';

/**
 * Download functions for the PDF documents of issue 8 (back-office.md sections 2 and 9): each
 * fetches its data from `/api/documents/...`, lazy-imports pdfmake with its fonts and the
 * document definitions (./render: never loaded with a page), renders and downloads the file.
 * Each resolves once the browser has been handed the file.
 * @throws ApiError from the data call (403 role, 404 unknown or not yours, 422 not delivered);
 *   callers show the generic error dialog.
 */

/** The shop's name, or the customer's when it has none. */
function shopOf(customer: Recipient): string {
  return customer.shopName ?? customer.name;
}

/** Tax invoice of one bill (Print Invoice): `{shop name}_{customer name}.pdf`. */
export async function downloadBillInvoice(billId: number): Promise<void> {
  const data = await apiFetch<BillInvoiceData>(`/api/documents/bills/${billId}/invoice`);
  const render = await import('./render');
  await render.savePdf(
    render.billInvoiceDocument(data),
    billInvoiceFileName(shopOf(data.customer), data.customer.name),
  );
}

/** Summary invoice of all a customer's bills: `{shop}_{customer}_Summary Invoice.pdf`. */
export async function downloadCustomerSummary(customerId: number): Promise<void> {
  const data = await apiFetch<CustomerSummaryData>(
    `/api/documents/customers/${customerId}/summary`,
  );
  const render = await import('./render');
  await render.savePdf(
    render.customerSummaryDocument(data),
    pdfFileName(shopOf(data.customer), data.customer.name, 'Summary Invoice'),
  );
}

/** Payment history of a customer (Download): `{shop}_{customer}_Payment History.pdf`. */
export async function downloadPaymentHistory(customerId: number): Promise<void> {
  const data = await apiFetch<PaymentHistoryData>(
    `/api/documents/customers/${customerId}/payments`,
  );
  const render = await import('./render');
  await render.savePdf(
    render.paymentHistoryDocument(data),
    pdfFileName(shopOf(data.customer), data.customer.name, 'Payment History'),
  );
}

/** Payment details of one bill (Print Details): `{shop}_{customer}_Bill 0042 Payments.pdf`. */
export async function downloadBillPaymentDetails(billId: number): Promise<void> {
  const data = await apiFetch<BillPaymentDetailsData>(`/api/documents/bills/${billId}/payments`);
  const render = await import('./render');
  await render.savePdf(
    render.billPaymentDetailsDocument(data),
    pdfFileName(
      shopOf(data.customer),
      data.customer.name,
      `Bill ${billNumberOf(data.bill.id)} Payments`,
    ),
  );
}

/**
 * Customer invoice of one delivered shop shipment of a marketplace order (My Orders):
 * `Invoice_BZ00001234-7_{shop}.pdf`.
 */
export async function downloadOrderInvoice(orderId: number, shipmentId: number): Promise<void> {
  const data = await apiFetch<OrderInvoiceData>(
    `/api/documents/orders/${orderId}/shipments/${shipmentId}/invoice`,
  );
  const render = await import('./render');
  await render.savePdf(
    render.orderInvoiceDocument(data),
    pdfFileName('Invoice', orderInvoiceNumberOf(data.orderNumber, data.shipmentId), data.shop.name),
  );
}
