import { defineEndpoint } from './endpoint.js';
import {
  EmployeePermissionsTableSchema,
  SaveEmployeePermissionsSchema,
} from '../schemas/employee-permissions.js';

/**
 * Roles and permissions (docs/back-office-people.md "Roles and permissions"): what each employee
 * job title may do, admin only. Every endpoint may answer 401 (no session) and 403 (another
 * role).
 */

/** The table: every job title (EMPLOYEE_JOB_TITLES order) with the permissions it has. */
export const getEmployeePermissions = defineEndpoint({
  method: 'GET',
  path: '/api/employee-permissions',
  tag: 'back office people',
  summary: 'What each employee job title may do',
  responses: { 200: EmployeePermissionsTableSchema },
  errors: [401, 403],
});

/**
 * Saves the rows given (each job title once; titles not given keep theirs) in one transaction,
 * one audit row (entity `employee_permissions`, id the job title) per row that changed. Takes
 * effect on the employees' next request. 200 the whole table; 400 `fields.titles`.
 */
export const saveEmployeePermissions = defineEndpoint({
  method: 'PUT',
  path: '/api/employee-permissions',
  tag: 'back office people',
  summary: 'Save what employee job titles may do',
  body: SaveEmployeePermissionsSchema,
  responses: { 200: EmployeePermissionsTableSchema },
  errors: [400, 401, 403],
});
