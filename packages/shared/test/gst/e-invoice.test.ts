import { describe, expect, it } from 'vitest';
import {
  eInvoiceDateOf,
  eInvoiceFileNameOf,
  eInvoiceJsonOf,
  eInvoiceRefusalOf,
  isValidGstin,
  type IssuedTaxDocument,
  type TaxDocumentLine,
} from '../../src/index.js';

/* docs/gst.md "E-invoice": the INV-01 (v1.1) JSON of an issued B2B document. */

function line(overrides: Partial<TaxDocumentLine>): TaxDocumentLine {
  return {
    lineNumber: 1,
    description: "Shirt-Box Golden Men's",
    details: 'Size: M',
    hsn: '620520',
    goodsClass: 'garment',
    uqc: 'PCS',
    quantity: 10,
    unitPricePaise: 45_000,
    discountPaise: 10_000,
    taxableValuePaise: 440_000,
    ratePercent: 5,
    cgstPaise: 11_000,
    sgstPaise: 11_000,
    igstPaise: 0,
    totalPaise: 462_000,
    stockItemId: 3,
    productId: null,
    originalLineNumber: null,
    ...overrides,
  };
}

/** An intra-state (Bihar to Bihar) B2B tax invoice of two lines, 5% and 18%. */
function invoice(overrides: Partial<IssuedTaxDocument> = {}): IssuedTaxDocument {
  return {
    id: 7,
    status: 'issued',
    cancelledAt: null,
    cancelReason: null,
    irn: null,
    irnAckNumber: null,
    irnAckDate: null,
    signedQrCode: null,
    snapshot: {
      kind: 'tax_invoice',
      title: 'Tax Invoice',
      number: 'BZ/26-27/00007',
      documentDate: '2026-11-27',
      financialYear: '26-27',
      supplier: {
        name: 'Bazaar Wholesale',
        address: 'Shop 12, Hathwa Market, Fraser Road',
        city: 'Patna',
        pincode: '800001',
        state: 'Bihar',
        stateCode: '10',
        gstin: '10AABCU9603R1Z2',
        mobile: '9876543210',
      },
      recipient: {
        name: 'Suresh Prasad',
        shopName: 'Sinha Cloth Store',
        address: 'Kadamkuan, Near Kali Mandir',
        city: 'Patna',
        pincode: '800003',
        state: 'Bihar',
        stateCode: '10',
        gstin: '10ABCDE1234F1ZF',
        mobile: '9123456780',
      },
      placeOfSupply: { state: 'Bihar', code: '10', interState: false },
      reverseCharge: false,
      pricesIncludeTax: false,
      lines: [
        line({}),
        line({
          lineNumber: 2,
          description: 'Saree Silk',
          details: '',
          hsn: '620444',
          quantity: 2,
          unitPricePaise: 280_000,
          discountPaise: 0,
          taxableValuePaise: 560_000,
          ratePercent: 18,
          cgstPaise: 50_400,
          sgstPaise: 50_400,
          totalPaise: 660_800,
        }),
      ],
      summary: [],
      totals: {
        taxableValuePaise: 1_000_000,
        cgstPaise: 61_400,
        sgstPaise: 61_400,
        igstPaise: 0,
        taxPaise: 122_800,
        totalPaise: 1_122_800,
      },
      amountInWords: 'Rupees Eleven Thousand Two Hundred Twenty Eight Only',
      original: null,
      reason: null,
      paymentTerms: 'Payable on receipt',
      hsnDigits: 6,
      eInvoiceRequired: true,
      reference: { billId: 4, billNumber: '4', orderNumber: null, shipmentId: null },
    },
    ...overrides,
  };
}

