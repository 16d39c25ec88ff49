import { and, eq } from 'drizzle-orm';
import {
  describePayee,
  REFUND_MESSAGES,
  REFUND_METHOD_LABELS,
  type FailedRefunds,
  type Refund,
  type RefundMethod,
  type RefundReason,
  type RefundStatus,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { orders, refunds, shipments, shops, users } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/access.js';
import { recordJob } from '../../platform/background-jobs.js';
import { AppError, refusal } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';

/*
 * Refunds of marketplace orders (docs/refunds.md). A refund is opened in the same transaction
 * that cancels a paid shipment or receives a return, so money owed is never forgotten: an online
 * payment's refund is then asked of Razorpay by the `refund_start` background job
 * (refund-gateway.ts); a cash-on-delivery refund waits for the shop to transfer it and record
 * the UTR (`markRefundPaid`). A refund that reaches `processed` records the `refund_processed`
 * job, which mails the customer.
 */

export type RefundRow = typeof refunds.$inferSelect;

/** The background job kinds of refunds. */
export const REFUND_JOBS = {
  /** Ask Razorpay for an online refund: payload `{ refundId, attempt? }` (attempt 1 when absent). */
  start: 'refund_start',
  /** Mail the customer that a refund was processed: payload `{ refundId }`. */
  processedMail: 'refund_processed',
} as const;

/**
 * Opens the refund of a shipment inside `tx` (the transaction that cancels it after payment, or
 * receives its return), for the shipment's subtotal in paise. Online orders paid through
 * Razorpay get a `razorpay` refund and a `refund_start` job (wake the job runner after the
 * commit). A cash-on-delivery return gets a refund to the UPI id or bank account given with the
 * request (`bank_transfer` with no payee when the request predates that field: the shop asks
 * the customer). A cash-on-delivery cancel took no money: nothing is opened. Idempotent: a
 * second call for the same shipment answers the refund already there.
 * @returns the refund, or undefined when no money was taken.
 */
export async function openShipmentRefund(
  tx: Tx,
  shipmentId: number,
  reason: RefundReason,
): Promise<RefundRow | undefined> {
  const [existing] = await tx.select().from(refunds).where(eq(refunds.shipmentId, shipmentId));
  if (existing) return existing;
  const [row] = await tx
    .select({
      orderId: shipments.orderId,
      subtotalPaise: shipments.subtotalPaise,
      refundPayee: shipments.refundPayee,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      razorpayPaymentId: orders.razorpayPaymentId,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, shipmentId));
  if (!row || row.subtotalPaise <= 0) return undefined;

  if (row.paymentMethod === 'razorpay') {
    // Only money that arrived goes back ('refunded' is the status a fully cancelled paid order
    // carries); an unpaid online order has nothing to refund.
    const paid = row.paymentStatus === 'paid' || row.paymentStatus === 'refunded';
    if (!paid || !row.razorpayPaymentId) return undefined;
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: row.orderId,
        shipmentId,
        amountPaise: row.subtotalPaise,
        method: 'razorpay',
        reason,
        razorpayPaymentId: row.razorpayPaymentId,
      })
      .returning();
    await recordJob(tx, REFUND_JOBS.start, { refundId: refund!.id, attempt: 1 });
    return refund;
  }
  if (reason === 'cancelled') return undefined;
  const payee = row.refundPayee ?? null;
  const [refund] = await tx
    .insert(refunds)
    .values({
      orderId: row.orderId,
      shipmentId,
      amountPaise: row.subtotalPaise,
      method: payee?.method ?? 'bank_transfer',
      reason,
      payee,
    })
    .returning();
  return refund;
}

/**
 * Moves a pending refund to `processed` or `failed` inside `tx`, once: a refund already out of
 * `pending` is left alone (a late or repeated webhook, the reconciler after the webhook). A
 * processed refund records its `refund_processed` mail job.
 * @returns true when this call moved it.
 */
export async function settleRefund(
  tx: Tx | Db,
  refundId: number,
  outcome:
    | { status: 'processed'; reference?: string | null }
    | { status: 'failed'; failureReason: string },
): Promise<boolean> {
  const now = new Date();
  const moved = await tx
    .update(refunds)
    .set(
      outcome.status === 'processed'
        ? {
            status: 'processed',
            processedAt: now,
            updatedAt: now,
            ...(outcome.reference ? { reference: outcome.reference } : {}),
          }
        : { status: 'failed', failureReason: outcome.failureReason.slice(0, 500), updatedAt: now },
    )
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  if (moved.length === 0) return false;
  if (outcome.status === 'processed') {
    await recordJob(tx, REFUND_JOBS.processedMail, { refundId });
  }
  return true;
}

/**
 * The shop records that it transferred a cash-on-delivery refund (`reference`: the UTR), inside
 * `tx`; the customer is mailed after the commit (wake the job runner).
 * @throws AppError 404 no refund for this shipment; 422 REFUND_NOT_MANUAL (a Razorpay refund)
 *   or REFUND_ALREADY_PROCESSED.
 */
