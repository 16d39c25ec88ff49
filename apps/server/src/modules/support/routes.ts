import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBodySchema,
  SupportContactSchema,
  SupportMessagePageSchema,
  SupportMessageParamsSchema,
  SupportMessageQuerySchema,
  SupportMessageSchema,
} from '@bazaar/shared';
import type { SupportService } from './support.service.js';

const adminOnly = { access: ['admin'] as const };
const guarded = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Support routes (issue 4 item 9; docs/shop-office.md "Support"): the public contact details and
 * the admin's inbox of Contact page messages.
 */
export const supportRoutes =
  (support: SupportService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/support/contact`: `{ phone, email, address, hours }` (public). */
    app.get(
      '/api/support/contact',
      {
        config: { access: 'public' },
        schema: {
          tags: ['support'],
          summary: 'Support contact details',
          response: { 200: SupportContactSchema },
        },
      },
      async () => support.contact(),
    );

    /** `GET /api/support/messages?unread=true|false&page=`: the admin's inbox, newest first. */
    app.get(
      '/api/support/messages',
      {
        config: adminOnly,
        schema: {
          tags: ['support'],
          summary: 'Contact page messages (admin inbox)',
          querystring: SupportMessageQuerySchema,
          response: { 200: SupportMessagePageSchema, ...guarded },
        },
      },
      async (request) => support.messages(request.query.unread === 'true', request.query.page),
    );

    /** `POST /api/support/messages/{id}/read`: marks it read; 404 when missing. */
    app.post(
      '/api/support/messages/:id/read',
      {
        config: adminOnly,
        schema: {
          tags: ['support'],
          summary: 'Mark a contact message read',
          params: SupportMessageParamsSchema,
          response: { 200: SupportMessageSchema, ...guarded, 404: ErrorBodySchema },
        },
      },
      async (request) => support.markRead(request.params.id),
    );
  };
