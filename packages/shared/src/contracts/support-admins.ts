import { defineEndpoint } from './endpoint.js';
import {
  CreateSupportAdminInputSchema,
  CreatedSupportAdminSchema,
  SupportAdminListSchema,
  SupportAdminParamsSchema,
  SupportAdminSchema,
} from '../schemas/shop-office.js';

/**
 * Support admins (docs/shop-office.md "Support admins"): the seller manages its own shop's
 * support admins; another shop's is a 404. A support admin cannot manage them (403).
 */

/**
 * Creates a support admin of the shop from `{ name, email, mobile, dateOfBirth, aadhaarNumber,
 * jobTitle }`: 201 `{ supportAdmin, password, message }` (the generated password shown once);
 * 400 invalid (under 18, Aadhaar checksum...); 409 email or mobile taken.
 */
export const createSupportAdmin = defineEndpoint({
  method: 'POST',
  path: '/api/shop/support-admins',
  tag: 'shop office',
  summary: 'Create a support admin of the shop (generated password)',
  body: CreateSupportAdminInputSchema,
  responses: { 201: CreatedSupportAdminSchema },
  errors: [400, 401, 403, 409],
});

/** The shop's support admins, active and disabled. */
export const listSupportAdmins = defineEndpoint({
  method: 'GET',
  path: '/api/shop/support-admins',
  tag: 'shop office',
  summary: "The shop's support admins",
  responses: { 200: SupportAdminListSchema },
  errors: [400, 401, 403],
});

/** Disables a support admin of the shop and ends their sessions; 404 otherwise. */
export const disableSupportAdmin = defineEndpoint({
  method: 'POST',
  path: '/api/shop/support-admins/:userId/disable',
  tag: 'shop office',
  summary: 'Disable a support admin (their sessions end)',
  params: SupportAdminParamsSchema,
  responses: { 200: SupportAdminSchema },
  errors: [400, 401, 403, 404],
});
