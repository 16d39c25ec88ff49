import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { orderInvoiceDocument, orderInvoiceNumberOf } from '../../src/documents/order-invoice.js';
import { renderPdf } from '../../src/documents/node-render.js';
import type { OrderInvoiceData } from '../../src/schemas/documents.js';
import { issuedDocument } from './issued-fixtures.js';

/* docs/gst.md "Marketplace": the customer's invoice prints the shop's issued document. */

async function textOf(data: OrderInvoiceData): Promise<string> {
  const proxy = await getDocumentProxy(new Uint8Array(await renderPdf(orderInvoiceDocument(data))));
  const { text } = await extractText(proxy, { mergePages: true });
  return text;
}

function sample(): OrderInvoiceData {
  const document = issuedDocument({ number: 'INV/26-27/00001' });
  const creditNote = issuedDocument({ number: 'CN/26-27/00001' });
  return {
    document,
    creditNotes: [{ ...creditNote, snapshot: { ...creditNote.snapshot, kind: 'credit_note' } }],
    orderNumber: 'BZ00001234',
    orderId: 1234,
    shipmentId: 7,
    placedAt: '2026-11-20T05:00:00.000Z',
    deliveredAt: '2026-11-27T09:00:00.000Z',
    paymentMethod: 'razorpay',
  };
}

describe('the order invoice PDF', () => {
  it("prints the issued invoice's number, rates and the order's payment and credit notes", async () => {
    const text = await textOf(sample());
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('INV/26-27/00001');
    expect(text).toContain('CGST @ 9 %');
    expect(text).toContain('CGST @ 2.5 %');
    expect(text).toContain('Paid online');
    expect(text).toContain('CN/26-27/00001 of 27-11-2026');
    expect(orderInvoiceNumberOf(sample())).toBe('INV/26-27/00001');
  });
});
