import {
  billInvoiceDocument,
  billInvoiceFileName,
  billNumberOf,
  billPaymentDetailsDocument,
  customerSummaryDocument,
  orderInvoiceDocument,
  orderInvoiceNumberOf,
  paymentHistoryDocument,
  pdfFileName,
  type BillInvoiceData,
  type BillPaymentDetailsData,
  type CustomerSummaryData,
  type OrderInvoiceData,
  type PaymentHistoryData,
  type Recipient,
} from '@bazaar/shared';
import pdfMake from 'pdfmake/build/pdfmake';
import vfs from 'pdfmake/build/vfs_fonts';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The browser's PDF renderer (docs/documents.md): pdfmake with the Roboto files it ships (they
 * have the rupee sign), the document definitions and their file names. Imported only with
 * `await import('./render')` from download.ts, so all of it (~0.8 MB gzip) loads when a
 * document is asked for, never with a page.
 */

let ready = false;

function printer(): typeof pdfMake {
  if (!ready) {
    pdfMake.addVirtualFileSystem(vfs);
    pdfMake.setFonts({
      Roboto: {
        normal: 'Roboto-Regular.ttf',
        bold: 'Roboto-Medium.ttf',
        italics: 'Roboto-Italic.ttf',
        bolditalics: 'Roboto-MediumItalic.ttf',
      },
    });
    ready = true;
  }
  return pdfMake;
}

/** Renders `definition` and saves it as `fileName` through the browser's download. */
async function savePdf(definition: TDocumentDefinitions, fileName: string): Promise<void> {
  await printer().createPdf(definition).download(fileName);
}

/** The shop's name, or the customer's when it has none. */
function shopOf(customer: Recipient): string {
  return customer.shopName ?? customer.name;
}

/** Tax invoice of one bill as `{shop name}_{customer name}.pdf`. */
export function saveBillInvoice(data: BillInvoiceData): Promise<void> {
  return savePdf(
    billInvoiceDocument(data),
    billInvoiceFileName(shopOf(data.customer), data.customer.name),
  );
}

/** Summary invoice as `{shop}_{customer}_Summary Invoice.pdf`. */
export function saveCustomerSummary(data: CustomerSummaryData): Promise<void> {
  return savePdf(
    customerSummaryDocument(data),
    pdfFileName(shopOf(data.customer), data.customer.name, 'Summary Invoice'),
  );
}

/** Payment history as `{shop}_{customer}_Payment History.pdf`. */
export function savePaymentHistory(data: PaymentHistoryData): Promise<void> {
  return savePdf(
    paymentHistoryDocument(data),
    pdfFileName(shopOf(data.customer), data.customer.name, 'Payment History'),
  );
}

/** One bill's payment details as `{shop}_{customer}_Bill 0042 Payments.pdf`. */
export function saveBillPaymentDetails(data: BillPaymentDetailsData): Promise<void> {
  return savePdf(
    billPaymentDetailsDocument(data),
    pdfFileName(
      shopOf(data.customer),
      data.customer.name,
      `Bill ${billNumberOf(data.bill.id)} Payments`,
    ),
  );
}

/** A shipment's invoice as `Invoice_BZ00001234-7_{shop}.pdf`. */
export function saveOrderInvoice(data: OrderInvoiceData): Promise<void> {
  return savePdf(
    orderInvoiceDocument(data),
    pdfFileName('Invoice', orderInvoiceNumberOf(data.orderNumber, data.shipmentId), data.shop.name),
  );
}
