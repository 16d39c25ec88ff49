import {
  AUDIT_ENTITY_LABELS,
  AUDIT_PAGE_SIZE,
  billNumberOf,
  type AuditPage,
  type Role,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/access.js';
import { userNamesByIds } from '../accounts/index.js';
import { listAudit, type AuditLogRow } from './audit.repo.js';

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
  | 'tax_document'
  | 'settlement_payout'
  | 'settlement_rates'
  | 'review'
  | 'refund'
  | 'shop_pan'
  | 'bill_cancel_request'
  | 'employee_permissions';

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
  | 'bounce'
  | 'backdate'
  | 'hide'
  | 'unhide'
  | 'retry'
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

/** Snapshot fields that hold an account's user id: the trail shows that person's name. */
const PERSON_FIELDS = ['userId', 'createdBy', 'requestedBy', 'decidedBy', 'soldBy', 'receivedBy'];

type Snapshot = Record<string, unknown>;

function snapshotsOf(row: Pick<AuditLogRow, 'before' | 'after'>): Snapshot[] {
  return [row.after, row.before].filter(
    (value): value is Snapshot => value !== null && typeof value === 'object',
  );
}

/** A text or number field of the record after the change, else before it. */
function fieldOf(row: Pick<AuditLogRow, 'before' | 'after'>, key: string): string | undefined {
  for (const snapshot of snapshotsOf(row)) {
    const value = snapshot[key];
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return undefined;
}

/** 'Bill 00153' for a numeric bill id; undefined for anything else. */
function billLabel(billId: string | undefined): string | undefined {
  return billId && /^\d{1,10}$/.test(billId) ? `Bill ${billNumberOf(Number(billId))}` : undefined;
}

/**
 * What an audit row changed, in words, from its entity, id and snapshots: 'Bill 00153',
 * 'Payment RC/26-27/00007 to Bill 00153', 'Customer Patna Garments (Ravi Kumar)', 'Employee Birju Mahto',
 * 'Stock Shirt-Box Silver Men's', 'Tax document BZ/26-27/00042', 'Business setting Shop details'; the kind of record alone
 * ('Stock', 'Security setting') when the row holds nothing better. Never a raw id.
 */
export function auditRecordOf(
  row: Pick<AuditLogRow, 'entity' | 'entityId' | 'before' | 'after'>,
): string {
  const kind = AUDIT_ENTITY_LABELS[row.entity as keyof typeof AUDIT_ENTITY_LABELS] ?? row.entity;
  const field = (key: string) => fieldOf(row, key);
  const words = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  switch (row.entity) {
    case 'bill':
      return billLabel(row.entityId) ?? kind;
    case 'bill_cancel_request': {
      const bill = billLabel(field('billId'));
      return words(kind, bill ? `for ${bill}` : undefined);
    }
    case 'employee_permissions':
      // The job title is the row's id (docs/back-office-people.md "Roles and permissions").
      return words(kind, row.entityId);
    case 'payment': {
      const bill = billLabel(field('billId'));
      return words(kind, field('receiptNumber'), bill ? `to ${bill}` : undefined);
    }
    case 'customer':
    case 'customer_request': {
      const shop = field('shopName');
      const name = field('name');
      return words(kind, shop, shop && name ? `(${name})` : name);
    }
    case 'employee':
    case 'delivery_staff':
      return words(kind, field('name'));
    case 'stock':
      return words(kind, field('item'), field('category'), field('type'));
    case 'tax_document':
      return words(kind, field('number'));
    case 'settlement_payout':
      return words(kind, field('shopName'), field('utr'));
    case 'business_setting':
      // The admin profile's shop fields (docs/back-office-people.md "Business profile").
      return row.entityId === 'business_profile' ? words(kind, 'Shop details') : kind;
    default:
      return kind;
  }
}

/** The user ids a row's snapshots hold in PERSON_FIELDS. */
function personIdsOf(row: Pick<AuditLogRow, 'before' | 'after'>): string[] {
  return snapshotsOf(row).flatMap((snapshot) =>
    PERSON_FIELDS.map((key) => snapshot[key]).filter(
      (value): value is string => typeof value === 'string' && value !== '',
    ),
  );
}

/**
 * The audit browser (docs/back-office-people.md): rows newest first, AUDIT_PAGE_SIZE (20) a page,
 * filtered by entity, actor (user id) and India calendar days `from`..`to` (both included). Each
 * row says who (name and role at the time), when (ISO), what (entity, id, `record` in words,
 * action), the record before and after (JSON; money in paise as stored) and `people`: the names
 * of the accounts whose ids those snapshots hold.
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
  const names = await userNamesByIds(db, rows.flatMap(personIdsOf));
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorId: row.actorId,
      actorName: row.actorName,
      actorRole: row.actorRole as Role,
      entity: row.entity,
      entityId: row.entityId,
      record: auditRecordOf(row),
      action: row.action,
      before: row.before,
      after: row.after,
      people: Object.fromEntries(
        personIdsOf(row).flatMap((id) => {
          const name = names.get(id);
          return name ? [[id, name]] : [];
        }),
      ),
    })),
    page: query.page,
    pageSize: AUDIT_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / AUDIT_PAGE_SIZE),
  };
}