export async function markRefundPaid(
  tx: Tx,
  shipmentId: number,
  reference: string,
): Promise<RefundRow> {
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(eq(refunds.shipmentId, shipmentId))
    .for('update');
  if (!refund) throw new AppError('NOT_FOUND', REFUND_MESSAGES.refundNotFound);
  if (refund.method === 'razorpay') throw refusal('REFUND_NOT_MANUAL', REFUND_MESSAGES.notManual);
  // A manual refund is pending until the shop pays it: it never fails.
  if (!(await settleRefund(tx, refund.id, { status: 'processed', reference }))) {
    throw refusal('REFUND_ALREADY_PROCESSED', REFUND_MESSAGES.alreadyProcessed);
  }
  const [paid] = await tx.select().from(refunds).where(eq(refunds.id, refund.id));
  return paid!;
}

/**
 * Retries a failed Razorpay refund inside `tx` (docs/refunds.md "Retrying a failed refund"):
 * under the row's lock it becomes `pending` again as attempt n+1 (Razorpay's id and reason of
 * the failed attempt are cleared, kept in the audit row), and a new `refund_start` job is
 * recorded; that attempt sends its own receipt, so the failed refund is never taken for it and
 * a lost answer is still found without paying twice. Wake the job runner after the commit.
 * `where` picks the refund: by id (the admin) or by shipment within a shop (the shop office).
 * @throws AppError 404 no such refund; 409 REFUND_NOT_FAILED when it is pending, processed or
 *   a cash-on-delivery refund.
 */
export async function retryFailedRefund(
  tx: Tx,
  actor: AuthUser,
  where: { refundId: number } | { shipmentId: number },
): Promise<RefundRow> {
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(
      'refundId' in where
        ? eq(refunds.id, where.refundId)
        : eq(refunds.shipmentId, where.shipmentId),
    )
    .for('update');
  if (!refund) throw new AppError('NOT_FOUND', REFUND_MESSAGES.refundNotFound);
  if (refund.method !== 'razorpay') {
    throw refusal('REFUND_NOT_FAILED', REFUND_MESSAGES.notFailedManual);
  }
  if (refund.status !== 'failed') {
    throw refusal(
      'REFUND_NOT_FAILED',
      refund.status === 'processed'
        ? REFUND_MESSAGES.notFailedProcessed
        : REFUND_MESSAGES.notFailedPending,
    );
  }
  const now = new Date();
  const attempt = refund.attempt + 1;
  const [retried] = await tx
    .update(refunds)
    .set({
      status: 'pending',
      attempt,
      razorpayRefundId: null,
      failureReason: null,
      retriedAt: now,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'failed')))
    .returning();
  await recordJob(tx, REFUND_JOBS.start, { refundId: refund.id, attempt });
  await recordAudit(tx, {
    actor,
    entity: 'refund',
    entityId: refund.id,
    action: 'retry',
    before: {
      status: refund.status,
      attempt: refund.attempt,
      razorpayRefundId: refund.razorpayRefundId,
      failureReason: refund.failureReason,
    },
    after: { status: 'pending', attempt, amountPaise: refund.amountPaise, orderId: refund.orderId },
  });
  return retried!;
}

/**
 * The API's Refund: where the money goes in words (the customer sees an account's last 4 digits;
 * the shop, which transfers it, the whole number: `forShop`).
 */
export function toRefund(row: RefundRow, options: { forShop?: boolean } = {}): Refund {
  const method = row.method as RefundMethod;
  return {
    id: row.id,
    attempt: row.attempt,
    amountPaise: row.amountPaise,
    method,
    status: row.status as RefundStatus,
    reason: row.reason as RefundReason,
    reference: row.reference ?? row.razorpayRefundId,
    payTo: row.payee
      ? describePayee(row.payee, { full: options.forShop === true })
      : method === 'razorpay'
        ? REFUND_METHOD_LABELS.razorpay
        : null,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

/** How many failed refunds the admin's list shows at most (oldest first). */
export const FAILED_REFUNDS_LIMIT = 100;

/**
 * The online refunds Razorpay refused (status `failed`), oldest failure first, at most
 * FAILED_REFUNDS_LIMIT, with their order number, shop and customer: the admin's list to retry.
 */
export async function listFailedRefunds(db: Db): Promise<FailedRefunds> {
  const rows = await db
    .select({
      refund: refunds,
      orderNumber: orders.orderNumber,
      shopName: shops.name,
      customerName: users.name,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(shipments, eq(shipments.id, refunds.shipmentId))
    .innerJoin(shops, eq(shops.id, shipments.shopId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(refunds.status, 'failed'), eq(refunds.method, 'razorpay')))
    .orderBy(refunds.updatedAt, refunds.id)
    .limit(FAILED_REFUNDS_LIMIT);
  return {
    items: rows.map((row) => ({
      ...toRefund(row.refund),
      orderId: row.refund.orderId,
      orderNumber: row.orderNumber,
      shipmentId: row.refund.shipmentId,
      shopName: row.shopName,
      customerName: row.customerName,
      updatedAt: row.refund.updatedAt.toISOString(),
    })),
  };
}
