import type { FastifyPluginAsync } from 'fastify';
import { reportsApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { ReportsService } from './reports.service.js';

const adminOnly = { access: ['admin'] as const };

/**
 * Admin dashboard and total-transactions report (docs/back-office-reports.md): admins only
 * (employees, customers, sellers 403; no session 401). Each route's contract is in
 * `@bazaar/shared`'s `reportsApi`.
 */
export const reportsRoutes =
  (reports: ReportsService): FastifyPluginAsync =>
  async (app) => {
    route(app, reportsApi.getDashboard, { config: adminOnly }, () => reports.dashboard());
    route(app, reportsApi.getTransactionsReport, { config: adminOnly }, (request) =>
      reports.transactions(request.query),
    );
  };
