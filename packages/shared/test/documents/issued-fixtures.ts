import { purchaseItemHsnClass } from '../../src/domain/bill.js';
import { SELLER_OF_RECORD } from '../../src/documents/seller.js';
import { amountInWords } from '../../src/documents/words.js';
import { computeInvoiceTax } from '../../src/gst/engine.js';
import { hsnClassOf } from '../../src/gst/hsn-classes.js';
import { gstStateCodeOf } from '../../src/gst/states.js';
import { TAX_DOCUMENT_TITLES } from '../../src/gst/documents.js';
import type { DocumentRecipient, IssuedTaxDocument } from '../../src/schemas/tax-documents.js';

/**
 * Issued documents for the document tests, built by the one tax engine exactly as the server
 * freezes them (docs/gst.md "Issued documents"). Amounts are paise.
 */

/** A registered buyer in Bihar (the supplier's state). */
export const BIHAR_RECIPIENT: DocumentRecipient = {
  name: 'Ravi Kumar',
  shopName: 'Ravi Cloth House',
  address: 'Boring Road, Near Pani Tanki',
  city: 'Patna',
  pincode: '800001',
  state: 'Bihar',
  stateCode: '10',
  gstin: '10ABCPK1234F1Z5',
  mobile: '9431012345',
};

/** A registered buyer in Uttar Pradesh. */
export const UP_RECIPIENT: DocumentRecipient = {
  ...BIHAR_RECIPIENT,
  name: 'Amit Verma',
  shopName: 'Verma Garments',
  address: 'Aminabad',
  city: 'Lucknow',
  pincode: '226018',
  state: 'Uttar Pradesh',
  stateCode: '09',
  gstin: '09AAFPV1234K1ZQ',
};

/** One wholesale line: item, pieces, rate per piece (paise). */
export interface FixtureLine {
  item: string;
  quantity: number;
  ratePaise: number;
}

/** ₹500 shirts (5 %) and ₹3,000 trousers (18 % since 22-09-2025). */
export const MIXED_LINES: FixtureLine[] = [
  { item: 'Shirt-Box', quantity: 10, ratePaise: 50_000 },
  { item: 'Trouser-Loose', quantity: 4, ratePaise: 300_000 },
];

/**
 * An issued wholesale document of `lines` to `recipient`, delivered in `deliveryState` (default
 * the recipient's state), dated `documentDate`, as a tax invoice or, with `taxApplied` false, a
 * bill of supply.
 */
export function issuedDocument(
  options: {
    lines?: FixtureLine[];
    recipient?: DocumentRecipient;
    deliveryState?: string;
    documentDate?: string;
    taxApplied?: boolean;
    number?: string;
  } & Partial<Pick<IssuedTaxDocument, 'status' | 'cancelReason' | 'irn' | 'signedQrCode'>> = {},
): IssuedTaxDocument {
  const lines = options.lines ?? MIXED_LINES;
  const recipient = options.recipient ?? BIHAR_RECIPIENT;
  const deliveryState = options.deliveryState ?? recipient.state;
  const placeCode = gstStateCodeOf(deliveryState) ?? '';
  const documentDate = options.documentDate ?? '2026-11-27';
  const taxApplied = options.taxApplied ?? true;
  const tax = computeInvoiceTax(
    {
      supplierStateCode: SELLER_OF_RECORD.stateCode,
      placeOfSupplyCode: placeCode,
      documentDate,
      taxApplied,
    },
    lines.map((line) => {
      const hsnClass = hsnClassOf(purchaseItemHsnClass(line.item));
      return {
        hsn: hsnClass.hsn,
        goodsClass: hsnClass.goodsClass,
        quantity: line.quantity,
        taxableValuePaise: line.quantity * line.ratePaise,
      };
    }),
  );
  const kind = tax.kind;
  return {
    id: 1,
    status: options.status ?? 'issued',
    cancelledAt: options.status === 'cancelled' ? '2026-11-28T06:30:00.000Z' : null,
    cancelReason: options.cancelReason ?? null,
    irn: options.irn ?? null,
    irnAckNumber: options.irn ? '112510012345678' : null,
    irnAckDate: options.irn ? '2026-11-27' : null,
    signedQrCode: options.signedQrCode ?? null,
    snapshot: {
      kind,
      title: TAX_DOCUMENT_TITLES[kind],
      number: options.number ?? (taxApplied ? 'BZ/26-27/00042' : 'BS/26-27/00007'),
      documentDate,
      financialYear: '26-27',
      supplier: { ...SELLER_OF_RECORD },
      recipient,
      placeOfSupply: { state: deliveryState, code: placeCode, interState: tax.interState },
      reverseCharge: false,
      pricesIncludeTax: false,
      lines: tax.lines.map((line, index) => ({
        lineNumber: index + 1,
        description: lines[index]!.item,
        details: "Silver · Men's · Size: S,M,L",
        hsn: line.hsn,
        goodsClass: line.goodsClass,
        uqc: 'PCS' as const,
        quantity: line.quantity,
        unitPricePaise: lines[index]!.ratePaise,
        discountPaise: 0,
        taxableValuePaise: line.taxableValuePaise,
        ratePercent: line.ratePercent,
        cgstPaise: line.cgstPaise,
        sgstPaise: line.sgstPaise,
        igstPaise: line.igstPaise,
        totalPaise: line.totalPaise,
        stockItemId: index + 1,
        productId: null,
        originalLineNumber: null,
      })),
      summary: tax.summary,
      totals: tax.totals,
      amountInWords: amountInWords(tax.totals.totalPaise),
      original: null,
      reason: null,
      paymentTerms: 'Payable on receipt',
      hsnDigits: 4,
      eInvoiceRequired: false,
      reference: { billId: 42, billNumber: '0042', orderNumber: null, shipmentId: null },
    },
  };
}
