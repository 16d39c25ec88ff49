import { PURCHASE_ITEMS } from '../../src/constants.js';
import type {
  BillInvoiceData,
  CustomerSummaryData,
  PaymentHistoryData,
  Recipient,
} from '../../src/schemas/documents.js';
import { SELLER_OF_RECORD } from '../../src/documents/seller.js';
import { issuedDocument } from './issued-fixtures.js';

/**
 * Fixed document data for the document tests and `bench/documents.ts` (not exported by the
 * shared index). Amounts are paise; times are India-time noon so the printed day is stable.
 */

/** A registered customer in Bihar (same state as the seller: CGST + SGST). */
export const BIHAR_CUSTOMER: Recipient = {
  name: 'Ravi Kumar',
  shopName: 'Ravi Cloth House',
  locality: 'Boring Road',
  landmark: 'Near Pani Tanki',
  city: 'Patna',
  state: 'Bihar',
  pincode: '800001',
  country: 'India',
  mobile: '9431012345',
  gstin: '10ABCPK1234F1Z5',
};

/** A registered customer in Uttar Pradesh (another state: IGST). */
export const UP_CUSTOMER: Recipient = {
  ...BIHAR_CUSTOMER,
  name: 'Amit Verma',
  shopName: 'Verma Garments',
  locality: 'Aminabad',
  landmark: '',
  city: 'Lucknow',
  state: 'Uttar Pradesh',
  pincode: '226018',
  mobile: '9415012345',
  gstin: '09AAFPV1234K1ZQ',
};

/** An unregistered customer in Bihar (no GSTIN). */
export const UNREGISTERED_CUSTOMER: Recipient = {
  ...BIHAR_CUSTOMER,
  name: 'Sunita Devi',
  shopName: 'Sunita Fashion',
  gstin: null,
};

/**
 * Bill 42 of 27-11-2026 as issued: 10 Shirt-Box at ₹500 (5 %) and 4 Trouser-Loose at ₹3,000
 * (18 %) = ₹17,000 taxable; CGST ₹1,205 + SGST ₹1,205; total ₹19,410; payments of ₹10,000 and
 * ₹5,000; dues ₹4,410. `recipient`/`deliveryState` move the place of supply.
 */
export function sampleBillInvoice(
  options: Parameters<typeof issuedDocument>[0] = {},
): BillInvoiceData {
  const document = issuedDocument(options);
  const { totals } = document.snapshot;
  return {
    document,
    bill: {
      id: 42,
      purchasedAt: '2026-11-27T06:30:00.000Z',
      status: document.status === 'cancelled' ? 'cancelled' : 'open',
      amountPaise: totals.taxableValuePaise,
      gstPaise: totals.taxPaise,
      receivedPaise: 1_500_000,
      creditedPaise: 0,
    },
    payments: [
      {
        billId: 42,
        amountPaise: 1_000_000,
        paidAt: '2026-11-27T07:00:00.000Z',
        receiptNumber: 'RC/26-27/00001',
        mode: 'cash',
        status: 'received',
      },
      {
        billId: 42,
        amountPaise: 500_000,
        paidAt: '2026-11-30T07:00:00.000Z',
        receiptNumber: 'RC/26-27/00002',
        mode: 'cash',
        status: 'received',
      },
    ],
  };
}

/** A bill with `count` lines cycling through the purchase items (the page-break test). */
export function longBillInvoice(count: number): BillInvoiceData {
  const lines = Array.from({ length: count }, (_, index) => ({
    item: PURCHASE_ITEMS[index % PURCHASE_ITEMS.length]!,
    quantity: 1 + (index % 7),
    ratePaise: 10_000 + index * 100,
  }));
  const base = sampleBillInvoice({ lines });
  return { ...base, bill: { ...base.bill, receivedPaise: 0 }, payments: [] };
}

/** A customer with `count` bills, every third one closed and paid, the rest half paid. */
export function sampleCustomerSummary(
  count: number,
  customer: Recipient = BIHAR_CUSTOMER,
): CustomerSummaryData {
  const start = Date.parse('2024-01-01T06:30:00.000Z');
  return {
    seller: SELLER_OF_RECORD,
    customer,
    generatedAt: '2024-03-05T06:30:00.000Z',
    bills: Array.from({ length: count }, (_, index) => {
      const amountPaise = 100_000 + index * 1_001;
      const gstPaise = Math.round(amountPaise * 0.05);
      const closed = index % 3 === 0;
      return {
        id: index + 1,
        purchasedAt: new Date(start + index * 3_600_000 * 5).toISOString(),
        status: closed ? ('closed' as const) : ('open' as const),
        amountPaise,
        gstPaise,
        receivedPaise: closed ? amountPaise + gstPaise : Math.floor(amountPaise / 2),
        creditedPaise: 0,
      };
    }),
  };
}

/** Three payments of a customer over two bills. */
export function samplePaymentHistory(): PaymentHistoryData {
  return {
    seller: SELLER_OF_RECORD,
    customer: BIHAR_CUSTOMER,
    generatedAt: '2024-03-10T06:30:00.000Z',
    payments: [
      {
        billId: 41,
        amountPaise: 1_250_050,
        paidAt: '2024-02-20T06:30:00.000Z',
        receiptNumber: 'RC/26-27/00003',
        mode: 'cash',
        status: 'received',
      },
      {
        billId: 42,
        amountPaise: 5_000_000,
        paidAt: '2024-03-05T07:00:00.000Z',
        receiptNumber: 'RC/26-27/00004',
        mode: 'cash',
        status: 'received',
      },
      {
        billId: 42,
        amountPaise: 2_000_000,
        paidAt: '2024-03-09T07:00:00.000Z',
        receiptNumber: 'RC/26-27/00005',
        mode: 'cash',
        status: 'received',
      },
    ],
  };
}
