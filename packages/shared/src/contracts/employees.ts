import { defineEndpoint } from './endpoint.js';
import {
  CreatedEmployeeSchema,
  EmployeeIdParamsSchema,
  EmployeePageSchema,
  EmployeeSchema,
  PeopleListQuerySchema,
} from '../schemas/back-office-people.js';

/**
 * Employees (docs/back-office-people.md): admin only. Every endpoint may answer 401 (no session)
 * and 403 (another role).
 */

/**
 * Creates an employee (multipart/form-data: the EmployeeInputSchema text fields plus the file
 * `idProof`, jpg, png or pdf by content, at most 5 MB). 201 `{ employee, generatedPassword }`;
 * 400 field messages; 409 email or mobile taken; 413 file too large; 415 not multipart.
 */
export const createEmployee = defineEndpoint({
  method: 'POST',
  path: '/api/employees',
  tag: 'back office people',
  summary: 'Create an employee with an id proof and a generated password',
  multipart: true,
  responses: { 201: CreatedEmployeeSchema },
  errors: [400, 401, 403, 409, 413, 415],
});

/**
 * View Employees, `?search=&page=`: 10 a page, newest first; search over name, mobile, alt
 * mobile, house mobile, role, landmark, locality and city.
 */
export const listEmployees = defineEndpoint({
  method: 'GET',
  path: '/api/employees',
  tag: 'back office people',
  summary: 'Employee list with search',
  query: PeopleListQuerySchema,
  responses: { 200: EmployeePageSchema },
  errors: [400, 401, 403],
});

/**
 * The employee's id proof from the private store (never under /media/): `application/pdf` or
 * `image/webp` bytes as an attachment, not JSON. 404 unknown employee or no id proof.
 */
export const downloadEmployeeIdProof = defineEndpoint({
  method: 'GET',
  path: '/api/employees/:employeeId/id-proof',
  tag: 'back office people',
  summary: "Download an employee's id proof (PDF or WebP)",
  params: EmployeeIdParamsSchema,
  responses: {},
  errors: [400, 401, 403, 404],
});

/**
 * The employee can no longer sign in and is signed out everywhere. 200 Employee; 404; 409
 * already disabled.
 */
export const disableEmployee = defineEndpoint({
  method: 'POST',
  path: '/api/employees/:employeeId/disable',
  tag: 'back office people',
  summary: 'Disable an employee and end their sessions',
  params: EmployeeIdParamsSchema,
  responses: { 200: EmployeeSchema },
  errors: [400, 401, 403, 404, 409],
});
