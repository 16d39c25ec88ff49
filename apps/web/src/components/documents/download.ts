import type { IssuedTaxDocument, SellerStatement } from '@bazaar/shared';
import { callApi } from '../../api/api-client';
import * as documentsEndpoints from '../../api/endpoints/documents';
import * as myWholesaleEndpoints from '../../api/endpoints/my-wholesale';

/**
 * Download functions for the PDF documents (docs/documents.md): each fetches its data from its
 * `documentsApi` endpoint, then lazy-imports ./render (pdfmake, its fonts, the document
 * definitions and file names: never loaded with a page) to make and save the file. Each
 * resolves once the browser has been handed the file.
 * @throws ApiError from the data call (401/403 role, 404 unknown or not yours, 422 not
 *   delivered); callers show the generic error dialog (DocumentButton does).
 */

/**
 * The issued invoice of one bill (Print Invoice; tax invoice or bill of supply, CANCELLED when
 * cancelled): `BZ-26-27-00042_{shop name}.pdf`.
 */
export async function downloadBillInvoice(billId: number): Promise<void> {
  const data = await callApi(documentsEndpoints.getBillInvoiceData, { params: { billId } });
  await (await import('./render')).saveBillInvoice(data);
}

/**
 * The signed-in wholesale customer's own bill invoice (My bills): the same data and file as the
 * back office's Print Invoice, from `myWholesaleApi` (404 for a bill that is not the account's).
 */
export async function downloadMyBillInvoice(billId: number): Promise<void> {
  const data = await callApi(myWholesaleEndpoints.getMyBillInvoiceData, { params: { billId } });
  await (await import('./render')).saveBillInvoice(data);
}

/** Summary invoice of all a customer's bills: `{shop}_{customer}_Summary Invoice.pdf`. */
export async function downloadCustomerSummary(customerId: number): Promise<void> {
  const data = await callApi(documentsEndpoints.getCustomerSummaryData, {
    params: { customerId },
  });
  await (await import('./render')).saveCustomerSummary(data);
}

/** Payment history of a customer (Download): `{shop}_{customer}_Payment History.pdf`. */
export async function downloadPaymentHistory(customerId: number): Promise<void> {
  const data = await callApi(documentsEndpoints.getPaymentHistoryData, {
    params: { customerId },
  });
  await (await import('./render')).savePaymentHistory(data);
}

/** Payment details of one bill (Print Details): `{shop}_{customer}_Bill 0042 Payments.pdf`. */
export async function downloadBillPaymentDetails(billId: number): Promise<void> {
  const data = await callApi(documentsEndpoints.getBillPaymentDetailsData, {
    params: { billId },
  });
  await (await import('./render')).saveBillPaymentDetails(data);
}

/**
 * The receipt of one back-office payment (a payment row's Receipt):
 * `Receipt RC-26-27-00007_{shop}.pdf` (docs/documents.md "Payment receipt").
 */
export async function downloadPaymentReceipt(paymentId: number): Promise<void> {
  const data = await callApi(documentsEndpoints.getPaymentReceiptData, { params: { paymentId } });
  await (await import('./render')).savePaymentReceipt(data);
}

/**
 * The receipt of one of the signed-in wholesale customer's payments (My bills): the same data and
 * file as the back office's, from `myWholesaleApi` (404 for a payment that is not the account's).
 */
export async function downloadMyPaymentReceipt(paymentId: number): Promise<void> {
  const data = await callApi(myWholesaleEndpoints.getMyPaymentReceiptData, {
    params: { paymentId },
  });
  await (await import('./render')).savePaymentReceipt(data);
}

/**
 * A credit note of one of the signed-in wholesale customer's bills (My bills), fetched through
 * `myWholesaleApi` (404 for another customer's) and rendered as issued: `CN-26-27-00003_{shop}.pdf`.
 */
export async function downloadMyCreditNote(documentId: number): Promise<void> {
  const { document } = await callApi(myWholesaleEndpoints.getMyCreditNote, {
    params: { documentId },
  });
  await (await import('./render')).saveIssuedDocument(document);
}

/**
 * Customer invoice of one delivered shop shipment of a marketplace order (My Orders):
 * `Invoice_BZ00001234-7_{shop}.pdf`.
 */
export async function downloadOrderInvoice(orderId: number, shipmentId: number): Promise<void> {
  const data = await callApi(documentsEndpoints.getOrderInvoiceData, {
    params: { orderId, shipmentId },
  });
  await (await import('./render')).saveOrderInvoice(data);
}

/**
 * An issued document already at hand (a credit note of a bill's detail): no fetch, rendered as
 * issued with `issuedDocumentDefinition`: `CN-26-27-00003_{shop}.pdf`.
 */
export async function downloadIssuedDocument(document: IssuedTaxDocument): Promise<void> {
  await (await import('./render')).saveIssuedDocument(document);
}

/**
 * A shop's statement already at hand (the seller's and the admin's statement pages): no fetch,
 * rendered from the same data the page shows: `Statement_{shop}_{YYYY-MM}.pdf`.
 */
export async function downloadSellerStatement(statement: SellerStatement): Promise<void> {
  await (await import('./render')).saveSellerStatement(statement);
}
