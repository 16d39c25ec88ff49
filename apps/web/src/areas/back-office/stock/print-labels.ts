import { stockLabelSheetDocument, type StockLabelSheetData } from '@bazaar/shared';
import { toSVG } from 'bwip-js/browser';

/**
 * Makes the barcode label sheet PDF and hands it to the browser's download
 * (docs/back-office-bills.md "Barcode labels"). Loaded only with `await import('./print-labels')`
 * when Download labels is pressed, so bwip-js and pdfmake never come with the page.
 */
export async function saveStockLabels(
  labels: StockLabelSheetData['labels'],
  fileName: string,
): Promise<void> {
  const { printer } = await import('../../../components/documents/render');
  const definition = stockLabelSheetDocument({
    labels,
    barcodeSvgOf: (sku) =>
      toSVG({ bcid: 'code128', text: sku, height: 12, scale: 2, includetext: false }),
  });
  await printer().createPdf(definition).download(fileName);
}
