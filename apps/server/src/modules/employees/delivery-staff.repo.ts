import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { everyWordIn } from '../../db/search.js';

/** Drizzle queries of the admin's delivery staff accounts (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

const deliveryStaffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

/** A delivery staff account: its `users` row (role delivery). */
export interface DeliveryStaffRow {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  disabledAt: Date | null;
  createdAt: Date;
}

/** One page of delivery staff, newest first, with the total count of matches. */
export async function listDeliveryStaff(
  db: Queryable,
  input: { search: string; limit: number; offset: number },
): Promise<{ rows: DeliveryStaffRow[]; total: number }> {
  // Every word must occur (case-insensitive) in the name or the mobile number.
  const text = sql`lower(concat_ws(' ', ${users.name}, ${users.mobile}))`;
  const where = and(eq(users.role, 'delivery'), everyWordIn(text, input.search));
  const [totalRow] = await db.select({ value: count() }).from(users).where(where);
  const rows = await db
    .select(deliveryStaffColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(input.limit)
    .offset(input.offset);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

/** One delivery staff account by user id, or undefined (also for a user of another role). */
export async function findDeliveryStaff(
  db: Queryable,
  id: string,
): Promise<DeliveryStaffRow | undefined> {
  const [row] = await db
    .select(deliveryStaffColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'delivery')));
  return row;
}
