import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { jobTitlePermissions, users } from '../../db/schema/index.js';

type Queryable = Db | Tx;

/** One stored job title x permission pair. */
export interface PermissionRow {
  jobTitle: string;
  permission: string;
  allowed: boolean;
  updatedAt: Date | null;
  updatedByName: string | null;
}

/** Every stored pair, with the name of who last changed it. */
export async function listPermissionRows(db: Queryable): Promise<PermissionRow[]> {
  return db
    .select({
      jobTitle: jobTitlePermissions.jobTitle,
      permission: jobTitlePermissions.permission,
      allowed: jobTitlePermissions.allowed,
      updatedAt: jobTitlePermissions.updatedAt,
      updatedByName: users.name,
    })
    .from(jobTitlePermissions)
    .leftJoin(users, eq(users.id, jobTitlePermissions.updatedBy));
}

/** The pairs of some job titles, locked for the rest of `tx` (two admins saving at once). */
export async function lockPermissionRows(
  tx: Tx,
  jobTitles: readonly string[],
): Promise<{ jobTitle: string; permission: string; allowed: boolean }[]> {
  return tx
    .select({
      jobTitle: jobTitlePermissions.jobTitle,
      permission: jobTitlePermissions.permission,
      allowed: jobTitlePermissions.allowed,
    })
    .from(jobTitlePermissions)
    .where(inArray(jobTitlePermissions.jobTitle, [...jobTitles]))
    .for('update');
}

/** Writes pairs (insert or replace), stamped with who and when. */
export async function upsertPermissionRows(
  tx: Tx,
  rows: { jobTitle: string; permission: string; allowed: boolean }[],
  by: { userId: string; at: Date },
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(jobTitlePermissions)
    .values(rows.map((row) => ({ ...row, updatedAt: by.at, updatedBy: by.userId })))
    .onConflictDoUpdate({
      target: [jobTitlePermissions.jobTitle, jobTitlePermissions.permission],
      set: {
        allowed: sql`excluded.allowed`,
        updatedAt: sql`excluded.updated_at`,
        updatedBy: sql`excluded.updated_by`,
      },
    });
}

/**
 * An employee's job title and its stored pairs, in one query (the access check of every
 * permission-guarded request). No rows: no such user.
 */
export async function findGrantRows(
  db: Queryable,
  userId: string,
): Promise<{ jobTitle: string | null; permission: string | null; allowed: boolean | null }[]> {
  return db
    .select({
      jobTitle: users.jobTitle,
      permission: jobTitlePermissions.permission,
      allowed: jobTitlePermissions.allowed,
    })
    .from(users)
    .leftJoin(jobTitlePermissions, eq(jobTitlePermissions.jobTitle, users.jobTitle))
    .where(eq(users.id, userId));
}
