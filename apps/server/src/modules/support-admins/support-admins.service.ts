import {
  SHOP_OFFICE_MESSAGES,
  SUPPORT_ADMIN_MIN_AGE_YEARS,
  ageInYears,
  type CreateSupportAdminInput,
  type CreatedSupportAdmin,
  type SupportAdmin,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { disableAccount } from '../accounts/index.js';
import {
  assertAccountFree,
  conflictFromUniqueViolation,
  insertGeneratedAccount,
  mailGeneratedPassword,
  newGeneratedCredential,
} from '../customers/index.js';
import * as repo from './support-admins.repo.js';

export interface SupportAdminsDeps {
  db: Db;
  mailer: Mailer;
  /** Site origin for the login link in the password mail. */
  publicUrl: string;
}

/** Today's date in India, YYYY-MM-DD (the age check counts Indian birthdays). */
function indianToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

function toSupportAdmin(row: repo.SupportAdminRow): SupportAdmin {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    dateOfBirth: row.dateOfBirth,
    jobTitle: row.jobTitle,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/**
 * The seller's support admins (docs/shop-office.md "Support admins"): created with a generated
 * password shown once and mailed (never stored in plain text), listed and disabled, always within
 * the seller's own shop.
 */
export function createSupportAdminsService({ db, mailer, publicUrl }: SupportAdminsDeps) {
  return {
    /**
     * `POST /api/shop/support-admins`: a `support_admin` account of `shopId` with a verified
     * email and a generated 8-character password (only its hash stored); the password is
     * answered once and mailed after the commit.
     * @throws AppError 400 'A support admin must be at least 18 years old' (dateOfBirth) or a
     *   birth date in the future; 409 email or mobile already used.
     */
    async create(shopId: number, input: CreateSupportAdminInput): Promise<CreatedSupportAdmin> {
      const today = indianToday();
      if (input.dateOfBirth > today) {
        throw new AppError('VALIDATION_FAILED', SHOP_OFFICE_MESSAGES.dateOfBirth, {
          dateOfBirth: SHOP_OFFICE_MESSAGES.dateOfBirth,
        });
      }
      if (ageInYears(input.dateOfBirth, today) < SUPPORT_ADMIN_MIN_AGE_YEARS) {
        throw new AppError('VALIDATION_FAILED', SHOP_OFFICE_MESSAGES.tooYoung, {
          dateOfBirth: SHOP_OFFICE_MESSAGES.tooYoung,
        });
      }
      await assertAccountFree(db, { email: input.email, mobile: input.mobile });
      const { password, passwordHash } = await newGeneratedCredential();
      let userId: string;
      try {
        userId = await db.transaction((tx) =>
          insertGeneratedAccount(
            tx,
            {
              name: input.name,
              email: input.email,
              role: 'support_admin',
              mobile: input.mobile,
              shopId,
              dateOfBirth: input.dateOfBirth,
              aadhaarNumber: input.aadhaarNumber,
              jobTitle: input.jobTitle,
            },
            passwordHash,
          ),
        );
      } catch (error) {
        conflictFromUniqueViolation(error);
      }
      await mailGeneratedPassword(mailer, {
        to: input.email,
        name: input.name,
        role: 'support_admin',
        password,
        publicUrl,
      });
      const row = await repo.findSupportAdmin(db, shopId, userId);
      return {
        supportAdmin: toSupportAdmin(row!),
        password,
        message: SHOP_OFFICE_MESSAGES.supportAdminCreated,
      };
    },

    /** `GET /api/shop/support-admins`: the shop's support admins, active and disabled. */
    async list(shopId: number): Promise<SupportAdmin[]> {
      return (await repo.findSupportAdmins(db, shopId)).map(toSupportAdmin);
    },

    /**
     * `POST /api/shop/support-admins/{userId}/disable`: the account can no longer sign in and its
     * sessions end at once. Disabling twice answers the same account.
     * @throws AppError 404 'Support admin not found' (also another shop's).
     */
    async disable(shopId: number, userId: string): Promise<SupportAdmin> {
      await db.transaction(async (tx) => {
        if (!(await repo.findSupportAdmin(tx, shopId, userId))) {
          throw new AppError('NOT_FOUND', SHOP_OFFICE_MESSAGES.supportAdminNotFound);
        }
        await disableAccount(tx, userId);
      });
      return toSupportAdmin((await repo.findSupportAdmin(db, shopId, userId))!);
    },
  };
}

export type SupportAdminsService = ReturnType<typeof createSupportAdminsService>;
