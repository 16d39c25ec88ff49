import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../src/documents/node-render.js';
import {
  labelsInPrintOrder,
  LABEL_MAX_COPIES,
  stockLabelSheetDocument,
  type StockLabel,
} from '../../src/documents/stock-labels.js';

/*
 * docs/back-office-bills.md "Barcode labels": the A4 sheet of 3 x 8 labels, each with the stock
 * row's name, size, price and its SKU under a barcode.
 */

// A stand-in barcode: the browser draws the real Code 128 with bwip-js.
const bars = (sku: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${sku.length * 11}" height="30">` +
  `<rect x="0" y="0" width="2" height="30" fill="#000"/><rect x="4" y="0" width="1" height="30" fill="#000"/></svg>`;

const shirtM: StockLabel = {
  sku: 'BZ-00042',
  item: 'Shirt-Box',
  category: 'Silver',
  type: "Men's",
  size: 'M',
  pricePaise: 45_000,
};
const trouser32: StockLabel = { ...shirtM, sku: 'TRS-32-G', item: 'Trouser-Loose', size: '32' };

async function pagesOf(pdf: Uint8Array): Promise<string[]> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

describe('stock label sheet', () => {
  it('repeats each label by its copies and skips those with none', () => {
    const order = labelsInPrintOrder([
      { ...shirtM, copies: 2 },
      { ...trouser32, copies: 0 },
      { ...trouser32, sku: 'X-1', copies: 1 },
    ]);
    expect(order.map((label) => label.sku)).toEqual(['BZ-00042', 'BZ-00042', 'X-1']);
    expect(labelsInPrintOrder([{ ...shirtM, copies: 10_000 }])).toHaveLength(LABEL_MAX_COPIES);
  });

  it('prints 24 labels a page with the SKU, size and price of each', async () => {
    const pdf = await renderPdf(
      stockLabelSheetDocument({
        labels: [
          { ...shirtM, copies: 20 },
          { ...trouser32, copies: 6 },
        ],
        barcodeSvgOf: bars,
      }),
    );
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.match(/BZ-00042/g)).toHaveLength(20);
    expect(pages[0]!.match(/TRS-32-G/g)).toHaveLength(4);
    expect(pages[1]!.match(/TRS-32-G/g)).toHaveLength(2);
    expect(pages[0]).toContain('Size M');
    expect(pages[0]).toContain('₹450.00');
    expect(pages[1]).toContain("Trouser-Loose Silver Men's");
  });
});
