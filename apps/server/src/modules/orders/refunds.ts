import { and, eq } from 'drizzle-orm';
import {
  describePayee,
  REFUND_MESSAGES,
  REFUND_METHOD_LABELS,
  type Refund,
  type RefundMethod,
  type RefundReason,
  type RefundStatus,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { orders, refunds, shipments } from '../../db/schema/index.js';
import { recordJob } from '../../platform/background-jobs.js';
import { AppError, refusal } from '../../platform/errors.js';

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
  /** Ask Razorpay for an online refund: payload `{ refundId }`. */
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
    await recordJob(tx, REFUND_JOBS.start, { refundId: refund!.id });
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
 * The API's Refund: where the money goes in words (the customer sees an account's last 4 digits;
 * the shop, which transfers it, the whole number: `forShop`).
 */
export function toRefund(row: RefundRow, options: { forShop?: boolean } = {}): Refund {
  const method = row.method as RefundMethod;
  return {
    id: row.id,
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
