/**
 * Download functions for the PDF documents of issue 8 (back-office.md sections 2 and 9): each
 * fetches its data from `/api/documents/...`, lazy-imports pdfmake with its fonts and the
 * document definition (so no PDF code loads with a page), renders and downloads the file.
 * Being built: until then each rejects with 'not ready'.
 */

/** Tax invoice of one bill (Print Invoice): `{shop name}_{customer name}.pdf`. */
export async function downloadBillInvoice(billId: number): Promise<void> {
  void billId;
  throw new Error('not ready');
}

/** Summary invoice of all a customer's bills. */
export async function downloadCustomerSummary(customerId: number): Promise<void> {
  void customerId;
  throw new Error('not ready');
}

/** Payment history of a customer (Download on the all-payments list). */
export async function downloadPaymentHistory(customerId: number): Promise<void> {
  void customerId;
  throw new Error('not ready');
}

/** Payment details of one bill (Print Details in the payment details modal). */
export async function downloadBillPaymentDetails(billId: number): Promise<void> {
  void billId;
  throw new Error('not ready');
}

/** Customer invoice of one delivered shop shipment of a marketplace order (My Orders). */
export async function downloadOrderInvoice(orderId: number, shipmentId: number): Promise<void> {
  void orderId;
  void shipmentId;
  throw new Error('not ready');
}
