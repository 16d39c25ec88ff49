import { ACCOUNT_MESSAGES, type Profile, type ProfileUpdate, type Role } from '@bazaar/shared';
import type { AuthUser } from '../../platform/access.js';
import { AppError, validationError } from '../../platform/errors.js';
import * as repo from './accounts.repo.js';
import {
  type AccountsContext,
  type AddressFields,
  addressRow,
  conflictFromUniqueViolation,
} from './account-context.js';
import { assertServiceablePincode } from './pincode.js';

/* A user's own profile: reading it, and changing the fields the role may change. */

/**
 * Fields each role may change on its own profile (docs/accounts.md). No role changes its own job
 * title: the seller gives a support admin theirs from SUPPORT_ADMIN_TITLES, the admin an
 * employee theirs (docs/security.md).
 */
const EDITABLE_PROFILE_FIELDS: Record<Role, readonly (keyof ProfileUpdate)[]> = {
  customer: ['name', 'mobile', 'gender', 'address', 'orderMails'],
  seller: ['name', 'mobile', 'gender', 'address'],
  support_admin: ['name', 'mobile', 'dateOfBirth', 'aadhaarNumber'],
  admin: ['name', 'mobile', 'gender', 'address'],
  employee: ['name', 'mobile', 'gender', 'dateOfBirth', 'address'],
  delivery: ['name', 'mobile', 'gender', 'dateOfBirth', 'address'],
};

/** The signed-in user's profile with default address and shop. */
export async function getProfile(ctx: AccountsContext, userId: string): Promise<Profile> {
  const { db } = ctx;
  const user = await repo.findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  const [address, shop] = await Promise.all([
    repo.findDefaultAddress(db, userId),
    user.shopId === null ? undefined : repo.findShop(db, user.shopId),
  ]);
  return {
    id: user.id,
    role: user.role as Role,
    name: user.name,
    email: user.email,
    mobile: user.mobile,
    gender: user.gender,
    dateOfBirth: user.dateOfBirth,
    aadhaarNumber: user.aadhaarNumber,
    jobTitle: user.jobTitle,
    address: address
      ? {
          id: address.id,
          locality: address.locality,
          landmark: address.landmark,
          city: address.city,
          state: address.state,
          pincode: address.pincode,
          country: address.country,
          isDefault: address.isDefault,
        }
      : null,
    shop: shop
      ? {
          id: shop.id,
          name: shop.name,
          gstin: shop.gstin,
          category: shop.category,
          description: shop.description,
          imageUrl: shop.imagePath ? ctx.storage.urlFor(shop.imagePath) : null,
        }
      : null,
    orderMails: user.orderMails,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Updates the fields of the user's own profile that the role may change; email, role and shop
 * never change here.
 * @throws AppError 400 VALIDATION_FAILED for a field the role may not change (`jobTitle`:
 *   ACCOUNT_MESSAGES.jobTitleSetBySeller) or a pincode outside Bihar, 409 for a mobile number
 *   another account uses.
 */
export async function updateProfile(
  ctx: AccountsContext,
  user: AuthUser,
  patch: ProfileUpdate & { address?: AddressFields },
) {
  const { db } = ctx;
  const allowed = EDITABLE_PROFILE_FIELDS[user.role];
  const refused = Object.keys(patch).filter(
    (field) => !allowed.includes(field as keyof ProfileUpdate),
  );
  if (refused.length > 0) {
    throw validationError(
      Object.fromEntries(
        refused.map((field) => [
          field,
          field === 'jobTitle' && user.role === 'support_admin'
            ? ACCOUNT_MESSAGES.jobTitleSetBySeller
            : 'This field cannot be changed here',
        ]),
      ),
    );
  }
  if (patch.address) assertServiceablePincode(patch.address.pincode);
  if (patch.mobile) {
    const other = await repo.findUserByMobile(db, patch.mobile);
    if (other && other.id !== user.id) {
      throw new AppError('CONFLICT', ACCOUNT_MESSAGES.mobileTaken, {
        mobile: ACCOUNT_MESSAGES.mobileTaken,
      });
    }
  }
  try {
    await db.transaction(async (tx) => {
      const { address, ...fields } = patch;
      if (Object.keys(fields).length > 0) await repo.updateUser(tx, user.id, fields);
      if (address) await repo.upsertDefaultAddress(tx, user.id, addressRow(address));
    });
  } catch (error) {
    conflictFromUniqueViolation(ctx, error);
  }
  return getProfile(ctx, user.id);
}
