import type { IssuedTaxDocument, TaxDocumentSnapshot } from '../schemas/tax-documents.js';

/**
 * E-invoice JSON (docs/gst.md "E-invoice"): the schema INV-01, version 1.1, that the Invoice
 * Registration Portal (IRP) takes for a B2B tax invoice or credit note of a business above
 * ₹5 crore turnover (Rule 48(4) of the CGST Rules, Notification 10/2023-Central Tax). Built
 * only from the issued document's snapshot, so the JSON says exactly what the printed document
 * says. Amounts are rupees with at most 2 decimals, as the schema wants; dates DD/MM/YYYY.
 */

/** One party of the e-invoice (SellerDtls / BuyerDtls). */
export interface EInvoiceParty {
  Gstin: string;
  LglNm: string;
  TrdNm?: string;
  /** Buyer only: the place of supply's state code. */
  Pos?: string;
  Addr1: string;
  Addr2?: string;
  Loc: string;
  Pin: number;
  Stcd: string;
  Ph?: string;
}

/** One item of ItemList. */
export interface EInvoiceItem {
  SlNo: string;
  PrdDesc: string;
  IsServc: 'N';
  HsnCd: string;
  Qty: number;
  Unit: 'PCS';
  UnitPrice: number;
  TotAmt: number;
  Discount: number;
  AssAmt: number;
  GstRt: number;
  IgstAmt: number;
  CgstAmt: number;
  SgstAmt: number;
  TotItemVal: number;
}

/** The INV-01 v1.1 document (the fields this business fills). */
export interface EInvoiceJson {
  Version: '1.1';
  TranDtls: { TaxSch: 'GST'; SupTyp: 'B2B'; RegRev: 'N'; IgstOnIntra: 'N' };
  DocDtls: { Typ: 'INV' | 'CRN'; No: string; Dt: string };
  SellerDtls: EInvoiceParty;
  BuyerDtls: EInvoiceParty;
  ItemList: EInvoiceItem[];
  ValDtls: { AssVal: number; CgstVal: number; SgstVal: number; IgstVal: number; TotInvVal: number };
  PayDtls: { Nm: string; PayTerm?: string };
  RefDtls?: { PrecDocDtls: { InvNo: string; InvDt: string }[] };
}

