import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Drizzle queries of the seller's support admins (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  dateOfBirth: users.dateOfBirth,
  jobTitle: users.jobTitle,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
};

/** The shop's support admins, oldest first. */
export async function findSupportAdmins(db: Queryable, shopId: number) {
  return db
    .select(columns)
    .from(users)
    .where(and(eq(users.role, 'support_admin'), eq(users.shopId, shopId)))
    .orderBy(asc(users.createdAt), asc(users.id));
}

export type SupportAdminRow = Awaited<ReturnType<typeof findSupportAdmins>>[number];

/** One support admin of the shop, or undefined (another shop's is not found). */
export async function findSupportAdmin(db: Queryable, shopId: number, userId: string) {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'support_admin'), eq(users.shopId, shopId)));
  return row;
}
