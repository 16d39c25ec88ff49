import { PURCHASE_ITEMS } from '../../src/constants.js';
import type {
  BillInvoiceData,
  CustomerSummaryData,
  InvoiceBillLine,
  OrderInvoiceData,
  PaymentHistoryData,
  Recipient,
} from '../../src/schemas/documents.js';
import { hsnCodeOf, SELLER_OF_RECORD } from '../../src/documents/seller.js';

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

/** A bill line of `quantity` pieces at `ratePaise`, HSN from the item's group. */
export function billLine(
  item: string,
  quantity: number,
  ratePaise: number,
  extra: Partial<InvoiceBillLine> = {},
): InvoiceBillLine {
  return {
    item,
    category: 'Silver',
    type: "Men's",
    size: 'S,M,L',
    hsnCode: hsnCodeOf(item),
    quantity,
    ratePaise,
    amountPaise: quantity * ratePaise,
    ...extra,
  };
}

/**
 * Bill 42 of Mar 5, 2024: 10 Shirt-Box at ₹500, 20 Trouser-Loose at ₹2,000, 30
 * T-Shirt-Collar at ₹2,500 = ₹1,20,000 before GST; GST ₹6,000; two payments of ₹50,000 and
 * ₹20,000; dues ₹56,000.
 */
export function sampleBillInvoice(customer: Recipient = BIHAR_CUSTOMER): BillInvoiceData {
  const lines = [
    billLine('Shirt-Box', 10, 50_000),
    billLine('Trouser-Loose', 20, 200_000),
    billLine('T-Shirt-Collar', 30, 250_000),
  ];
  const amountPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  return {
    seller: SELLER_OF_RECORD,
    customer,
    bill: {
      id: 42,
      purchasedAt: '2024-03-05T06:30:00.000Z',
      status: 'open',
      amountPaise,
      gstPaise: Math.round(amountPaise * 0.05),
      receivedPaise: 7_000_000,
    },
    lines,
    payments: [
      { billId: 42, amountPaise: 5_000_000, paidAt: '2024-03-05T07:00:00.000Z' },
      { billId: 42, amountPaise: 2_000_000, paidAt: '2024-03-09T07:00:00.000Z' },
    ],
  };
}

/** A bill with `count` lines cycling through the purchase items (the page-break test). */
export function longBillInvoice(count: number): BillInvoiceData {
  const lines = Array.from({ length: count }, (_, index) =>
    billLine(PURCHASE_ITEMS[index % PURCHASE_ITEMS.length]!, 1 + (index % 7), 10_000 + index * 100),
  );
  const amountPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const base = sampleBillInvoice();
  return {
    ...base,
    bill: { ...base.bill, amountPaise, gstPaise: Math.round(amountPaise * 0.05), receivedPaise: 0 },
    lines,
    payments: [],
  };
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
      { billId: 41, amountPaise: 1_250_050, paidAt: '2024-02-20T06:30:00.000Z' },
      { billId: 42, amountPaise: 5_000_000, paidAt: '2024-03-05T07:00:00.000Z' },
      { billId: 42, amountPaise: 2_000_000, paidAt: '2024-03-09T07:00:00.000Z' },
    ],
  };
}

/** A delivered shipment of order BZ00001234 from a Patna shop: two products, ₹2,099 in all. */
export function sampleOrderInvoice(): OrderInvoiceData {
  return {
    shop: {
      name: 'Patna Fashion Hub',
      locality: 'Fraser Road',
      landmark: 'Opposite Gandhi Maidan',
      city: 'Patna',
      state: 'Bihar',
      pincode: '800001',
      mobile: '9801012345',
      gstin: '10AAGFP5678L1Z2',
    },
    buyer: { ...BIHAR_CUSTOMER, name: 'Neha Singh', shopName: null, gstin: null },
    orderNumber: 'BZ00001234',
    orderId: 1234,
    shipmentId: 7,
    placedAt: '2024-03-01T06:30:00.000Z',
    deliveredAt: '2024-03-05T06:30:00.000Z',
    paymentMethod: 'cod',
    lines: [
      {
        name: 'Cotton Formal Shirt',
        company: 'Peter England',
        size: 'M',
        colour: 'White',
        hsnCode: hsnCodeOf('Cotton Formal Shirt'),
        quantity: 1,
        pricePaise: 105_000,
        lineTotalPaise: 105_000,
      },
      {
        name: 'Printed T-Shirt',
        company: 'Roadster',
        size: 'L',
        colour: 'Black',
        hsnCode: hsnCodeOf('Printed T-Shirt'),
        quantity: 2,
        pricePaise: 52_450,
        lineTotalPaise: 104_900,
      },
    ],
    totalPaise: 209_900,
  };
}