/** Rupees with 2 decimals from integer paise: 123456 -> 1234.56. */
function rupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY`. */
export function eInvoiceDateOf(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** The schema's address lines: Addr1 and Addr2 of at most 100 characters each. */
function addressLines(address: string): { Addr1: string; Addr2?: string } {
  const text = address.replace(/\s+/g, ' ').trim();
  if (text.length <= 100) return { Addr1: text };
  const cut = text.lastIndexOf(' ', 100) > 0 ? text.lastIndexOf(' ', 100) : 100;
  return { Addr1: text.slice(0, cut).trim(), Addr2: text.slice(cut, cut + 100).trim() };
}

/** A phone as the schema takes it (6-12 digits), or nothing. */
function phoneOf(mobile: string): { Ph?: string } {
  const digits = mobile.replace(/\D/g, '');
  return digits.length >= 6 && digits.length <= 12 ? { Ph: digits } : {};
}

/**
 * Why a document cannot be e-invoiced, or null when it can: only issued (not cancelled) tax
 * invoices and credit notes to a registered recipient (a GSTIN: B2B) are reported to the IRP.
 */
export function eInvoiceRefusalOf(document: IssuedTaxDocument): string | null {
  const { snapshot } = document;
  if (snapshot.kind === 'bill_of_supply') {
    return `${snapshot.number} is a bill of supply: only tax invoices and credit notes are e-invoiced`;
  }
  if (!snapshot.recipient.gstin) {
    return `${snapshot.number} is to an unregistered buyer (no GSTIN): e-invoices are for B2B documents only`;
  }
  if (document.status === 'cancelled') {
    return `${snapshot.number} is cancelled: a cancelled document is not e-invoiced`;
  }
  return null;
}

function itemOf(snapshot: TaxDocumentSnapshot, index: number): EInvoiceItem {
  const line = snapshot.lines[index]!;
  const taxes = line.cgstPaise + line.sgstPaise + line.igstPaise;
  // The schema wants AssAmt = TotAmt - Discount, all before tax. Prices that include GST
  // (marketplace documents) have no tax-exclusive price per piece on the document, so the
  // taxable value is reported as the gross amount with no discount.
  const grossPaise = snapshot.pricesIncludeTax
    ? line.taxableValuePaise
    : line.quantity * line.unitPricePaise;
  const discountPaise = snapshot.pricesIncludeTax ? 0 : line.discountPaise;
  const unitPrice = snapshot.pricesIncludeTax
    ? Math.round((line.taxableValuePaise / line.quantity) * 10) / 1000
    : rupees(line.unitPricePaise);
  return {
    SlNo: String(line.lineNumber),
    PrdDesc: (line.details ? `${line.description} (${line.details})` : line.description).slice(
      0,
      300,
    ),
    IsServc: 'N',
    HsnCd: line.hsn,
    Qty: line.quantity,
    Unit: 'PCS',
    UnitPrice: unitPrice,
    TotAmt: rupees(grossPaise),
    Discount: rupees(discountPaise),
    AssAmt: rupees(line.taxableValuePaise),
    GstRt: line.ratePercent,
    IgstAmt: rupees(line.igstPaise),
    CgstAmt: rupees(line.cgstPaise),
    SgstAmt: rupees(line.sgstPaise),
    TotItemVal: rupees(line.taxableValuePaise + taxes),
  };
}

/**
 * The INV-01 (v1.1) JSON of an issued B2B tax invoice or credit note, for upload to the IRP
 * (docs/gst.md "E-invoice"). Pure: reads only the document.
 * @throws Error with eInvoiceRefusalOf's text for a bill of supply, a B2C or a cancelled
 *   document.
 */
export function eInvoiceJsonOf(document: IssuedTaxDocument): EInvoiceJson {
  const refusal = eInvoiceRefusalOf(document);
  if (refusal) throw new Error(refusal);
  const { snapshot } = document;
  const { supplier, recipient } = snapshot;
  const json: EInvoiceJson = {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: {
      Typ: snapshot.kind === 'credit_note' ? 'CRN' : 'INV',
      No: snapshot.number,
      Dt: eInvoiceDateOf(snapshot.documentDate),
    },
    SellerDtls: {
      Gstin: supplier.gstin,
      LglNm: supplier.name,
      ...addressLines(supplier.address),
      Loc: supplier.city,
      Pin: Number(supplier.pincode),
      Stcd: supplier.stateCode,
      ...phoneOf(supplier.mobile),
    },
    BuyerDtls: {
      Gstin: recipient.gstin!,
      LglNm: recipient.shopName ?? recipient.name,
      ...(recipient.shopName ? { TrdNm: recipient.shopName } : {}),
      Pos: snapshot.placeOfSupply.code,
      ...addressLines(recipient.address),
      Loc: recipient.city,
      Pin: Number(recipient.pincode),
      Stcd: recipient.stateCode,
      ...phoneOf(recipient.mobile),
    },
    ItemList: snapshot.lines.map((_line, index) => itemOf(snapshot, index)),
    ValDtls: {
      AssVal: rupees(snapshot.totals.taxableValuePaise),
      CgstVal: rupees(snapshot.totals.cgstPaise),
      SgstVal: rupees(snapshot.totals.sgstPaise),
      IgstVal: rupees(snapshot.totals.igstPaise),
      TotInvVal: rupees(snapshot.totals.totalPaise),
    },
    PayDtls: {
      Nm: supplier.name,
      ...(snapshot.paymentTerms ? { PayTerm: snapshot.paymentTerms.slice(0, 100) } : {}),
    },
  };
  if (snapshot.kind === 'credit_note' && snapshot.original) {
    json.RefDtls = {
      PrecDocDtls: [
        {
          InvNo: snapshot.original.number,
          InvDt: eInvoiceDateOf(snapshot.original.documentDate),
        },
      ],
    };
  }
  return json;
}

/** The download name of a document's e-invoice JSON: 'BZ/26-27/00123' -> 'EINV_BZ-26-27-00123.json'. */
export function eInvoiceFileNameOf(number: string): string {
  return `EINV_${number.replace(/\//g, '-')}.json`;
}
