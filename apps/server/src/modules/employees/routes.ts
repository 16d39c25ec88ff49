import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { EmployeeInputSchema, PEOPLE_MESSAGES, employeesApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import { AppError, parseWithSchema } from '../../platform/errors.js';
import { readMultipartForm, type MultipartForm } from '../../platform/multipart.js';
import type { EmployeesService } from './employees.service.js';

const adminOnly = { access: ['admin'] as const };

/**
 * Reads the create-employee form with its `idProof` file; a file over the size limit answers 413
 * with the id-proof message under `fields.idProof`, so the form shows it beside the upload.
 * @throws AppError PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE (not multipart).
 */
async function readEmployeeForm(request: FastifyRequest): Promise<MultipartForm> {
  try {
    return await readMultipartForm(request, 'idProof');
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
      const message = PEOPLE_MESSAGES.idProofTooLarge;
      throw new AppError('PAYLOAD_TOO_LARGE', message, { idProof: message });
    }
    throw error;
  }
}

/**
 * Employee routes (docs/back-office-people.md): admin only. Each route's contract is in
 * `@bazaar/shared`'s `employeesApi`.
 */
export const employeesRoutes =
  (employees: EmployeesService): FastifyPluginAsync =>
  async (app) => {
    route(app, employeesApi.createEmployee, { config: adminOnly }, async (request) => {
      const form = await readEmployeeForm(request);
      const input = parseWithSchema(EmployeeInputSchema, form.fields);
      return employees.createEmployee(requireUser(request), input, form.file);
    });

    route(app, employeesApi.listEmployees, { config: adminOnly }, (request) =>
      employees.listEmployees(request.query),
    );

    // A file, not JSON: the handler sends the bytes with their type as an attachment.
    route(
      app,
      employeesApi.downloadEmployeeIdProof,
      { config: adminOnly },
      async (request, reply) => {
        const proof = await employees.idProofOf(request.params.employeeId);
        return reply
          .header('content-type', proof.contentType)
          .header('content-disposition', `attachment; filename="${proof.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(proof.bytes);
      },
    );

    route(app, employeesApi.disableEmployee, { config: adminOnly }, (request) =>
      employees.disableEmployee(requireUser(request), request.params.employeeId),
    );
  };
