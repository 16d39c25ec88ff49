import type { AuthUser } from '../../platform/access.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import * as repo from './accounts.repo.js';
import {
  type AccountsContext,
  type ShopDetailsInput,
  shopRow,
  storeShopImage,
} from './account-context.js';
import { assertServiceablePincode } from './pincode.js';

/* The shop details of a seller who has no shop yet (the `/ShopDetailsStepperForm`). */

/** Placeholder mobile of a shop whose seller has none on file (every self-registered seller has one). */
const SHOP_MOBILE_UNKNOWN = '9000000000';

/**
 * Creates the shop of a seller who has none (the `/ShopDetailsStepperForm`).
 * @throws AppError 409 when the seller already has a shop or the shop email is taken.
 */
export async function submitShopDetails(
  ctx: AccountsContext,
  user: AuthUser,
  input: ShopDetailsInput,
  shopImage: Buffer | undefined,
) {
  const { db } = ctx;
  if (user.shopId !== null) {
    throw new AppError('CONFLICT', 'Your shop details are already submitted');
  }
  assertServiceablePincode(input.pincode);
  const imageKey = await storeShopImage(ctx, shopImage);
  try {
    await db.transaction(async (tx) => {
      const shop = await repo.insertShop(
        tx,
        shopRow(input, {
          name: input.shopName,
          ownerName: user.name,
          email: user.email,
          mobile: user.mobile ?? SHOP_MOBILE_UNKNOWN,
          imagePath: imageKey,
        }),
      );
      await repo.updateUser(tx, user.id, { shopId: shop.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'A shop with this email is already registered');
    }
    throw error;
  }
  return { message: 'Shop details saved' };
}
