import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateSupportAdminInputSchema,
  CreatedSupportAdminSchema,
  ErrorBodySchema,
  SupportAdminListSchema,
  SupportAdminParamsSchema,
  SupportAdminSchema,
} from '@bazaar/shared';
import { requireShopId } from '../../platform/access.js';
import type { SupportAdminsService } from './support-admins.service.js';

/** The seller only: a support admin cannot create or disable support admins (403). */
const sellerOnly = { access: ['seller'] as const, shopScoped: true as const };
const guarded = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Support admin routes (issue 4 item 6; docs/shop-office.md "Support admins"): the seller
 * manages its own shop's support admins; another shop's is a 404.
 */
export const supportAdminsRoutes =
  (supportAdmins: SupportAdminsService): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * `POST /api/shop/support-admins` `{ name, email, mobile, dateOfBirth, aadhaarNumber,
     * jobTitle }`: 201 `{ supportAdmin, password, message }` (password shown once); 400
     * invalid (under 18, Aadhaar checksum...); 409 email or mobile taken.
     */
    app.post(
      '/api/shop/support-admins',
      {
        config: sellerOnly,
        schema: {
          tags: ['shop office'],
          summary: 'Create a support admin of the shop (generated password)',
          body: CreateSupportAdminInputSchema,
          response: { 201: CreatedSupportAdminSchema, ...guarded, 409: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await supportAdmins.create(requireShopId(request), request.body)),
    );

    /** `GET /api/shop/support-admins`: the shop's support admins. */
    app.get(
      '/api/shop/support-admins',
      {
        config: sellerOnly,
        schema: {
          tags: ['shop office'],
          summary: "The shop's support admins",
          response: { 200: SupportAdminListSchema, ...guarded },
        },
      },
      async (request) => supportAdmins.list(requireShopId(request)),
    );

    /** `POST /api/shop/support-admins/{userId}/disable`: ends their sessions; 404 otherwise. */
    app.post(
      '/api/shop/support-admins/:userId/disable',
      {
        config: sellerOnly,
        schema: {
          tags: ['shop office'],
          summary: 'Disable a support admin (their sessions end)',
          params: SupportAdminParamsSchema,
          response: { 200: SupportAdminSchema, ...guarded, 404: ErrorBodySchema },
        },
      },
      async (request) => supportAdmins.disable(requireShopId(request), request.params.userId),
    );
  };
