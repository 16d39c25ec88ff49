import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ContactMessageRequestSchema } from '../schemas/contact.js';

/** The Contact US page's form (public). */

/** The stored message's id. */
const ContactMessageSavedSchema = z.object({ id: z.number().int() });

/**
 * Stores a visitor's message: name, email, phone (10 digits, 6-9 first), subject, message, with
 * the answer to a captcha (`captchaId`, `captchaCode`). 201 `{ id }`; 400 with the field messages
 * of ContactMessageRequestSchema, or on `captchaCode` for a wrong, expired or reused captcha; 429
 * once the email address or the client address has sent CONTACT_MESSAGES_PER_HOUR messages in
 * the last hour.
 */
export const createContactMessage = defineEndpoint({
  method: 'POST',
  path: '/api/contact-messages',
  tag: 'contact',
  summary: 'Send a message through the Contact US form',
  body: ContactMessageRequestSchema,
  responses: { 201: ContactMessageSavedSchema },
  errors: [400, 429],
});
