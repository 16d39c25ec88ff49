import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { businessSettings, shops } from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';

/** Drizzle queries of the business profile and the admin's shop list (SQL only). */

type Queryable = Db | Tx;

/** The business_settings key the business profile is stored under (JSON of its fields). */
export const BUSINESS_PROFILE_SETTING = 'business_profile';

/** The stored profile JSON and when it was saved, or undefined while never saved. */
export async function findBusinessProfile(
  db: Queryable,
): Promise<{ value: unknown; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ value: businessSettings.value, updatedAt: businessSettings.updatedAt })
    .from(businessSettings)
    .where(eq(businessSettings.key, BUSINESS_PROFILE_SETTING));
  return row;
}

/** Locks the stored profile row (if any) so two saves of different fields both survive. */
export async function lockBusinessProfile(tx: Tx): Promise<void> {
  await tx.execute(
    sql`select 1 from ${businessSettings} where ${businessSettings.key} = ${BUSINESS_PROFILE_SETTING} for update`,
  );
}

/** Writes the whole profile JSON (insert or replace). */
export async function saveBusinessProfile(
  tx: Tx,
  value: Record<string, string>,
  updatedBy: string,
): Promise<void> {
  await tx
    .insert(businessSettings)
    .values({ key: BUSINESS_PROFILE_SETTING, value, updatedBy })
    .onConflictDoUpdate({
      target: businessSettings.key,
      set: { value, updatedBy, updatedAt: sql`now()` },
    });
}

/** A marketplace shop row as the shop list needs it. */
export interface ShopRow {
  id: number;
  name: string;
  ownerName: string;
  locality: string;
  landmark: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  description: string;
  imagePath: string | null;
}

/**
 * One page of shops whose name contains `search` (case-insensitive, LIKE wildcards taken
 * literally), by name then id, with the total count of matches.
 */
export async function listShops(
  db: Queryable,
  input: { search: string; limit: number; offset: number },
): Promise<{ rows: ShopRow[]; total: number }> {
  const where = input.search ? ilike(shops.name, containsPattern(input.search)) : undefined;
  const [totalRow] = await db.select({ value: count() }).from(shops).where(where);
  const rows = await db
    .select({
      id: shops.id,
      name: shops.name,
      ownerName: shops.ownerName,
      locality: shops.locality,
      landmark: shops.landmark,
      city: shops.city,
      state: shops.state,
      country: shops.country,
      pincode: shops.pincode,
      description: shops.description,
      imagePath: shops.imagePath,
    })
    .from(shops)
    .where(where)
    .orderBy(asc(sql`lower(${shops.name})`), asc(shops.id))
    .limit(input.limit)
    .offset(input.offset);
  return { rows, total: Number(totalRow?.value ?? 0) };
}
