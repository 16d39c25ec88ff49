import { defineEndpoint } from './endpoint.js';
import { MessageResponseSchema, TokenRequestSchema } from '../schemas/accounts.js';
import { PendingEmailChangeSchema } from '../schemas/email-change.js';

/*
 * Email changes made by staff (docs/security.md "Changing a customer's email"): the pending
 * change of the signed-in user, and the link mailed to the new address that makes it the
 * account's email.
 */

/** The signed-in user's pending email change (`pending: null` when none). */
export const getPendingEmailChange = defineEndpoint({
  method: 'GET',
  path: '/api/account/email-change',
  tag: 'accounts',
  summary: 'My pending email change',
  responses: { 200: PendingEmailChangeSchema },
  errors: [401],
});

/**
 * Makes the pending address the account's email with the token of the link mailed to it (public:
 * the link is opened from the mailbox). One use, 24 hours. 400 invalid, used or expired link;
 * 409 the address was taken by another account meanwhile; 429.
 */
export const verifyEmailChange = defineEndpoint({
  method: 'POST',
  path: '/api/auth/verify-email-change',
  tag: 'accounts',
  summary: 'Verify the new email address of a staff-made email change',
  body: TokenRequestSchema,
  responses: { 200: MessageResponseSchema },
  errors: [400, 409, 429],
});
