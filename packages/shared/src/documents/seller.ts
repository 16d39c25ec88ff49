import { splitGst } from '../domain/bill.js';
import type { Recipient, SellerOfRecord } from '../schemas/documents.js';

/**
 * The seller of record and the tax facts of the documents (docs/documents.md; Rule 46 of the
 * CGST Rules, 2017). The server may override every value from
 * its environment (BUSINESS_* in apps/server/src/config.ts); these are the defaults.
 */

/** The wholesale textile business printed as supplier on tax invoices (Rule 46(a)). */
export const SELLER_OF_RECORD: SellerOfRecord = {
  name: 'Bazaar Textiles',
  address: 'Shop 14, Khetan Market, Ashok Rajpath',
  city: 'Patna',
  pincode: '800004',
  mobile: '9835012345',
  gstin: '10AAKFB4821M1ZM',
  state: 'Bihar',
  stateCode: '10',
};

/** HSN codes per item group (Rule 46(g)): chapters 61/62 headings, 4 digits. */
export interface HsnCodes {
  /** Shirts (Shirt-Box, Shirt-Loose): 6205, men's or boys' shirts, not knitted. */
  shirts: string;
  /** Trousers and shorts: 6203, men's or boys' trousers and shorts, not knitted. */
  trousers: string;
  /** T-shirts: 6109, T-shirts, knitted. */
  tShirts: string;
  /** Any other garment (marketplace products without a group): 6211. */
  other: string;
}

export const HSN_CODES: HsnCodes = {
  shirts: '6205',
  trousers: '6203',
  tShirts: '6109',
  other: '6211',
};

/**
 * The HSN code of a bill item or product name by its group: 'T-Shirt-Collar' -> tShirts,
 * 'Shirt-Box' -> shirts, 'Trouser-Loose' / 'Shorts-Sports' -> trousers, else other.
 */
export function hsnCodeOf(item: string, codes: HsnCodes = HSN_CODES): string {
  const text = item.toLowerCase();
  if (/t-?shirt|\btee\b/.test(text)) return codes.tShirts;
  if (/shirt/.test(text)) return codes.shirts;
  if (/trouser|short|pant|jeans/.test(text)) return codes.trousers;
  return codes.other;
}

/** GST state codes (the first two digits of a GSTIN), by state or union territory name. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** A state's GST code by name, case and spacing ignored; undefined when unknown. */
export function gstStateCodeOf(state: string): string | undefined {
  const wanted = state.trim().toLowerCase().replace(/\s+/g, ' ').replace(/&/g, 'and');
  for (const [name, code] of Object.entries(GST_STATE_CODES)) {
    if (name.toLowerCase() === wanted) return code;
  }
  return undefined;
}

/** The state name of a GST state code ('10' -> 'Bihar'); undefined when unknown. */
export function gstStateNameOf(code: string): string | undefined {
  return Object.entries(GST_STATE_CODES).find(([, value]) => value === code)?.[0];
}

/** Place of supply of goods (Rule 46(n)): the state they are delivered to, with its code. */
export interface PlaceOfSupply {
  state: string;
  /** Two digits, or '' when neither the address nor the GSTIN names a known state. */
  code: string;
  /** True when it is not the supplier's state: one IGST line instead of CGST + SGST. */
  interState: boolean;
}

/**
 * The place of supply of goods delivered to `recipient` by a supplier in `supplierStateCode`:
 * the delivery address's state, or the GSTIN's state when the address names none. It is
 * inter-state (IGST) when the address's state or the recipient's GSTIN state differs from the
 * supplier's.
 */
export function placeOfSupplyOf(
  recipient: Pick<Recipient, 'state' | 'gstin'>,
  supplierStateCode: string,
): PlaceOfSupply {
  const addressCode = gstStateCodeOf(recipient.state);
  const gstinCode = recipient.gstin ? recipient.gstin.slice(0, 2) : undefined;
  const code = addressCode ?? gstinCode ?? '';
  const state = addressCode
    ? recipient.state
    : ((gstinCode && gstStateNameOf(gstinCode)) ?? recipient.state);
  const interState =
    (code !== '' && code !== supplierStateCode) ||
    (gstinCode !== undefined && gstinCode !== supplierStateCode);
  return { state, code, interState };
}

/** GST split for an invoice: CGST + SGST within the state, IGST across states (paise). */
export interface InvoiceTax {
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The GST of an invoice as printed: CGST + SGST (halves by `splitGst`, adding up to the GST)
 * within the state, one IGST line of the whole GST across states. Paise in, paise out.
 */
export function invoiceTaxOf(gstPaise: number, interState: boolean): InvoiceTax {
  return interState
    ? { cgstPaise: 0, sgstPaise: 0, igstPaise: gstPaise }
    : { ...splitGst(gstPaise), igstPaise: 0 };
}
