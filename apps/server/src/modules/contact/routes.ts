import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageSchema, ErrorBodySchema } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

/**
 * `POST /api/contact-messages` (marketplace.md section 2, "Contact page"): stores a visitor's
 * message. Body: name, email, phone (10 digits, 6-9 first), subject, message. 201 `{ id }`;
 * 400 with the spec's field messages.
 */
export const contactRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact-messages',
      {
        config: { access: 'public' },
        schema: {
          tags: ['contact'],
          summary: 'Send a message through the Contact US form',
          body: ContactMessageSchema,
          response: { 201: z.object({ id: z.number().int() }), 400: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const [row] = await db
          .insert(contactMessages)
          .values(request.body)
          .returning({ id: contactMessages.id });
        return reply.status(201).send({ id: row!.id });
      },
    );
  };
