import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { addresses, users } from '../../db/schema/index.js';

/** Drizzle queries of the delivery addresses module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

export type AddressRow = typeof addresses.$inferSelect;
export type NewDeliveryAddress = Omit<typeof addresses.$inferInsert, 'userId' | 'id'>;

/** A user's addresses: the default first, then the newest. */
export async function findAddresses(db: Queryable, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id));
}

/** One of the user's addresses; another user's id finds nothing. */
export async function findAddress(db: Queryable, userId: string, addressId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row;
}

export async function countAddresses(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(addresses)
    .where(eq(addresses.userId, userId));
  return row?.value ?? 0;
}

/** The account's name and mobile, shown on addresses saved without a recipient. */
export async function findAccountContact(db: Queryable, userId: string) {
  const [row] = await db
    .select({ name: users.name, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Locks the user's row so concurrent address changes keep one default and the limit. */
export async function lockAddressOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertAddress(tx: Tx, userId: string, values: NewDeliveryAddress) {
  await tx.insert(addresses).values({ ...values, userId });
}

export async function updateAddress(
  tx: Tx,
  userId: string,
  addressId: number,
  values: Partial<NewDeliveryAddress>,
) {
  await tx
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
}

export async function deleteAddress(tx: Tx, userId: string, addressId: number) {
  await tx.delete(addresses).where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
}

/** Makes one address the user's default and every other one not. */
export async function setDefaultAddress(tx: Tx, userId: string, addressId: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  await tx
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
}
