/**
 * Indian states and union territories with their GST state codes (the first two digits of a
 * GSTIN), and the place of supply of goods (docs/gst.md "Place of supply").
 */

/** GST state codes by state or union territory name. */
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

/** Every state and union territory name, for address forms. */
export const INDIAN_STATES = Object.keys(GST_STATE_CODES) as [string, ...string[]];

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

/**
 * Whether a GSTIN belongs to an address's state: its first two digits are the state's code.
 * True when there is no GSTIN (an unregistered buyer).
 */
export function gstinMatchesState(gstin: string | null | undefined, state: string): boolean {
  if (!gstin) return true;
  return gstin.slice(0, 2) === gstStateCodeOf(state);
}

/** Place of supply of goods: the state they are delivered to, with its code. */
export interface PlaceOfSupply {
  state: string;
  /** Two digits, or '' when the address names no known state. */
  code: string;
  /** True when it is not the supplier's state: IGST instead of CGST + SGST. */
  interState: boolean;
}

/**
 * The place of supply of goods delivered to `deliveryState` by a supplier registered in
 * `supplierStateCode`: where the movement of goods ends, i.e. the delivery address's state
 * (section 10(1)(a) of the IGST Act, 2017). The recipient's GSTIN does not move it: a Bihar
 * delivery to a buyer registered elsewhere is an intra-state supply (CGST + SGST). Screens, the
 * API and every PDF read this one function.
 */
export function placeOfSupplyOf(deliveryState: string, supplierStateCode: string): PlaceOfSupply {
  const code = gstStateCodeOf(deliveryState) ?? '';
  const state = code ? (gstStateNameOf(code) ?? deliveryState) : deliveryState;
  return { state, code, interState: code !== '' && code !== supplierStateCode };
}