/** An inter-state credit note (Bihar to Uttar Pradesh, IGST) of the invoice's first line. */
function creditNote(): IssuedTaxDocument {
  const base = invoice();
  return {
    ...base,
    id: 9,
    snapshot: {
      ...base.snapshot,
      kind: 'credit_note',
      title: 'Credit Note',
      number: 'CN/26-27/00001',
      documentDate: '2026-12-02',
      recipient: {
        ...base.snapshot.recipient,
        city: 'Lucknow',
        pincode: '226001',
        state: 'Uttar Pradesh',
        stateCode: '09',
        gstin: '09AABCU9603R1ZL',
      },
      placeOfSupply: { state: 'Uttar Pradesh', code: '09', interState: true },
      lines: [
        line({
          quantity: 2,
          discountPaise: 0,
          taxableValuePaise: 90_000,
          cgstPaise: 0,
          sgstPaise: 0,
          igstPaise: 4_500,
          totalPaise: 94_500,
          originalLineNumber: 1,
        }),
      ],
      totals: {
        taxableValuePaise: 90_000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 4_500,
        taxPaise: 4_500,
        totalPaise: 94_500,
      },
      original: { number: 'BZ/26-27/00007', documentDate: '2026-11-27' },
      reason: 'Goods returned',
    },
  };
}

