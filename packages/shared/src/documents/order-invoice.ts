import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { OrderInvoiceData } from '../schemas/documents.js';
import { gridLayout } from './layout.js';
import { documentDateText, issuedDocumentDefinition } from './issued-document.js';

/**
 * The customer's invoice of one delivered shop shipment of a marketplace order (docs/gst.md
 * "Marketplace"): the shop's issued tax invoice (or bill of supply) exactly as frozen at
 * delivery, printed by the one form of every issued document (`issuedDocumentDefinition`: shop
 * as supplier with its GSTIN, buyer, invoice number of the shop's series, place of supply, HSN of
 * each product's class, rates from the engine, CGST + SGST or IGST, 'Prices include GST'), with
 * the order's number, date and payment, and the numbers of any credit notes of a return. Pure.
 */
export function orderInvoiceDocument(data: OrderInvoiceData): TDocumentDefinitions {
  const order: Content = {
    table: {
      widths: ['auto', '*'],
      body: [
        ['Order date', documentDateText(data.placedAt)],
        ['Payment', data.paymentMethod === 'cod' ? 'Cash on delivery' : 'Paid online'],
        ...data.creditNotes.map((note) => [
          'Credit note',
          `${note.snapshot.number} of ${documentDateText(note.snapshot.documentDate)}`,
        ]),
      ],
    },
    layout: gridLayout,
    margin: [0, 0, 0, 10],
  };
  return issuedDocumentDefinition(data.document, { after: [order] });
}

/** The invoice number of a shipment's document, for the file name: 'INV/26-27/00001'. */
export function orderInvoiceNumberOf(data: OrderInvoiceData): string {
  return data.document.snapshot.number;
}
