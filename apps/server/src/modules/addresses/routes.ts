import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeliveryAddressInputSchema,
  DeliveryAddressListSchema,
  DeliveryAddressUpdateSchema,
  ErrorBodySchema,
  pathId,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { AddressesService } from './addresses.service.js';

const customerOnly = { access: ['customer'] as const };
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** Path parameter `addressId`: digits only, a positive 32-bit integer. */
const AddressIdParamsSchema = z.object({ addressId: pathId('addressId') });

/**
 * Delivery address routes (issue 6 item 3; docs/api.md "Cart, wishlist, addresses"): customers
 * only, scoped to the session's user; each answers the whole list, the default first.
 */
export const addressesRoutes =
  (addresses: AddressesService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/addresses`: the customer's saved addresses, the default first. */
    app.get(
      '/api/addresses',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Saved delivery addresses',
          response: { 200: DeliveryAddressListSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
        },
      },
      async (request) => addresses.list(requireUser(request).id),
    );

    /**
     * `POST /api/addresses`: saves an address (the first becomes the default); 201 with the
     * list. 400 field messages or a pincode outside Bihar; 409 when 10 are saved.
     */
    app.post(
      '/api/addresses',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Save a delivery address',
          body: DeliveryAddressInputSchema,
          response: { 201: DeliveryAddressListSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addresses.create(requireUser(request).id, request.body)),
    );

    /** `PATCH /api/addresses/{addressId}`: changes some fields. 404 'Address not found'. */
    app.patch(
      '/api/addresses/:addressId',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Change a delivery address',
          params: AddressIdParamsSchema,
          body: DeliveryAddressUpdateSchema,
          response: { 200: DeliveryAddressListSchema, ...errors },
        },
      },
      async (request) =>
        addresses.update(requireUser(request).id, request.params.addressId, request.body),
    );

    /**
     * `DELETE /api/addresses/{addressId}`: deletes it; a deleted default passes to the newest
     * remaining address. 404 'Address not found'.
     */
    app.delete(
      '/api/addresses/:addressId',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Delete a delivery address',
          params: AddressIdParamsSchema,
          response: { 200: DeliveryAddressListSchema, ...errors },
        },
      },
      async (request) => addresses.remove(requireUser(request).id, request.params.addressId),
    );

    /** `POST /api/addresses/{addressId}/default`: makes it the default. 404 'Address not found'. */
    app.post(
      '/api/addresses/:addressId/default',
      {
        config: customerOnly,
        schema: {
          tags: ['shopping'],
          summary: 'Make an address the default',
          params: AddressIdParamsSchema,
          response: { 200: DeliveryAddressListSchema, ...errors },
        },
      },
      async (request) => addresses.makeDefault(requireUser(request).id, request.params.addressId),
    );
  };
