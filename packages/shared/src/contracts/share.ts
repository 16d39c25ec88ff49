import { defineEndpoint } from './endpoint.js';
import {
  SharedFileParamsSchema,
  ShareLinkSchema,
  ShareMailSentSchema,
  ShareRequestSchema,
} from '../schemas/share.js';

/**
 * Sharing an invoice, a statement or a dues reminder with the customer by WhatsApp or mail
 * through a signed, expiring link to the PDF (docs/documents.md "Sharing").
 */

/**
 * Admin, employee: mints a signed link valid SHARE_LINK_DAYS days and the WhatsApp URL and
 * message carrying it; 404 unknown bill or customer, 400 a bad range (a statement link covers
 * at most a year: 'A shared statement covers at most one year: choose a shorter range').
 */
export const createShareLink = defineEndpoint({
  method: 'POST',
  path: '/api/share/links',
  tag: 'sharing',
  summary: 'A signed, expiring link to an invoice or statement PDF, with a WhatsApp URL',
  body: ShareRequestSchema,
  responses: { 200: ShareLinkSchema },
  errors: [400, 401, 403, 404],
});

/** Admin, employee: mails the same message and link to the customer's email; 404. */
export const mailShareLink = defineEndpoint({
  method: 'POST',
  path: '/api/share/mail',
  tag: 'sharing',
  summary: 'Mails the customer a signed link to an invoice or statement PDF',
  body: ShareRequestSchema,
  responses: { 200: ShareMailSentSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Anyone holding the link: the PDF (`application/pdf`, inline). 403 a token that is not ours
 * (tampered), 410 an expired one, 404 a bill or customer gone since, 400 a statement of more
 * than a year (a link minted before links were capped).
 */
export const getSharedPdf = defineEndpoint({
  method: 'GET',
  path: '/api/shared/:file',
  tag: 'sharing',
  summary: 'The PDF behind a shared link',
  params: SharedFileParamsSchema,
  responses: {},
  errors: [400, 403, 404, 410],
});
