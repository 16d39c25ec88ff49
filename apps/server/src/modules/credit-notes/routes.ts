import type { FastifyPluginAsync } from 'fastify';
import { creditNotesApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { CreditNotesService } from './credit-notes.service.js';

const staff = { access: ['admin', 'employee'] as const };
const adminOnly = { access: ['admin'] as const };

/**
 * Credit notes against issued wholesale invoices (docs/gst.md "Credit notes"): only admins issue
 * them (they lower what a customer owes); admins and employees read them for the PDF. Routes are
 * registered from their contracts in `@bazaar/shared`'s `creditNotesApi`.
 */
export const creditNotesRoutes =
  (creditNotes: CreditNotesService): FastifyPluginAsync =>
  async (app) => {
    route(app, creditNotesApi.issueCreditNote, { config: adminOnly }, (request) =>
      creditNotes.issue(requireUser(request), request.params.billId, request.body),
    );
    route(app, creditNotesApi.getCreditNote, { config: staff }, (request) =>
      creditNotes.get(request.params.documentId),
    );
  };
