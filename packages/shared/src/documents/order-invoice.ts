import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import { MARKETPLACE_GST_PERCENT } from '../constants.js';
import { cartTotals } from '../domain/cart.js';
import type { OrderInvoiceData } from '../schemas/documents.js';
import {
  amountCell,
  billToBlock,
  day,
  gridLayout,
  money,
  pageFrame,
  signatureAndThanks,
  th,
  totalsTable,
} from './layout.js';
import { gstStateCodeOf, invoiceTaxOf, placeOfSupplyOf } from './seller.js';
import { amountInWords } from './words.js';

/** A shipment's invoice number: the order number and the shipment id, 'BZ00001234-7'. */
export function orderInvoiceNumberOf(orderNumber: string, shipmentId: number): string {
  return `${orderNumber}-${shipmentId}`;
}

/**
 * The GST included in a marketplace amount (prices include 5 % GST): the same formula as the
 * cart (`cartTotals`: amount x 5 / 105, rounded to the paisa). Paise in, paise out.
 */
export function gstIncludedIn(amountPaise: number): number {
  return cartTotals([{ pricePaise: amountPaise, mrpPaise: amountPaise, quantity: 1 }])
    .gstIncludedPaise;
}

/**
 * The customer's invoice of one delivered shop shipment of a marketplace order (docs/documents.md):
 * the shop as seller (name, address, GSTIN), the buyer and delivery address, the invoice number and
 * date, place of supply, reverse charge 'No', the products with HSN code and quantity, each line's
 * price split back into taxable value and GST (prices include 5 % GST), CGST + SGST or IGST, the
 * total in figures and words, how it was paid, 'Authorised Signatory' and 'Thank You'. 'Tax
 * Invoice' when the shop has a GSTIN, else 'Invoice'. Pure; paise.
 */
export function orderInvoiceDocument(data: OrderInvoiceData): TDocumentDefinitions {
  const { shop, buyer } = data;
  const invoiceNumber = orderInvoiceNumberOf(data.orderNumber, data.shipmentId);
  const shopStateCode = gstStateCodeOf(shop.state) ?? shop.gstin?.slice(0, 2) ?? '';
  const place = placeOfSupplyOf(buyer, shopStateCode);
  const title = shop.gstin ? 'Tax Invoice' : 'Invoice';

  let taxablePaise = 0;
  let gstPaise = 0;
  const rows = data.lines.map((line, index): TableCell[] => {
    const gst = gstIncludedIn(line.lineTotalPaise);
    taxablePaise += line.lineTotalPaise - gst;
    gstPaise += gst;
    return [
      String(index + 1),
      { text: [line.name, { text: `\n${line.company}`, style: 'small' }] },
      line.size,
      line.colour,
      line.hsnCode,
      { text: `${line.quantity} PCS`, alignment: 'right' },
      amountCell(line.pricePaise),
      amountCell(line.lineTotalPaise - gst),
      amountCell(gst),
      amountCell(line.lineTotalPaise),
    ];
  });
  const tax = invoiceTaxOf(gstPaise, place.interState);
  const half = MARKETPLACE_GST_PERCENT / 2;
  const taxRows: Array<[string, string, boolean?]> = place.interState
    ? [[`IGST @ ${MARKETPLACE_GST_PERCENT} %`, money(tax.igstPaise)]]
    : [
        [`CGST @ ${half} %`, money(tax.cgstPaise)],
        [`SGST @ ${half} %`, money(tax.sgstPaise)],
      ];
  const totalPaise = taxablePaise + gstPaise;

  const sellerStack: Content = {
    stack: [
      { text: 'Sold by', style: 'blockLabel' },
      { text: shop.name, style: 'sellerName' },
      shop.locality,
      ...(shop.landmark ? [shop.landmark] : []),
      `${shop.city} - ${shop.pincode}`,
      `${shop.state}${shopStateCode ? `, State code: ${shopStateCode}` : ''}`,
      `Mobile: ${shop.mobile}`,
      `GSTIN: ${shop.gstin ?? 'Not registered'}`,
    ],
  };
  const details: Content = {
    table: {
      widths: ['auto', '*'],
      body: [
        ['Invoice No.', { text: invoiceNumber, bold: true }],
        ['Invoice date', day(data.deliveredAt ?? data.placedAt)],
        ['Order No.', data.orderNumber],
        ['Order date', day(data.placedAt)],
        ['Place of supply', `${place.state} (State code: ${place.code || '-'})`],
        ['Tax payable on reverse charge', 'No'],
        ['Payment', data.paymentMethod === 'cod' ? 'Cash on delivery' : 'Paid online'],
      ],
    },
    layout: gridLayout,
  };

  const content: Content[] = [
    { text: title, style: 'title' },
    { text: 'Original for recipient', style: 'subtitle' },
    { columns: [sellerStack, { width: 250, stack: [details] }], columnGap: 16 },
    {
      columns: [
        billToBlock(buyer, 'Bill to / Ship to'),
        {
          width: 250,
          text: `Prices include GST at ${MARKETPLACE_GST_PERCENT} %; the taxable value and GST of each line are worked back from the price.`,
          style: 'small',
        },
      ],
      columnGap: 16,
      margin: [0, 12, 0, 10],
    },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [22, '*', 30, 44, 34, 40, 54, 58, 46, 58],
        body: [
          [
            th('S.No'),
            th('Product'),
            th('Size'),
            th('Colour'),
            th('HSN'),
            th('Qty', 'right'),
            th('Price', 'right'),
            th('Taxable value', 'right'),
            th('GST', 'right'),
            th('Amount', 'right'),
          ],
          ...rows,
        ],
      },
      layout: gridLayout,
      fontSize: 8,
    },
    totalsTable([
      ['Taxable value', money(taxablePaise)],
      ...taxRows,
      ['Total', money(totalPaise), true],
    ]),
    {
      text: [{ text: 'Amount in words: ', bold: true }, amountInWords(totalPaise)],
      margin: [0, 6, 0, 0],
    },
    ...signatureAndThanks(shop.name),
  ];
  return pageFrame(
    `${title} ${invoiceNumber}`,
    content,
    `${title} ${invoiceNumber} - ${shop.name}`,
  );
}
