import type { z } from 'zod';
import {
  BACK_OFFICE_PAGE_SIZE,
  PEOPLE_MESSAGES,
  maskedAadhaar,
  type CreatedEmployee,
  type Employee,
  type EmployeeInputSchema,
  type EmployeePage,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import { detectImageType, processImage } from '../../platform/images.js';
import type { Mailer } from '../../platform/mail.js';
import type { FileStorage } from '../../platform/storage.js';
import { assertServiceablePincode, disableAccount } from '../accounts/index.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  assertAccountFree,
  conflictFromUniqueViolation,
  insertGeneratedAccount,
  mailGeneratedPassword,
  newGeneratedCredential,
} from '../customers/index.js';
import * as repo from './employees.repo.js';

export type EmployeeFields = z.output<typeof EmployeeInputSchema>;

export interface EmployeesServiceDeps {
  db: Db;
  mailer: Mailer;
  /** The private store (`DATA_DIR/private`): id proofs are never served under /media/. */
  privateStorage: FileStorage;
  /** Site origin for the login link in the password mail. */
  publicUrl: string;
}

const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

function idProofInvalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { idProof: message });
}

function toEmployee(row: repo.EmployeeRow): Employee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    altMobile: row.altMobile,
    houseMobile: row.houseMobile,
    aadhaarLastFour: row.aadhaarLastFour,
    employeeRole: row.jobTitle,
    locality: row.locality ?? '',
    landmark: row.landmark ?? '',
    city: row.city ?? '',
    pincode: row.pincode ?? '',
    state: row.state ?? '',
    country: row.country ?? '',
    hasIdProof: row.idProofPath !== null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * What the audit trail keeps of an employee: the list's fields with the Aadhaar number masked to
 * its last four digits, 'XXXX XXXX 0124' (the trail is read more widely than the employee record).
 */
function auditSnapshot(employee: Employee) {
  const { createdAt: _created, aadhaarLastFour, ...fields } = employee;
  return { ...fields, aadhaarNumber: aadhaarLastFour ? maskedAadhaar(aadhaarLastFour) : null };
}

/**
 * Employees (docs/back-office-people.md;
 * docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md): created by the admin
 * with a generated password (shown once and mailed, never stored in plain text) and a checked id
 * proof, listed and disabled.
 */
