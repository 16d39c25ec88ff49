import { defineEndpoint } from './endpoint.js';
import { AuditPageSchema, AuditQuerySchema } from '../schemas/back-office-people.js';

/** The audit browser (docs/back-office-people.md): admin only. */

/**
 * Admin, `?entity=&actor=&from=&to=&page=`: the back office's changes, newest first, 20 a page;
 * `from` and `to` are `YYYY-MM-DD` India days, both included; `actor` is a user id.
 */
export const listAuditTrail = defineEndpoint({
  method: 'GET',
  path: '/api/audit',
  tag: 'back office people',
  summary: 'Audit trail of back-office changes, newest first',
  query: AuditQuerySchema,
  responses: { 200: AuditPageSchema },
  errors: [400, 401, 403],
});
