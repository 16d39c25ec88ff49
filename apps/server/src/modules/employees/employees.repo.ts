import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { employeeProfiles, users } from '../../db/schema/index.js';
import { everyWordIn } from '../../db/search.js';

/** Drizzle queries of the employees module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

export type NewEmployeeProfile = typeof employeeProfiles.$inferInsert;

const employeeColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  mobile: users.mobile,
  // Only the last four digits ever leave the database (docs/back-office-people.md "Rules").
  aadhaarLastFour: sql<string | null>`right(${users.aadhaarNumber}, 4)`,
  jobTitle: users.jobTitle,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  altMobile: employeeProfiles.altMobile,
  houseMobile: employeeProfiles.houseMobile,
  locality: employeeProfiles.locality,
  landmark: employeeProfiles.landmark,
  city: employeeProfiles.city,
  pincode: employeeProfiles.pincode,
  state: employeeProfiles.state,
  country: employeeProfiles.country,
  idProofPath: employeeProfiles.idProofPath,
};

/** An employee: the `users` row and its profile (absent for accounts made before profiles). */
export interface EmployeeRow {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  /** The last four digits of the Aadhaar number; the full number is never read. */
  aadhaarLastFour: string | null;
  jobTitle: string | null;
  disabledAt: Date | null;
  createdAt: Date;
  altMobile: string | null;
  houseMobile: string | null;
  locality: string | null;
  landmark: string | null;
  city: string | null;
  pincode: string | null;
  state: string | null;
  country: string | null;
  idProofPath: string | null;
}

/**
 * Every word must occur (case-insensitive) in name, mobile, alt mobile, house mobile, role,
 * landmark, locality or city (docs/back-office-people.md "Routes").
 */
function employeeSearch(search: string): SQL | undefined {
  const text = sql`lower(concat_ws(' ', ${users.name}, ${users.mobile}, ${employeeProfiles.altMobile}, ${employeeProfiles.houseMobile}, ${users.jobTitle}, ${employeeProfiles.landmark}, ${employeeProfiles.locality}, ${employeeProfiles.city}))`;
  return everyWordIn(text, search);
}

/** One page of employees, newest first, with the total count of matches. */
export async function listEmployees(
  db: Queryable,
  input: { search: string; limit: number; offset: number },
): Promise<{ rows: EmployeeRow[]; total: number }> {
  const where = and(eq(users.role, 'employee'), employeeSearch(input.search));
  const [totalRow] = await db
    .select({ value: count() })
    .from(users)
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(where);
  const rows = await db
    .select(employeeColumns)
    .from(users)
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(input.limit)
    .offset(input.offset);
  return { rows, total: Number(totalRow?.value ?? 0) };
}

/** One employee by user id, or undefined (also for a user of another role). */
export async function findEmployee(db: Queryable, id: string): Promise<EmployeeRow | undefined> {
  const [row] = await db
    .select(employeeColumns)
    .from(users)
    .leftJoin(employeeProfiles, eq(employeeProfiles.userId, users.id))
    .where(and(eq(users.id, id), eq(users.role, 'employee')));
  return row;
}

/** Inserts an employee's profile (alt and house mobile, address, id proof key). */
export async function insertProfile(tx: Tx, profile: NewEmployeeProfile): Promise<void> {
  await tx.insert(employeeProfiles).values(profile);
}
