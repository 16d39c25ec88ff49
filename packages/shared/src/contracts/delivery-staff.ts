import { defineEndpoint } from './endpoint.js';
import {
  CreatedDeliveryStaffSchema,
  DeliveryStaffIdParamsSchema,
  DeliveryStaffInputSchema,
  DeliveryStaffPageSchema,
  DeliveryStaffSchema,
  PeopleListQuerySchema,
} from '../schemas/back-office-people.js';

/**
 * Delivery staff accounts (docs/back-office-people.md): admin only, like the
 * employees. Every endpoint may answer 401 (no session) and 403 (another role).
 */

/**
 * Creates a delivery staff account (role delivery) with a generated password, shown once here
 * and mailed. 201 `{ deliveryStaff, generatedPassword }`; 400 field messages; 409 email or mobile
 * taken.
 */
export const createDeliveryStaff = defineEndpoint({
  method: 'POST',
  path: '/api/delivery-staff',
  tag: 'back office people',
  summary: 'Create a delivery staff account with a generated password',
  body: DeliveryStaffInputSchema,
  responses: { 201: CreatedDeliveryStaffSchema },
  errors: [400, 401, 403, 409],
});

/** Delivery staff, `?search=&page=`: 10 a page, newest first; search over name and mobile. */
export const listDeliveryStaff = defineEndpoint({
  method: 'GET',
  path: '/api/delivery-staff',
  tag: 'back office people',
  summary: 'Delivery staff list with search',
  query: PeopleListQuerySchema,
  responses: { 200: DeliveryStaffPageSchema },
  errors: [400, 401, 403],
});

/**
 * The delivery staff member can no longer sign in and is signed out everywhere. 200
 * DeliveryStaff; 404 (unknown, or not a delivery account); 409 already disabled.
 */
export const disableDeliveryStaff = defineEndpoint({
  method: 'POST',
  path: '/api/delivery-staff/:deliveryStaffId/disable',
  tag: 'back office people',
  summary: 'Disable a delivery staff account and end its sessions',
  params: DeliveryStaffIdParamsSchema,
  responses: { 200: DeliveryStaffSchema },
  errors: [400, 401, 403, 404, 409],
});
