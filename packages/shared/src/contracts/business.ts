import { defineEndpoint } from './endpoint.js';
import {
  BusinessProfileSchema,
  BusinessProfileUpdateSchema,
  AdminShopListQuerySchema,
  AdminShopPageSchema,
} from '../schemas/business-profile.js';

/**
 * The admin's business profile and shop list (docs/back-office-people.md "Business profile",
 * "Shop list"): admin only. Every endpoint may answer 401 (no session) and 403 (another role).
 */

/**
 * The business's shop fields shown on `/AdminProfile`, with what tax invoices print as the
 * seller (`invoiceSeller`). Fields never saved read as the invoice seller's.
 */
export const getBusinessProfile = defineEndpoint({
  method: 'GET',
  path: '/api/business-profile',
  tag: 'back office people',
  summary: "The business's shop fields and the invoices' seller of record",
  responses: { 200: BusinessProfileSchema },
  errors: [401, 403],
});

/**
 * Changes any of the business's shop fields (audited as a business setting). 200 the profile;
 * 400 with a field message (e.g. `gstin` 'Invalid GST No', `pincode` 'Pincode must be 6 digits').
 */
export const updateBusinessProfile = defineEndpoint({
  method: 'PATCH',
  path: '/api/business-profile',
  tag: 'back office people',
  summary: "Change the business's shop fields",
  body: BusinessProfileUpdateSchema,
  responses: { 200: BusinessProfileSchema },
  errors: [400, 401, 403],
});

/**
 * The marketplace's shops, `?search=&page=`: 10 a page by name; `search` a case-insensitive
 * part of the shop name.
 */
export const listShops = defineEndpoint({
  method: 'GET',
  path: '/api/shops',
  tag: 'back office people',
  summary: 'Shop list with a name search',
  query: AdminShopListQuerySchema,
  responses: { 200: AdminShopPageSchema },
  errors: [400, 401, 403],
});
