import type { SellerOfRecord } from '../schemas/documents.js';

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
