import {
  DELIVERY_ADDRESSES_MAX,
  SHOPPING_MESSAGES,
  type DeliveryAddress,
  type DeliveryAddressInputSchema,
  type DeliveryAddressList,
  type DeliveryAddressUpdateSchema,
} from '@bazaar/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { AppError, refusal } from '../../platform/errors.js';
import { assertServiceablePincode } from '../accounts/accounts.service.js';
import * as repo from './addresses.repo.js';

/** A validated new delivery address (state Bihar, country India). */
export type DeliveryAddressFields = z.output<typeof DeliveryAddressInputSchema>;
/** A validated partial change of a delivery address. */
export type DeliveryAddressPatch = z.output<typeof DeliveryAddressUpdateSchema>;

/** A saved address as the customer sees it; one without its own recipient shows the account's. */
function toDeliveryAddress(
  row: repo.AddressRow,
  account: { name: string; mobile: string | null } | undefined,
): DeliveryAddress {
  return {
    id: row.id,
    locality: row.locality,
    landmark: row.landmark,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    country: row.country,
    isDefault: row.isDefault,
    recipientName: row.recipientName ?? account?.name ?? '',
    mobile: row.mobile ?? account?.mobile ?? '',
  };
}

/**
 * One of the customer's saved addresses with its recipient resolved (checkout snapshots it).
 * @throws AppError NOT_FOUND 'Address not found', also for another customer's address.
 */
export async function findDeliveryAddress(
  db: Db | Tx,
  userId: string,
  addressId: number,
): Promise<DeliveryAddress> {
  const row = await repo.findAddress(db, userId, addressId);
  if (!row) throw new AppError('NOT_FOUND', SHOPPING_MESSAGES.addressNotFound);
  const account =
    row.recipientName === null || row.mobile === null
      ? await repo.findAccountContact(db, userId)
      : undefined;
  return toDeliveryAddress(row, account);
}

/**
 * Saved delivery addresses (docs/shopping.md): the registration address rules (6-digit Bihar
 * pincode, state Bihar, country India), at most 10, exactly one default while any exist. Every
 * query is scoped by the session's user, so another customer's address id is a 404.
 */
export function createAddressesService({ db }: { db: Db }) {
  async function requireAddress(tx: Db | Tx, userId: string, addressId: number) {
    const address = await repo.findAddress(tx, userId, addressId);
    if (!address) throw new AppError('NOT_FOUND', SHOPPING_MESSAGES.addressNotFound);
    return address;
  }

  return {
    /**
     * The customer's addresses, the default first, then the newest. The registration address
     * has no recipient of its own: it shows the account's name and mobile.
     */
    async list(userId: string): Promise<DeliveryAddressList> {
      const [rows, account] = await Promise.all([
        repo.findAddresses(db, userId),
        repo.findAccountContact(db, userId),
      ]);
      return { addresses: rows.map((row) => toDeliveryAddress(row, account)) };
    },

    /**
     * `POST /api/addresses`: saves an address; the first one becomes the default.
     * @throws AppError 400 pincode unknown or outside Bihar, 409 when 10 are saved already.
     */
    async create(userId: string, input: DeliveryAddressFields): Promise<DeliveryAddressList> {
      assertServiceablePincode(input.pincode);
      await db.transaction(async (tx) => {
        await repo.lockAddressOwner(tx, userId);
        const saved = await repo.countAddresses(tx, userId);
        if (saved >= DELIVERY_ADDRESSES_MAX) {
          throw refusal('ADDRESS_LIMIT', SHOPPING_MESSAGES.addressLimit);
        }
        await repo.insertAddress(tx, userId, { ...input, isDefault: saved === 0 });
      });
      return this.list(userId);
    },

    /**
     * `PATCH /api/addresses/{addressId}`: changes some fields.
     * @throws AppError 404 'Address not found' (also another customer's), 400 pincode.
     */
    async update(
      userId: string,
      addressId: number,
      patch: DeliveryAddressPatch,
    ): Promise<DeliveryAddressList> {
      if (patch.pincode !== undefined) assertServiceablePincode(patch.pincode);
      await db.transaction(async (tx) => {
        await requireAddress(tx, userId, addressId);
        await repo.updateAddress(tx, userId, addressId, patch);
      });
      return this.list(userId);
    },

    /**
     * `DELETE /api/addresses/{addressId}`: deletes an address; when it was the default, the
     * newest remaining one becomes the default. @throws AppError 404 'Address not found'.
     */
    async remove(userId: string, addressId: number): Promise<DeliveryAddressList> {
      await db.transaction(async (tx) => {
        await repo.lockAddressOwner(tx, userId);
        const address = await requireAddress(tx, userId, addressId);
        await repo.deleteAddress(tx, userId, addressId);
        if (address.isDefault) {
          const [newest] = await repo.findAddresses(tx, userId);
          if (newest) await repo.setDefaultAddress(tx, userId, newest.id);
        }
      });
      return this.list(userId);
    },

    /** `POST /api/addresses/{addressId}/default`. @throws AppError 404 'Address not found'. */
    async makeDefault(userId: string, addressId: number): Promise<DeliveryAddressList> {
      await db.transaction(async (tx) => {
        await repo.lockAddressOwner(tx, userId);
        await requireAddress(tx, userId, addressId);
        await repo.setDefaultAddress(tx, userId, addressId);
      });
      return this.list(userId);
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
