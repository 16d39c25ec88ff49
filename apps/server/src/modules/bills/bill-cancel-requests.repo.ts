import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { billCancelRequests, bills, wholesaleCustomers } from '../../db/schema/index.js';

type Queryable = Db | Tx;

export type CancelRequestRecord = typeof billCancelRequests.$inferSelect;

/** A request with its bill's customer and total, as lists show it. */
export interface CancelRequestRow extends CancelRequestRecord {
  customerId: number;
  customerName: string;
  shopName: string;
  totalPaise: number;
}

const listed = {
  id: billCancelRequests.id,
  billId: billCancelRequests.billId,
  reason: billCancelRequests.reason,
  status: billCancelRequests.status,
  requestedBy: billCancelRequests.requestedBy,
  requestedByName: billCancelRequests.requestedByName,
  requestedAt: billCancelRequests.requestedAt,
  decidedBy: billCancelRequests.decidedBy,
  decidedByName: billCancelRequests.decidedByName,
  decidedAt: billCancelRequests.decidedAt,
  rejectReason: billCancelRequests.rejectReason,
  customerId: bills.customerId,
  customerName: wholesaleCustomers.name,
  shopName: wholesaleCustomers.shopName,
  totalPaise: sql<number>`(${bills.amountPaise} + ${bills.gstPaise})::float8`,
};

function listQuery(db: Queryable) {
  return db
    .select(listed)
    .from(billCancelRequests)
    .innerJoin(bills, eq(bills.id, billCancelRequests.billId))
    .innerJoin(wholesaleCustomers, eq(wholesaleCustomers.id, bills.customerId));
}

/** One request as lists show it. */
export async function findRequestRow(
  db: Queryable,
  id: number,
): Promise<CancelRequestRow | undefined> {
  const [row] = await listQuery(db).where(eq(billCancelRequests.id, id));
  return row;
}

/** The request, locked for the rest of `tx`. */
export async function lockRequest(tx: Tx, id: number): Promise<CancelRequestRecord | undefined> {
  const [row] = await tx
    .select()
    .from(billCancelRequests)
    .where(eq(billCancelRequests.id, id))
    .for('update');
  return row;
}

/** The bill's pending request, if any. */
export async function findPending(
  db: Queryable,
  billId: number,
): Promise<CancelRequestRecord | undefined> {
  const [row] = await db
    .select()
    .from(billCancelRequests)
    .where(and(eq(billCancelRequests.billId, billId), eq(billCancelRequests.status, 'pending')));
  return row;
}

/**
 * Inserts a pending request; undefined when the bill already has one (the partial unique index
 * `bill_cancel_requests_one_pending` decides, so two at once cannot both succeed).
 */
export async function insertPending(
  tx: Tx,
  values: { billId: number; reason: string; requestedBy: string; requestedByName: string },
): Promise<CancelRequestRecord | undefined> {
  const [row] = await tx
    .insert(billCancelRequests)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Records the admin's decision on a request. */
export async function decide(
  tx: Tx,
  id: number,
  decision: {
    status: 'approved' | 'rejected';
    decidedBy: string;
    decidedByName: string;
    rejectReason: string | null;
  },
): Promise<void> {
  await tx
    .update(billCancelRequests)
    .set({ ...decision, decidedAt: new Date() })
    .where(eq(billCancelRequests.id, id));
}

/** A bill's requests, newest first. */
export async function listForBill(db: Queryable, billId: number): Promise<CancelRequestRow[]> {
  return listQuery(db)
    .where(eq(billCancelRequests.billId, billId))
    .orderBy(desc(billCancelRequests.requestedAt), desc(billCancelRequests.id));
}

/** One page of the requests in a state, newest first, with the count of all of them. */
export async function listByStatus(
  db: Queryable,
  status: string,
  page: { limit: number; offset: number },
): Promise<{ rows: CancelRequestRow[]; total: number }> {
  const where = eq(billCancelRequests.status, status);
  const [rows, [counted]] = await Promise.all([
    listQuery(db)
      .where(where)
      .orderBy(desc(billCancelRequests.requestedAt), desc(billCancelRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(billCancelRequests).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
