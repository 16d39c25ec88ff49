import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { orders, refunds, shipments, shops, users } from '../../db/schema/index.js';
import type { JobHandler, JobPayload } from '../../platform/background-jobs.js';
import { MailNotSentError, type Mailer } from '../../platform/mail.js';
import type { GatewayRefund, PaymentGateway } from '../../platform/payments.js';
import { refundProcessedMail } from '../notifications/index.js';
import { REFUND_JOBS, settleRefund, toRefund } from './refunds.js';

/*
 * Online refunds through Razorpay and the refund mail (docs/refunds.md): the `refund_start` job
 * asks Razorpay, the `refund.processed` / `refund.failed` webhooks settle (`applyRefundEvent`,
 * called by the payments module inside the event's transaction), and the reconciler reads
 * refunds a webhook never settled.
 */

/**
 * The receipt sent with our refund `id` and its attempt: how a retry after a lost answer finds
 * the refund an earlier try of the same attempt created. Attempt 1 keeps `refund-<id>`; a retry
 * of a failed refund sends `refund-<id>-<attempt>`, so the failed refund Razorpay holds under
 * the old receipt is never taken for the new attempt (Razorpay keeps failed refunds in the
 * payment's list, and a receipt is our own key, not one Razorpay makes unique).
 */
export function refundReceipt(refundId: number, attempt = 1): string {
  return attempt <= 1 ? `refund-${refundId}` : `refund-${refundId}-${attempt}`;
}

/** The part of Razorpay's refund entity a webhook carries that we read. */
export interface RefundEventEntity {
  id: string;
  status?: string | undefined;
  notes?: Record<string, unknown> | undefined;
}

/** How long a refund may wait for its webhook before the reconciler asks Razorpay (minutes). */
export const REFUND_RECONCILE_AFTER_MINUTES = 15;

/**
 * Which refund a gateway answer or webhook is about: by Razorpay's id, else by our note. A
 * refund matched by the note alone must be on the attempt the note names (1 when the note has
 * none) and not yet know Razorpay's id: a late event of an attempt that failed before a retry
 * must not settle the retry.
 */
async function findRefundFor(tx: Tx | Db, entity: RefundEventEntity) {
  const noted = Number(entity.notes?.bazaar_refund_id);
  const [row] = await tx
    .select()
    .from(refunds)
    .where(
      Number.isSafeInteger(noted) && noted > 0
        ? or(eq(refunds.razorpayRefundId, entity.id), eq(refunds.id, noted))
        : eq(refunds.razorpayRefundId, entity.id),
    )
    .for('update');
  if (!row || row.razorpayRefundId === entity.id) return row;
  const notedAttempt = Number(entity.notes?.bazaar_refund_attempt ?? 1);
  if (row.razorpayRefundId !== null || notedAttempt !== row.attempt) return undefined;
  return row;
}

/** Records Razorpay's answer on the refund: its id, and its outcome when already known. */
async function recordGatewayRefund(
  tx: Tx | Db,
  refundId: number,
  attempt: number,
  answer: GatewayRefund,
): Promise<boolean> {
  const recorded = await tx
    .update(refunds)
    .set({ razorpayRefundId: answer.id, updatedAt: new Date() })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.attempt, attempt),
        or(isNull(refunds.razorpayRefundId), eq(refunds.razorpayRefundId, answer.id)),
      ),
    )
    .returning({ id: refunds.id });
  // The refund moved on to another attempt (or another Razorpay refund) meanwhile: not ours.
  if (recorded.length === 0) return false;
  if (answer.status === 'processed') return settleRefund(tx, refundId, { status: 'processed' });
  if (answer.status === 'failed') {
    return settleRefund(tx, refundId, { status: 'failed', failureReason: 'Razorpay: failed' });
  }
  return false;
}

/**
 * Applies a verified `refund.processed` or `refund.failed` webhook inside `tx`: the refund moves
 * out of `pending` once (a repeated or late event changes nothing; a `failed` after `processed`
 * is ignored). An event that arrives before the `refund_start` job recorded Razorpay's id is
 * matched by the `bazaar_refund_id` note.
 * @returns the outcome to record on the event: 'refund_processed', 'refund_failed',
 *   'refund_unchanged' or 'unknown_refund'.
 */
export async function applyRefundEvent(
  tx: Tx,
  type: 'refund.processed' | 'refund.failed',
  entity: RefundEventEntity,
): Promise<string> {
  const refund = await findRefundFor(tx, entity);
  if (!refund) return 'unknown_refund';
  if (refund.razorpayRefundId === null) {
    await tx
      .update(refunds)
      .set({ razorpayRefundId: entity.id, updatedAt: new Date() })
      .where(eq(refunds.id, refund.id));
  }
  const moved =
    type === 'refund.processed'
      ? await settleRefund(tx, refund.id, { status: 'processed' })
      : await settleRefund(tx, refund.id, {
          status: 'failed',
          failureReason: 'Razorpay reported the refund failed',
        });
  if (!moved) return 'refund_unchanged';
  return type === 'refund.processed' ? 'refund_processed' : 'refund_failed';
}

