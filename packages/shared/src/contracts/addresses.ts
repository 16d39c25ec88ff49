import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  DeliveryAddressInputSchema,
  DeliveryAddressListSchema,
  DeliveryAddressUpdateSchema,
} from '../schemas/cart.js';
import { pathId } from '../schemas/fields.js';

/**
 * The customer's delivery addresses (docs/api.md "Cart, wishlist, addresses"): customers only,
 * scoped to the session's user (another customer's address is 404); each endpoint answers the
 * whole list, the default first, and may answer 401 (no session) and 403 (not a customer).
 */

/** Path parameter `addressId`: digits only, a positive 32-bit integer. */
const AddressIdParamsSchema = z.object({ addressId: pathId('addressId') });

/** The customer's saved addresses (at most 10), the default first. */
export const listAddresses = defineEndpoint({
  method: 'GET',
  path: '/api/addresses',
  tag: 'shopping',
  summary: 'Saved delivery addresses',
  responses: { 200: DeliveryAddressListSchema },
  errors: [401, 403],
});

/**
 * Saves an address (the first becomes the default); 201 with the list. 400 field messages or a
 * pincode outside Bihar; 409 ADDRESS_LIMIT when 10 are saved.
 */
export const createAddress = defineEndpoint({
  method: 'POST',
  path: '/api/addresses',
  tag: 'shopping',
  summary: 'Save a delivery address',
  body: DeliveryAddressInputSchema,
  responses: { 201: DeliveryAddressListSchema },
  errors: [400, 401, 403, 404, 409],
});

/** Changes the fields sent. 404 'Address not found'. */
export const updateAddress = defineEndpoint({
  method: 'PATCH',
  path: '/api/addresses/:addressId',
  tag: 'shopping',
  summary: 'Change a delivery address',
  params: AddressIdParamsSchema,
  body: DeliveryAddressUpdateSchema,
  responses: { 200: DeliveryAddressListSchema },
  errors: [400, 401, 403, 404, 409],
});

/**
 * Deletes an address; a deleted default passes to the newest remaining one. 404 'Address not
 * found'.
 */
export const deleteAddress = defineEndpoint({
  method: 'DELETE',
  path: '/api/addresses/:addressId',
  tag: 'shopping',
  summary: 'Delete a delivery address',
  params: AddressIdParamsSchema,
  responses: { 200: DeliveryAddressListSchema },
  errors: [400, 401, 403, 404, 409],
});

/** Makes an address the default. 404 'Address not found'. */
export const setDefaultAddress = defineEndpoint({
  method: 'POST',
  path: '/api/addresses/:addressId/default',
  tag: 'shopping',
  summary: 'Make an address the default',
  params: AddressIdParamsSchema,
  responses: { 200: DeliveryAddressListSchema },
  errors: [400, 401, 403, 404, 409],
});
