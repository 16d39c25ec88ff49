import {
  billInvoiceDocument,
  billInvoiceFileName,
  billNumberOf,
  billPaymentDetailsDocument,
  customerSummaryDocument,
  issuedDocumentDefinition,
  orderInvoiceDocument,
  orderInvoiceNumberOf,
  paymentHistoryDocument,
  paymentReceiptDocument,
  pdfFileName,
  sellerStatementDocument,
  type BillInvoiceData,
  type BillPaymentDetailsData,
  type CustomerSummaryData,
  type IssuedTaxDocument,
  type OrderInvoiceData,
  type PaymentHistoryData,
  type PaymentReceiptData,
  type Recipient,
  type SellerStatement,
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

/** pdfmake with its fonts, set up once (also used by the stock labels' own lazy chunk). */
export function printer(): typeof pdfMake {
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

/**
 * The file name of an issued document: its number with '/' as '-' and the recipient's shop or
 * name: 'BZ-26-27-00042_Ravi Cloth House.pdf' (docs/gst.md "Printed documents").
 */
export function issuedDocumentFileName(document: IssuedTaxDocument): string {
  const { number, recipient } = document.snapshot;
  return billInvoiceFileName(number.replaceAll('/', '-'), recipient.shopName ?? recipient.name);
}

/** The issued invoice (tax invoice or bill of supply) of one bill, with its payments and dues. */
export function saveBillInvoice(data: BillInvoiceData): Promise<void> {
  return savePdf(billInvoiceDocument(data), issuedDocumentFileName(data.document));
}

/** Any issued document (a credit note...) as printed by `issuedDocumentDefinition`. */
export function saveIssuedDocument(document: IssuedTaxDocument): Promise<void> {
  return savePdf(issuedDocumentDefinition(document), issuedDocumentFileName(document));
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

/** A payment's receipt as `Receipt RC-26-27-00007_{shop}.pdf`. */
export function savePaymentReceipt(data: PaymentReceiptData): Promise<void> {
  return savePdf(
    paymentReceiptDocument(data),
    pdfFileName(
      `Receipt ${data.payment.receiptNumber.replaceAll('/', '-')}`,
      shopOf(data.customer),
    ),
  );
}

/** A shipment's invoice as `Invoice_{invoice number}_{shop}.pdf` (docs/gst.md "Marketplace"). */
export function saveOrderInvoice(data: OrderInvoiceData): Promise<void> {
  return savePdf(
    orderInvoiceDocument(data),
    pdfFileName('Invoice', orderInvoiceNumberOf(data), data.document.snapshot.supplier.name),
  );
}

/** A shop's statement of a month (docs/settlements.md): `Statement_{shop}_{YYYY-MM}.pdf`. */
export function saveSellerStatement(statement: SellerStatement): Promise<void> {
  return savePdf(
    sellerStatementDocument(statement),
    pdfFileName('Statement', statement.shop.name, statement.month),
  );
}
