import type { Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/access.js';

/** What was changed: the back office's audited records (issue 7 item 8). */
export type AuditEntity =
  'customer' | 'customer_request' | 'bill' | 'payment' | 'stock' | 'employee';

/** How it was changed. */
export type AuditAction =
  'create' | 'update' | 'delete' | 'close' | 'approve' | 'reject' | 'disable';

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
 * roll back together (issue 7 item 8: every change to customers, bills, payments, stock and
 * employees). Never call it outside a transaction that also holds the change.
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
