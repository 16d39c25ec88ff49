import { defineEndpoint } from './endpoint.js';
import {
  PayoutInputSchema,
  PayoutSchema,
  SellerStatementSchema,
  SettlementMonthQuerySchema,
  SettlementRatesInputSchema,
  SettlementRatesListSchema,
  SettlementRatesRowSchema,
  SettlementShopParamsSchema,
  ShopBalanceSchema,
  ShopBalancesSchema,
  ShopPanInputSchema,
} from '../schemas/settlements.js';

/**
 * Seller settlements (docs/settlements.md): what the marketplace owes each shop for its delivered
 * shipments (gross less commission, its GST, TCS and TDS), the payouts, the month's statement and
 * the GSTR-8 figures. Money in paise, rates in basis points, months `YYYY-MM`. Every endpoint may
 * also answer 401 (no session) and 403 (another role).
 */

/** The seller's own statement of a month (seller only; the shop comes from the session). */
export const getShopStatement = defineEndpoint({
  method: 'GET',
  path: '/api/shop/settlements/statement',
  tag: 'settlements',
  summary: "The seller's statement of a month: entries, payouts, opening and closing balance",
  query: SettlementMonthQuerySchema,
  responses: { 200: SellerStatementSchema },
  errors: [400, 401, 403],
});

/**
 * The seller's statement as CSV (text/csv attachment `statement-{shop}-{YYYY-MM}.csv`): one row per
 * line with Date, Type, Reference, Payment, Gross, Commission, GST on commission, TCS CGST,
 * TCS SGST, TCS IGST, TDS, Net, Payout, Balance in rupees; opening and closing rows.
 */
export const downloadShopStatementCsv = defineEndpoint({
  method: 'GET',
  path: '/api/shop/settlements/statement.csv',
  tag: 'settlements',
  summary: "Download the seller's statement of a month as CSV",
  query: SettlementMonthQuerySchema,
  responses: {},
  errors: [400, 401, 403],
});

/** Every shop's balance: earned (net of every entry), paid, owed; admins only. */
export const listShopBalances = defineEndpoint({
  method: 'GET',
  path: '/api/settlements/shops',
  tag: 'settlements',
  summary: "Every shop's settlement balance",
  responses: { 200: ShopBalancesSchema },
  errors: [401, 403],
});

/** One shop's statement of a month, as the seller sees it; admins only. 404 unknown shop. */
export const getAdminShopStatement = defineEndpoint({
  method: 'GET',
  path: '/api/settlements/shops/:shopId/statement',
  tag: 'settlements',
  summary: "A shop's statement of a month",
  params: SettlementShopParamsSchema,
  query: SettlementMonthQuerySchema,
  responses: { 200: SellerStatementSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Records a payout made to a shop (amount in paise, the bank's UTR, the day it was paid, not in
 * the future), audited; answers the payout with the balance after it. 400 invalid fields; 404
 * unknown shop; 409 UTR_ALREADY_RECORDED; 422 PAYOUT_EXCEEDS_BALANCE (more than is owed).
 */
export const recordPayout = defineEndpoint({
  method: 'POST',
  path: '/api/settlements/shops/:shopId/payouts',
  tag: 'settlements',
  summary: 'Mark a payout paid to a shop',
  params: SettlementShopParamsSchema,
  body: PayoutInputSchema,
  responses: { 201: PayoutSchema },
  errors: [400, 401, 403, 404, 409, 422],
});

/**
 * The month's GSTR-8 figures per seller GSTIN as CSV (text/csv attachment `GSTR8_{YYYY-MM}.csv`):
 * GSTIN of supplier, Shop, Gross value of supplies, Value of supplies returned, Net amount liable
 * for TCS, IGST, CGST, SGST (rupees).
 */
export const downloadGstr8Csv = defineEndpoint({
  method: 'GET',
  path: '/api/settlements/gstr8.csv',
  tag: 'settlements',
  summary: "Download the month's GSTR-8 figures per seller GSTIN",
  query: SettlementMonthQuerySchema,
  responses: {},
  errors: [400, 401, 403],
});

/** The rate rows (newest first) and the one in force today; admins only. */
export const listSettlementRates = defineEndpoint({
  method: 'GET',
  path: '/api/settlements/rates',
  tag: 'settlements',
  summary: 'Settlement rates: commission, its GST, TCS and TDS by effective date',
  responses: { 200: SettlementRatesListSchema },
  errors: [401, 403],
});

/**
 * Adds the rates in force from a day (today or later, after the latest row's day); audited. 409
 * SETTLEMENT_RATE_REFUSED when the day is past, holds a row or is not after the latest row's
 * (entries already recorded keep their rates).
 */
export const addSettlementRates = defineEndpoint({
  method: 'POST',
  path: '/api/settlements/rates',
  tag: 'settlements',
  summary: 'Add settlement rates from a day on',
  body: SettlementRatesInputSchema,
  responses: { 201: SettlementRatesRowSchema },
  errors: [400, 401, 403, 409],
});

/**
 * Records (or clears, `{ pan: null }`) the PAN of a shop whose GSTIN carries none, for TDS under
 * section 194-O at the PAN rate from the next delivery on; audited. Answers the shop's balance
 * row. 400 invalid PAN; 404 unknown shop; 409 SHOP_PAN_FROM_GSTIN (the GSTIN already gives it).
 */
export const setShopPan = defineEndpoint({
  method: 'PUT',
  path: '/api/settlements/shops/:shopId/pan',
  tag: 'settlements',
  summary: "Record a shop's PAN for TDS",
  params: SettlementShopParamsSchema,
  body: ShopPanInputSchema,
  responses: { 200: ShopBalanceSchema },
  errors: [400, 401, 403, 404, 409],
});
