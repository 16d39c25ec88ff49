import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** Drizzle queries of the audit trail (SQL only; the rules are in the service). */

export type AuditLogRow = typeof auditLog.$inferSelect;

/** Filters of the audit browser; `from` inclusive and `until` exclusive instants. */
export interface AuditFilter {
  entity?: string | undefined;
  actorId?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.from ? gte(auditLog.at, filter.from) : undefined,
    filter.until ? lt(auditLog.at, filter.until) : undefined,
  );
}

/** One page of audit rows, newest first (ties by id), with the total count of matches. */
export async function listAudit(
  db: Db,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = whereOf(filter);
  const [totalRow] = await db.select({ value: count() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(totalRow?.value ?? 0) };
}
