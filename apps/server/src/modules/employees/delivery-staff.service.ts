import type { z } from 'zod';
import {
  BACK_OFFICE_PAGE_SIZE,
  PEOPLE_MESSAGES,
  type CreatedDeliveryStaff,
  type DeliveryStaff,
  type DeliveryStaffInputSchema,
  type DeliveryStaffPage,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { disableAccount } from '../accounts/index.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  assertAccountFree,
  conflictFromUniqueViolation,
  insertGeneratedAccount,
  mailGeneratedPassword,
  newGeneratedCredential,
} from '../customers/index.js';
import * as repo from './delivery-staff.repo.js';

export type DeliveryStaffFields = z.output<typeof DeliveryStaffInputSchema>;

export interface DeliveryStaffServiceDeps {
  db: Db;
  mailer: Mailer;
  /** Site origin for the login link in the password mail. */
  publicUrl: string;
}

function toDeliveryStaff(row: repo.DeliveryStaffRow): DeliveryStaff {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of a delivery staff account: the list's fields. */
function auditSnapshot(staff: DeliveryStaff) {
  const { createdAt: _created, ...fields } = staff;
  return fields;
}

/**
 * Delivery staff accounts managed by the admin (docs/back-office-people.md;
 * docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md): created with a
 * generated password (shown once and mailed, never stored in plain text, by the same helpers as
 * employees), listed and disabled through the one account disabler.
 */
export function createDeliveryStaffService(deps: DeliveryStaffServiceDeps) {
  const { db, mailer, publicUrl } = deps;

  return {
    /**
     * Creates a delivery staff account (role delivery, verified email, generated password) with
     * its audit row in one transaction; the password is mailed after the commit.
     * 201 `{ deliveryStaff, generatedPassword }`.
     * @throws AppError 409 email or mobile taken.
     */
    async createDeliveryStaff(
      actor: AuthUser,
      input: DeliveryStaffFields,
    ): Promise<CreatedDeliveryStaff> {
      await assertAccountFree(db, input);
      const credential = await newGeneratedCredential();
      let deliveryStaff: DeliveryStaff;
      try {
        deliveryStaff = await db.transaction(async (tx) => {
          const userId = await insertGeneratedAccount(
            tx,
            { name: input.name, email: input.email, mobile: input.mobile, role: 'delivery' },
            credential.passwordHash,
          );
          const created = toDeliveryStaff((await repo.findDeliveryStaff(tx, userId))!);
          await recordAudit(tx, {
            actor,
            entity: 'delivery_staff',
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
        to: deliveryStaff.email,
        name: deliveryStaff.name,
        role: 'delivery',
        password: credential.password,
        publicUrl,
      });
      return { deliveryStaff, generatedPassword: credential.password };
    },

    /** Delivery staff, 10 a page, newest first; `search` matches every word in name or mobile. */
    async listDeliveryStaff(input: { search: string; page: number }): Promise<DeliveryStaffPage> {
      const { rows, total } = await repo.listDeliveryStaff(db, {
        search: input.search,
        limit: BACK_OFFICE_PAGE_SIZE,
        offset: (input.page - 1) * BACK_OFFICE_PAGE_SIZE,
      });
      return {
        items: rows.map(toDeliveryStaff),
        page: input.page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / BACK_OFFICE_PAGE_SIZE),
      };
    },

    /**
     * Disables a delivery staff account: no more sign-in, every session ended, audit row; one
     * transaction. Shipments already handed to them stay as they are (the shop reassigns them).
     * @throws AppError 404 'Delivery staff member not found' (also for another role's account);
     *   409 already disabled.
     */
    async disableDeliveryStaff(actor: AuthUser, staffId: string): Promise<DeliveryStaff> {
      return db.transaction(async (tx) => {
        const current = await repo.findDeliveryStaff(tx, staffId);
        if (!current) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.deliveryStaffNotFound);
        if (current.disabledAt) {
          throw new AppError('CONFLICT', PEOPLE_MESSAGES.deliveryStaffAlreadyDisabled);
        }
        await disableAccount(tx, staffId);
        const after = toDeliveryStaff((await repo.findDeliveryStaff(tx, staffId))!);
        await recordAudit(tx, {
          actor,
          entity: 'delivery_staff',
          entityId: staffId,
          action: 'disable',
          before: auditSnapshot(toDeliveryStaff(current)),
          after: auditSnapshot(after),
        });
        return after;
      });
    },
  };
}

export type DeliveryStaffService = ReturnType<typeof createDeliveryStaffService>;
