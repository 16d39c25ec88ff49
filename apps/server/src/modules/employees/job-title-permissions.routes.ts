import type { FastifyPluginAsync } from 'fastify';
import { employeePermissionsApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { JobTitlePermissionsService } from './job-title-permissions.service.js';

const adminOnly = { access: ['admin'] as const };

/**
 * Roles and permissions (docs/back-office-people.md "Roles and permissions"): admin only. Each
 * route's contract is in `@bazaar/shared`'s `employeePermissionsApi`.
 */
export const jobTitlePermissionsRoutes =
  (permissions: JobTitlePermissionsService): FastifyPluginAsync =>
  async (app) => {
    route(app, employeePermissionsApi.getEmployeePermissions, { config: adminOnly }, () =>
      permissions.table(),
    );
    route(app, employeePermissionsApi.saveEmployeePermissions, { config: adminOnly }, (request) =>
      permissions.save(requireUser(request), request.body),
    );
  };