export function createEmployeesService(deps: EmployeesServiceDeps) {
  const { db, mailer, privateStorage: storage, publicUrl } = deps;

  /**
   * Checks the id proof by content (never by name): JPEG or PNG is re-encoded to WebP (metadata
   * dropped), a PDF (starting `%PDF-`) is kept as it is. Stores it in the private store and
   * returns its key.
   * @throws AppError 400 on `idProof` when missing, of another type, or not a readable image.
   */
  async function storeIdProof(bytes: Buffer | undefined): Promise<string> {
    if (!bytes || bytes.length === 0) throw idProofInvalid(PEOPLE_MESSAGES.idProofRequired);
    const name = crypto.randomUUID();
    if (bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
      const key = `employees/id-proofs/${name}.pdf`;
      await storage.put(key, bytes);
      return key;
    }
    const type = detectImageType(bytes);
    if (type !== 'jpeg' && type !== 'png') throw idProofInvalid(PEOPLE_MESSAGES.idProofType);
    let processed;
    try {
      processed = await processImage(bytes);
    } catch {
      throw idProofInvalid(PEOPLE_MESSAGES.idProofType);
    }
    const key = `employees/id-proofs/${name}.webp`;
    await storage.put(key, processed.full.bytes);
    return key;
  }

  return {
    /**
     * Creates an employee (the Create Employee form's fields plus Email): the account (role
     * employee, job title = the role picked, verified email, generated password) and its
     * profile, with the audit row, in one transaction; the id proof is checked and stored
     * first; the password is mailed after the commit. 201 `{ employee, generatedPassword }`.
     * @throws AppError 400 id proof or pincode; 409 email or mobile taken.
     */
    async createEmployee(
      actor: AuthUser,
      input: EmployeeFields,
      idProof: Buffer | undefined,
    ): Promise<CreatedEmployee> {
      assertServiceablePincode(input.pincode);
      await assertAccountFree(db, input);
      const idProofPath = await storeIdProof(idProof);
      const credential = await newGeneratedCredential();
      let employee: Employee;
      try {
        employee = await db.transaction(async (tx) => {
          const userId = await insertGeneratedAccount(
            tx,
            {
              name: input.name,
              email: input.email,
              mobile: input.mobile,
              role: 'employee',
              aadhaarNumber: input.aadhaarNumber,
              jobTitle: input.employeeRole,
            },
            credential.passwordHash,
          );
          await repo.insertProfile(tx, {
            userId,
            altMobile: input.altMobile,
            houseMobile: input.houseMobile,
            locality: input.locality,
            landmark: input.landmark,
            city: input.city,
            pincode: input.pincode,
            state: input.state,
            country: input.country,
            idProofPath,
          });
          const created = toEmployee((await repo.findEmployee(tx, userId))!);
          await recordAudit(tx, {
            actor,
            entity: 'employee',
            entityId: userId,
            action: 'create',
            after: auditSnapshot(created),
          });
          return created;
        });
      } catch (error) {
        conflictFromUniqueViolation(error);
      }
      await mailGeneratedPassword(mailer, {
        to: employee.email,
        name: employee.name,
        role: 'employee',
        password: credential.password,
        publicUrl,
      });
      return { employee, generatedPassword: credential.password };
    },

    /**
     * View Employees (docs/back-office-people.md): 10 a page, newest first; `search` matches
     * every word in name, mobile, alt mobile, house mobile, role, landmark, locality or city.
     */
    async listEmployees(input: { search: string; page: number }): Promise<EmployeePage> {
      const { rows, total } = await repo.listEmployees(db, {
        search: input.search,
        limit: BACK_OFFICE_PAGE_SIZE,
        offset: (input.page - 1) * BACK_OFFICE_PAGE_SIZE,
      });
      return {
        items: rows.map(toEmployee),
        page: input.page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / BACK_OFFICE_PAGE_SIZE),
      };
    },

    /**
     * An employee's id proof for the admin's "View id proof" (docs/back-office-people.md): the
     * bytes from the private store, `application/pdf` or `image/webp`, and a download name.
     * @throws AppError 404 'Employee not found', or 'This employee has no id proof'.
     */
    async idProofOf(
      employeeId: string,
    ): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
      const employee = await repo.findEmployee(db, employeeId);
      if (!employee) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.employeeNotFound);
      const bytes = employee.idProofPath ? await storage.read(employee.idProofPath) : undefined;
      if (!employee.idProofPath || !bytes) {
        throw new AppError('NOT_FOUND', 'This employee has no id proof');
      }
      const pdf = employee.idProofPath.endsWith('.pdf');
      const slug = employee.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return {
        bytes,
        contentType: pdf ? 'application/pdf' : 'image/webp',
        fileName: `id-proof-${slug || 'employee'}.${pdf ? 'pdf' : 'webp'}`,
      };
    },

    /**
     * Disables an employee: no more sign-in, every session ended, audit row; one transaction.
     * @throws AppError 404 'Employee not found'; 409 already disabled.
     */
    async disableEmployee(actor: AuthUser, employeeId: string): Promise<Employee> {
      return db.transaction(async (tx) => {
        const current = await repo.findEmployee(tx, employeeId);
        if (!current) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.employeeNotFound);
        if (current.disabledAt) {
          throw new AppError('CONFLICT', PEOPLE_MESSAGES.employeeAlreadyDisabled);
        }
        await disableAccount(tx, employeeId);
        const after = toEmployee((await repo.findEmployee(tx, employeeId))!);
        await recordAudit(tx, {
          actor,
          entity: 'employee',
          entityId: employeeId,
          action: 'disable',
          before: auditSnapshot(toEmployee(current)),
          after: auditSnapshot(after),
        });
        return after;
      });
    },
  };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
