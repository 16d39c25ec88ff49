import {
  DEFAULT_EMPLOYEE_PERMISSIONS,
  EMPLOYEE_JOB_TITLES,
  EMPLOYEE_PERMISSIONS,
  type EmployeePermission,
  type EmployeePermissionsTable,
  type SaveEmployeePermissions,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import type { AuthUser, EmployeeGrants } from '../../platform/access.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './job-title-permissions.repo.js';

/*
 * Roles and permissions (docs/back-office-people.md "Roles and permissions"): what each employee
 * job title may do. The access control reads `employeeGrantsOf` on every request to a route that
 * declares a permission, so a change takes effect on the employee's next request.
 */

type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

const isPermission = (value: string): value is EmployeePermission =>
  (EMPLOYEE_PERMISSIONS as readonly string[]).includes(value);

/**
 * The permissions of a job title from its stored pairs: a stored pair decides; a permission
 * without one (added after the title's rows were written) has its default.
 */
function permissionsFrom(
  pairs: readonly { permission: string | null; allowed: boolean | null }[],
): Set<EmployeePermission> {
  const stored = new Map<string, boolean>();
  for (const pair of pairs) {
    if (pair.permission !== null && pair.allowed !== null)
      stored.set(pair.permission, pair.allowed);
  }
  return new Set(
    EMPLOYEE_PERMISSIONS.filter(
      (permission) => stored.get(permission) ?? DEFAULT_EMPLOYEE_PERMISSIONS.includes(permission),
    ),
  );
}

/**
 * What an employee may do now: their job title's permissions. An employee without a job title
 * (or with one the table does not know) has the defaults, what every employee could do before.
 */
export async function employeeGrantsOf(
  db: Db,
  user: Pick<AuthUser, 'id'>,
): Promise<EmployeeGrants> {
  const rows = await repo.findGrantRows(db, user.id);
  const jobTitle = rows[0]?.jobTitle ?? null;
  return { jobTitle, permissions: permissionsFrom(rows) };
}

/** The admin's table of job titles and permissions. */
export function createJobTitlePermissionsService(deps: { db: Db }) {
  const { db } = deps;

  async function table(): Promise<EmployeePermissionsTable> {
    const rows = await repo.listPermissionRows(db);
    return {
      titles: EMPLOYEE_JOB_TITLES.map((jobTitle) => {
        const own = rows.filter((row) => row.jobTitle === jobTitle);
        const latest = own
          .filter((row) => row.updatedAt !== null)
          .sort((a, b) => b.updatedAt!.getTime() - a.updatedAt!.getTime())[0];
        return {
          jobTitle,
          permissions: [...permissionsFrom(own)],
          updatedAt: latest?.updatedAt?.toISOString() ?? null,
          updatedByName: latest?.updatedByName ?? null,
        };
      }),
    };
  }

  return {
    /** `GET /api/employee-permissions`: every job title with the permissions it has. */
    table,

    /**
     * `PUT /api/employee-permissions`: saves the given job titles' rows in one transaction
     * (the rows locked first), one audit row per job title whose permissions changed
     * (`employee_permissions`, id the job title, `before`/`after` `{ permissions }`). An unchanged
     * row writes nothing. Answers the whole table.
     */
    async save(actor: Actor, input: SaveEmployeePermissions): Promise<EmployeePermissionsTable> {
      const at = new Date();
      await db.transaction(async (tx) => {
        const locked = await repo.lockPermissionRows(
          tx,
          input.titles.map((row) => row.jobTitle),
        );
        for (const row of input.titles) {
          const before = permissionsFrom(locked.filter((pair) => pair.jobTitle === row.jobTitle));
          const after = new Set<EmployeePermission>(row.permissions.filter(isPermission));
          const changed = EMPLOYEE_PERMISSIONS.some(
            (permission) => before.has(permission) !== after.has(permission),
          );
          if (!changed) continue;
          await repo.upsertPermissionRows(
            tx,
            EMPLOYEE_PERMISSIONS.map((permission) => ({
              jobTitle: row.jobTitle,
              permission,
              allowed: after.has(permission),
            })),
            { userId: actor.id, at },
          );
          await recordAudit(tx, {
            actor,
            entity: 'employee_permissions',
            entityId: row.jobTitle,
            action: 'update',
            before: { jobTitle: row.jobTitle, permissions: [...before] },
            after: { jobTitle: row.jobTitle, permissions: [...after] },
          });
        }
      });
      return table();
    },
  };
}

export type JobTitlePermissionsService = ReturnType<typeof createJobTitlePermissionsService>;