describe('eInvoiceJsonOf', () => {
  it('answers the golden INV-01 v1.1 JSON of a B2B tax invoice', () => {
    expect(eInvoiceJsonOf(invoice())).toEqual({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: 'BZ/26-27/00007', Dt: '27/11/2026' },
      SellerDtls: {
        Gstin: '10AABCU9603R1Z2',
        LglNm: 'Bazaar Wholesale',
        Addr1: 'Shop 12, Hathwa Market, Fraser Road',
        Loc: 'Patna',
        Pin: 800001,
        Stcd: '10',
        Ph: '9876543210',
      },
      BuyerDtls: {
        Gstin: '10ABCDE1234F1ZF',
        LglNm: 'Sinha Cloth Store',
        TrdNm: 'Sinha Cloth Store',
        Pos: '10',
        Addr1: 'Kadamkuan, Near Kali Mandir',
        Loc: 'Patna',
        Pin: 800003,
        Stcd: '10',
        Ph: '9123456780',
      },
      ItemList: [
        {
          SlNo: '1',
          PrdDesc: "Shirt-Box Golden Men's (Size: M)",
          IsServc: 'N',
          HsnCd: '620520',
          Qty: 10,
          Unit: 'PCS',
          UnitPrice: 450,
          TotAmt: 4500,
          Discount: 100,
          AssAmt: 4400,
          GstRt: 5,
          IgstAmt: 0,
          CgstAmt: 110,
          SgstAmt: 110,
          TotItemVal: 4620,
        },
        {
          SlNo: '2',
          PrdDesc: 'Saree Silk',
          IsServc: 'N',
          HsnCd: '620444',
          Qty: 2,
          Unit: 'PCS',
          UnitPrice: 2800,
          TotAmt: 5600,
          Discount: 0,
          AssAmt: 5600,
          GstRt: 18,
          IgstAmt: 0,
          CgstAmt: 504,
          SgstAmt: 504,
          TotItemVal: 6608,
        },
      ],
      ValDtls: { AssVal: 10000, CgstVal: 614, SgstVal: 614, IgstVal: 0, TotInvVal: 11228 },
      PayDtls: { Nm: 'Bazaar Wholesale', PayTerm: 'Payable on receipt' },
    });
  });

  it('reports a credit note as CRN with IGST and its invoice under RefDtls', () => {
    const json = eInvoiceJsonOf(creditNote());
    expect(json.DocDtls).toEqual({ Typ: 'CRN', No: 'CN/26-27/00001', Dt: '02/12/2026' });
    expect(json.BuyerDtls).toMatchObject({ Gstin: '09AABCU9603R1ZL', Pos: '09', Stcd: '09' });
    expect(json.ItemList[0]).toMatchObject({ IgstAmt: 45, CgstAmt: 0, SgstAmt: 0, AssAmt: 900 });
    expect(json.ValDtls).toEqual({
      AssVal: 900,
      CgstVal: 0,
      SgstVal: 0,
      IgstVal: 45,
      TotInvVal: 945,
    });
    expect(json.RefDtls).toEqual({
      PrecDocDtls: [{ InvNo: 'BZ/26-27/00007', InvDt: '27/11/2026' }],
    });
  });

  it('has every required field of the schema, items adding up to the totals', () => {
    for (const document of [invoice(), creditNote()]) {
      const json = eInvoiceJsonOf(document);
      expect(Object.keys(json)).toEqual(
        expect.arrayContaining([
          'Version',
          'TranDtls',
          'DocDtls',
          'SellerDtls',
          'BuyerDtls',
          'ItemList',
          'ValDtls',
        ]),
      );
      for (const party of [json.SellerDtls, json.BuyerDtls]) {
        expect(isValidGstin(party.Gstin)).toBe(true);
        expect(party.LglNm.length).toBeGreaterThan(0);
        expect(party.Addr1.length).toBeLessThanOrEqual(100);
        expect(party.Loc.length).toBeGreaterThanOrEqual(3);
        expect(Number.isInteger(party.Pin) && party.Pin >= 100000 && party.Pin <= 999999).toBe(
          true,
        );
        expect(party.Stcd).toMatch(/^\d{2}$/);
      }
      expect(json.BuyerDtls.Pos).toMatch(/^\d{2}$/);
      expect(json.DocDtls.Dt).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(json.DocDtls.No.length).toBeLessThanOrEqual(16);
      const sum = (pick: (item: (typeof json.ItemList)[number]) => number) =>
        Math.round(json.ItemList.reduce((total, item) => total + pick(item) * 100, 0)) / 100;
      for (const item of json.ItemList) {
        expect(item.HsnCd).toMatch(/^\d{4,8}$/);
        expect(Math.round((item.TotAmt - item.Discount) * 100)).toBe(Math.round(item.AssAmt * 100));
        expect(Math.round(item.UnitPrice * item.Qty * 100)).toBe(Math.round(item.TotAmt * 100));
      }
      expect(sum((item) => item.AssAmt)).toBe(json.ValDtls.AssVal);
      expect(sum((item) => item.CgstAmt)).toBe(json.ValDtls.CgstVal);
      expect(sum((item) => item.IgstAmt)).toBe(json.ValDtls.IgstVal);
      expect(sum((item) => item.TotItemVal)).toBe(json.ValDtls.TotInvVal);
    }
  });

  it('reports prices including GST at their taxable value, so AssAmt = TotAmt - Discount', () => {
    const base = invoice();
    const inclusive = {
      ...base,
      snapshot: {
        ...base.snapshot,
        pricesIncludeTax: true,
        lines: [
          line({
            quantity: 3,
            unitPricePaise: 105_000,
            discountPaise: 0,
            taxableValuePaise: 300_000,
            cgstPaise: 7_500,
            sgstPaise: 7_500,
            totalPaise: 315_000,
          }),
        ],
      },
    };
    expect(eInvoiceJsonOf(inclusive).ItemList[0]).toMatchObject({
      UnitPrice: 1000,
      TotAmt: 3000,
      Discount: 0,
      AssAmt: 3000,
      TotItemVal: 3150,
    });
  });

  it('refuses a bill of supply, a buyer without GSTIN and a cancelled document', () => {
    const base = invoice();
    const billOfSupply = {
      ...base,
      snapshot: { ...base.snapshot, kind: 'bill_of_supply' as const },
    };
    const b2c = {
      ...base,
      snapshot: { ...base.snapshot, recipient: { ...base.snapshot.recipient, gstin: null } },
    };
    const cancelled = invoice({ status: 'cancelled' });
    expect(() => eInvoiceJsonOf(billOfSupply)).toThrow(/bill of supply/);
    expect(() => eInvoiceJsonOf(b2c)).toThrow(/no GSTIN/);
    expect(() => eInvoiceJsonOf(cancelled)).toThrow(/cancelled/);
    expect(eInvoiceRefusalOf(base)).toBeNull();
  });
});

describe('e-invoice names and dates', () => {
  it('names the download after the number and writes dates DD/MM/YYYY', () => {
    expect(eInvoiceFileNameOf('BZ/26-27/00123')).toBe('EINV_BZ-26-27-00123.json');
    expect(eInvoiceDateOf('2027-03-31')).toBe('31/03/2027');
  });
});
