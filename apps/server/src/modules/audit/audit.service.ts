import { AUDIT_PAGE_SIZE, type AuditPage, type Role } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/access.js';
import { listAudit } from './audit.repo.js';

/** What was changed: the back office's audited records (docs/back-office-people.md). */
export type AuditEntity =
  | 'customer'
  | 'customer_request'
  | 'bill'
  | 'payment'
  | 'stock'
  | 'employee'
  | 'delivery_staff'
  | 'security_setting'
  | 'business_setting'
  | 'tax_document';

/** How it was changed. */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'close'
  | 'approve'
  | 'reject'
  | 'disable'
  | 'cancel'
  | 'email_change_requested'
  | 'email_change_verified'
  | 'email_change_cancelled';

/** One audit entry: who (from the session), what, and the record before and after (JSON-able). */
export interface AuditEntry {
  actor: Pick<AuthUser, 'id' | 'role' | 'name'>;
  entity: AuditEntity;
  entityId: string | number;
  action: AuditAction;
  /** The record before the change; omit on create. Money in paise, as stored. */
  before?: unknown;
  /** The record after the change; omit on delete. */
  after?: unknown;
}

/**
 * Writes one audit row inside the caller's transaction, so the change and its trail commit or
 * roll back together (every change to customers, bills, payments, stock and employees is
 * audited: docs/back-office-people.md "Rules", docs/back-office-bills.md). Never call it outside a
 * transaction that also holds the change.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorRole: entry.actor.role,
    actorName: entry.actor.name,
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** India time is UTC+5:30 all year; the browser's day filters are India calendar days. */
const IST_OFFSET = '+05:30';

/** The instant an India calendar day (`YYYY-MM-DD`) starts. */
function startOfIndiaDay(day: string): Date {
  return new Date(`${day}T00:00:00${IST_OFFSET}`);
}

/**
 * The audit browser (docs/back-office-people.md): rows newest first, AUDIT_PAGE_SIZE (20) a page,
 * filtered by entity, actor (user id) and India calendar days `from`..`to` (both included). Each
 * row says who (name and role at the time), when (ISO), what (entity, id, action) and the record
 * before and after (JSON; money in paise as stored).
 */
export async function listAuditTrail(
  db: Db,
  query: { entity?: string; actor?: string; from?: string; to?: string; page: number },
): Promise<AuditPage> {
  const until = query.to ? startOfIndiaDay(query.to) : undefined;
  until?.setUTCDate(until.getUTCDate() + 1);
  const { rows, total } = await listAudit(
    db,
    {
      entity: query.entity,
      actorId: query.actor,
      from: query.from ? startOfIndiaDay(query.from) : undefined,
      until,
    },
    { limit: AUDIT_PAGE_SIZE, offset: (query.page - 1) * AUDIT_PAGE_SIZE },
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorName: row.actorName,
      actorRole: row.actorRole as Role,
      entity: row.entity,
      entityId: row.entityId,
      action: row.action,
      before: row.before,
      after: row.after,
    })),
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / AUDIT_PAGE_SIZE),
  };
}
