import { defineEndpoint } from './endpoint.js';
import {
  SupportContactSchema,
  SupportMessagePageSchema,
  SupportMessageParamsSchema,
  SupportMessageQuerySchema,
  SupportMessageSchema,
} from '../schemas/shop-office.js';

/**
 * Support (docs/shop-office.md "Support"): the public contact details and the admin's inbox of
 * Contact page messages.
 */

/**
 * `{ phone, email, address, hours }` (public). The web app shows the same shared SUPPORT_CONTACT
 * without asking.
 */
export const getSupportContact = defineEndpoint({
  method: 'GET',
  path: '/api/support/contact',
  tag: 'support',
  summary: 'Support contact details',
  responses: { 200: SupportContactSchema },
  errors: [],
});

/** Admin, `?unread=true|false&page=`: the inbox, newest first, 10 a page. */
export const listSupportMessages = defineEndpoint({
  method: 'GET',
  path: '/api/support/messages',
  tag: 'support',
  summary: 'Contact page messages (admin inbox)',
  query: SupportMessageQuerySchema,
  responses: { 200: SupportMessagePageSchema },
  errors: [400, 401, 403],
});

/** Admin: marks a message read and answers it; 404 when missing. */
export const markSupportMessageRead = defineEndpoint({
  method: 'POST',
  path: '/api/support/messages/:id/read',
  tag: 'support',
  summary: 'Mark a contact message read',
  params: SupportMessageParamsSchema,
  responses: { 200: SupportMessageSchema },
  errors: [400, 401, 403, 404],
});
