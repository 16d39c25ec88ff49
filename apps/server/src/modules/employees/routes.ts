import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatedEmployeeSchema,
  EmployeeIdParamsSchema,
  EmployeeInputSchema,
  EmployeePageSchema,
  EmployeeSchema,
  ErrorBodySchema,
  PEOPLE_MESSAGES,
  PeopleListQuerySchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { AppError, parseWithSchema } from '../../platform/errors.js';
import { readMultipartForm } from '../../platform/multipart.js';
import type { EmployeesService } from './employees.service.js';

const adminOnly = { access: ['admin'] as const };
const guarded = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };
const tags = ['back office people'];

/** Employees (issue 7 item 5; docs/back-office-people.md): admin only. */
export const employeesRoutes =
  (employees: EmployeesService): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * `POST /api/employees` (admin, multipart/form-data): EmployeeInput text fields plus the
     * file `idProof` (jpg, png or pdf by content, at most 5 MB). 201 `{ employee,
     * generatedPassword }`; 400 field messages; 409 email or mobile taken; 413 file too large;
     * 415 not multipart.
     */
    app.post(
      '/api/employees',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Create an employee with an id proof and a generated password',
          consumes: ['multipart/form-data'],
          response: {
            201: CreatedEmployeeSchema,
            ...guarded,
            409: ErrorBodySchema,
            413: ErrorBodySchema,
            415: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        let form;
        try {
          form = await readMultipartForm(request, 'idProof');
        } catch (error) {
          if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
            const message = PEOPLE_MESSAGES.idProofTooLarge;
            throw new AppError('PAYLOAD_TOO_LARGE', message, { idProof: message });
          }
          throw error;
        }
        const input = parseWithSchema(EmployeeInputSchema, form.fields);
        const created = await employees.createEmployee(requireUser(request), input, form.file);
        return reply.status(201).send(created);
      },
    );

    /** `GET /api/employees?search=&page=` (admin): View Employees, 10 a page, newest first. */
    app.get(
      '/api/employees',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Employee list with search',
          querystring: PeopleListQuerySchema,
          response: { 200: EmployeePageSchema, ...guarded },
        },
      },
      async (request) => employees.listEmployees(request.query),
    );

    /**
     * `GET /api/employees/{employeeId}/id-proof` (admin): the id proof from the private store
     * (never under /media/), `application/pdf` or `image/webp`, as an attachment. 404 unknown
     * employee or no id proof.
     */
    app.get(
      '/api/employees/:employeeId/id-proof',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: "Download an employee's id proof (PDF or WebP)",
          params: EmployeeIdParamsSchema,
          produces: ['application/pdf', 'image/webp'],
          response: {
            200: z.any().describe('The file: PDF or WebP bytes'),
            ...guarded,
            404: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const proof = await employees.idProofOf(request.params.employeeId);
        return reply
          .header('content-type', proof.contentType)
          .header('content-disposition', `attachment; filename="${proof.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(proof.bytes);
      },
    );

    /**
     * `POST /api/employees/{employeeId}/disable` (admin): the employee can no longer sign in and
     * is signed out everywhere. 200 Employee; 404; 409 already disabled.
     */
    app.post(
      '/api/employees/:employeeId/disable',
      {
        config: adminOnly,
        schema: {
          tags,
          summary: 'Disable an employee and end their sessions',
          params: EmployeeIdParamsSchema,
          response: { 200: EmployeeSchema, ...guarded, 404: ErrorBodySchema, 409: ErrorBodySchema },
        },
      },
      async (request) => employees.disableEmployee(requireUser(request), request.params.employeeId),
    );
  };
