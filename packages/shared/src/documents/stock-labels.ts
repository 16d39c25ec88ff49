import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { formatRupees } from '../domain/money.js';

/**
 * The barcode label sheet of Product Stock (docs/back-office-bills.md "Barcode labels"): A4 with
 * 3 x 8 labels of 70 x 37 mm (the common 24-up sheet), each with the stock row's name, size,
 * price and a Code 128 barcode of its SKU with the SKU printed under it, so a scanner and a
 * person read the same code.
 */

/** Labels across and down one A4 sheet. */
export const LABEL_SHEET_COLUMNS = 3;
export const LABEL_SHEET_ROWS = 8;
/** Most copies of one label and most labels in one PDF (100 sheets). */
export const LABEL_MAX_COPIES = 240;
export const LABEL_MAX_TOTAL = 2400;

/** What one label shows. */
export interface StockLabel {
  sku: string;
  item: string;
  category: string;
  type: string;
  size: string;
  /** Selling price per piece, paise. */
  pricePaise: number;
}

/** The labels to print, each with how many copies (0 skips it), and their barcodes as SVG. */
export interface StockLabelSheetData {
  labels: readonly (StockLabel & { copies: number })[];
  /** The Code 128 barcode of a SKU as an SVG document (the browser makes it with bwip-js). */
  barcodeSvgOf: (sku: string) => string;
}

// A4 is 595.28 x 841.89 pt; 70 x 37 mm labels are 198.4 x 104.9 pt.
const LABEL_WIDTH = 198;
const LABEL_HEIGHT = 104;
const SIDE_MARGIN = (595.28 - LABEL_WIDTH * LABEL_SHEET_COLUMNS) / 2;
const TOP_MARGIN = (841.89 - LABEL_HEIGHT * LABEL_SHEET_ROWS) / 2;

/** The labels in print order, each repeated `copies` times (at most LABEL_MAX_TOTAL). */
export function labelsInPrintOrder(labels: StockLabelSheetData['labels']): StockLabel[] {
  const out: StockLabel[] = [];
  for (const label of labels) {
    const copies = Math.min(LABEL_MAX_COPIES, Math.max(0, Math.floor(label.copies)));
    for (let copy = 0; copy < copies && out.length < LABEL_MAX_TOTAL; copy += 1) out.push(label);
  }
  return out;
}

function labelCell(label: StockLabel, svg: string): TableCell {
  return {
    stack: [
      {
        text: `${label.item} ${label.category} ${label.type}`,
        bold: true,
        fontSize: 8,
      },
      {
        columns: [
          { text: `Size ${label.size}`, fontSize: 9, bold: true },
          { text: formatRupees(label.pricePaise), fontSize: 9, bold: true, alignment: 'right' },
        ],
        margin: [0, 2, 0, 2],
      },
      { svg, width: 170, height: 36, alignment: 'center' },
      { text: label.sku, fontSize: 9, alignment: 'center' },
    ],
    margin: [8, 6, 8, 0],
  } as TableCell;
}

/**
 * The label sheet as a pdfmake definition: labels left to right, top to bottom, 24 a page; a
 * page's unused places stay blank so a part-used sheet can be fed again.
 */
export function stockLabelSheetDocument(data: StockLabelSheetData): TDocumentDefinitions {
  const labels = labelsInPrintOrder(data.labels);
  const svgs = new Map<string, string>();
  const svgOf = (sku: string) => {
    let svg = svgs.get(sku);
    if (svg === undefined) {
      svg = data.barcodeSvgOf(sku);
      svgs.set(sku, svg);
    }
    return svg;
  };
  const perPage = LABEL_SHEET_COLUMNS * LABEL_SHEET_ROWS;
  const pages: Content[] = [];
  for (let start = 0; start < labels.length; start += perPage) {
    const onPage = labels.slice(start, start + perPage);
    const body: TableCell[][] = [];
    for (let row = 0; row * LABEL_SHEET_COLUMNS < onPage.length; row += 1) {
      const cells: TableCell[] = [];
      for (let column = 0; column < LABEL_SHEET_COLUMNS; column += 1) {
        const label = onPage[row * LABEL_SHEET_COLUMNS + column];
        cells.push(label ? labelCell(label, svgOf(label.sku)) : { text: '' });
      }
      body.push(cells);
    }
    pages.push({
      table: {
        widths: Array(LABEL_SHEET_COLUMNS).fill(LABEL_WIDTH - 0.01),
        heights: LABEL_HEIGHT - 0.01,
        body,
        dontBreakRows: true,
      },
      layout: {
        hLineWidth: () => 0,
        vLineWidth: () => 0,
        paddingLeft: () => 0,
        paddingRight: () => 0,
        paddingTop: () => 0,
        paddingBottom: () => 0,
      },
      ...(start > 0 ? { pageBreak: 'before' as const } : {}),
    });
  }
  return {
    pageSize: 'A4',
    pageMargins: [SIDE_MARGIN, TOP_MARGIN, SIDE_MARGIN, 0],
    info: { title: 'Stock labels' },
    defaultStyle: { font: 'Roboto' },
    content: pages.length > 0 ? pages : [{ text: 'No labels chosen.' }],
  };
}