function refundIdOf(payload: JobPayload): number {
  const value = payload.refundId;
  if (typeof value !== 'number') throw new Error('refund job without refundId');
  return value;
}

/**
 * The refund job handlers (`refund_start`, `refund_processed`) and the reconciler, over
 * `gateway` (null when Razorpay keys are not set: online refunds then wait, logged).
 */
export function createRefundJobs(deps: {
  db: Db;
  gateway: PaymentGateway | null;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  const { db, gateway, mailer, publicUrl, log } = deps;

  /**
   * Asks Razorpay for the refund unless it already has it (a retry after a crash finds the one
   * an earlier try created by its receipt), and records the answer.
   * @throws Error when Razorpay is not configured, unreachable or refuses (the job is retried).
   */
  async function start(refundId: number, attempt?: number): Promise<void> {
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund || refund.status !== 'pending' || refund.razorpayRefundId !== null) return;
    // A job of an earlier attempt (retried by the office since) leaves the new one to its job.
    if (attempt !== undefined && attempt !== refund.attempt) return;
    if (!refund.razorpayPaymentId) throw new Error(`refund ${refundId} has no Razorpay payment`);
    if (!gateway) throw new Error('Razorpay keys are not set: online refund waiting');
    const receipt = refundReceipt(refundId, refund.attempt);
    const earlier = (await gateway.listRefunds(refund.razorpayPaymentId)).find(
      (each) => each.receipt === receipt,
    );
    const answer =
      earlier ??
      (await gateway.refundPayment({
        paymentId: refund.razorpayPaymentId,
        amountPaise: refund.amountPaise,
        receipt,
        notes: {
          bazaar_refund_id: String(refundId),
          bazaar_refund_attempt: String(refund.attempt),
        },
      }));
    await db.transaction((tx) => recordGatewayRefund(tx, refundId, refund.attempt, answer));
  }

  /** Mails the customer that the refund left (unless they turned order mails off). */
  async function mailProcessed(refundId: number): Promise<void> {
    const [row] = await db
      .select({
        refund: refunds,
        orderNumber: orders.orderNumber,
        shopName: shops.name,
        customerName: users.name,
        email: users.email,
        orderMails: users.orderMails,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(shipments, eq(shipments.id, refunds.shipmentId))
      .innerJoin(shops, eq(shops.id, shipments.shopId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(refunds.id, refundId));
    if (!row || !row.orderMails || row.refund.status !== 'processed') return;
    const view = toRefund(row.refund);
    const mail = await refundProcessedMail(
      {
        customerName: row.customerName,
        orderId: row.refund.orderId,
        orderNumber: row.orderNumber,
        shopName: row.shopName,
        amountPaise: view.amountPaise,
        payTo: view.payTo ?? 'As agreed with the shop',
        reference: view.reference,
      },
      publicUrl,
    );
    try {
      await mailer.send({ to: row.email, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      if (!(error instanceof MailNotSentError)) throw error;
    }
  }

  return {
    handlers: {
      [REFUND_JOBS.start]: (payload) =>
        start(
          refundIdOf(payload),
          typeof payload.attempt === 'number' ? payload.attempt : undefined,
        ),
      [REFUND_JOBS.processedMail]: (payload) => mailProcessed(refundIdOf(payload)),
    } satisfies Record<string, JobHandler>,

    /**
     * Settles online refunds whose webhook never came: every `pending` refund older than
     * REFUND_RECONCILE_AFTER_MINUTES (15), and not retried by the office within as long, is read from Razorpay (or asked for again when Razorpay
     * never answered its start). Resolves with how many moved; a refund Razorpay cannot answer
     * now is logged and left for the next round.
     */
    async reconcile(): Promise<number> {
      if (!gateway) return 0;
      const before = new Date(Date.now() - REFUND_RECONCILE_AFTER_MINUTES * 60_000);
      const waiting = await db
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.status, 'pending'),
            eq(refunds.method, 'razorpay'),
            isNotNull(refunds.razorpayPaymentId),
            lt(refunds.createdAt, before),
            or(isNull(refunds.retriedAt), lt(refunds.retriedAt, before)),
          ),
        )
        .orderBy(refunds.id)
        .limit(100);
      let moved = 0;
      for (const refund of waiting) {
        try {
          if (refund.razorpayRefundId === null) {
            await start(refund.id);
          } else {
            const answer = await gateway.fetchRefund(
              refund.razorpayPaymentId!,
              refund.razorpayRefundId,
            );
            if (
              await db.transaction((tx) =>
                recordGatewayRefund(tx, refund.id, refund.attempt, answer),
              )
            )
              moved += 1;
          }
        } catch (error) {
          log.warn({ refundId: refund.id, err: error }, 'refund not reconciled this round');
        }
      }
      return moved;
    },
  };
}

export type RefundJobs = ReturnType<typeof createRefundJobs>;
