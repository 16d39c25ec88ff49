import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ContactMessageSchema } from '../schemas/contact.js';

/** The Contact US page's form (public). */

/** The stored message's id. */
const ContactMessageSavedSchema = z.object({ id: z.number().int() });

/**
 * Stores a visitor's message: name, email, phone (10 digits, 6-9 first), subject, message. 201
 * `{ id }`; 400 with the field messages of ContactMessageSchema.
 */
export const createContactMessage = defineEndpoint({
  method: 'POST',
  path: '/api/contact-messages',
  tag: 'contact',
  summary: 'Send a message through the Contact US form',
  body: ContactMessageSchema,
  responses: { 201: ContactMessageSavedSchema },
  errors: [400],
});
