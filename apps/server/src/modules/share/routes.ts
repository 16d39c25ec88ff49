import type { FastifyPluginAsync } from 'fastify';
import { shareApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { ShareService } from './share.service.js';

const backOffice = { access: ['admin', 'employee'] as const };
const anyone = { access: 'public' as const };

/**
 * Sharing invoices, statements and dues reminders (docs/documents.md "Sharing"): admins and
 * employees mint links and mail them; the PDF behind a link is public, its token being the
 * permission. Contracts in `@bazaar/shared`'s `shareApi`.
 */
export const shareRoutes =
  (share: ShareService): FastifyPluginAsync =>
  async (app) => {
    route(app, shareApi.createShareLink, { config: backOffice }, (request) =>
      share.createLink(request.body),
    );
    route(app, shareApi.mailShareLink, { config: backOffice }, (request) =>
      share.mailLink(request.body),
    );
    // A file, not a JSON body of the contract. Inline, so the phone's browser shows it; never
    // cached by a proxy (today's dues) and never indexed.
    route(app, shareApi.getSharedPdf, { config: anyone }, async (request, reply) => {
      const file = await share.pdf(request.params.file);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(file.body);
    });
  };
