import pdfMake from 'pdfmake/build/pdfmake';
import vfs from 'pdfmake/build/vfs_fonts';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * The browser's PDF renderer (issue 8 item 2): pdfmake with the Roboto files it ships (they
 * have the rupee sign). Imported only with `await import('./render')` from download.ts, so
 * pdfmake (~1 MB) loads when a document is asked for, never with a page.
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
export async function savePdf(definition: TDocumentDefinitions, fileName: string): Promise<void> {
  await printer().createPdf(definition).download(fileName);
}

export {
  billInvoiceDocument,
  billPaymentDetailsDocument,
  customerSummaryDocument,
  orderInvoiceDocument,
  paymentHistoryDocument,
} from '@bazaar/shared';
