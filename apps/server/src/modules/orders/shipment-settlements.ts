import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { INVOICEABLE_SHIPMENT_STATUSES, type IssuedTaxDocument } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { orderStatusEvents, orders, shipments } from '../../db/schema/index.js';
import { hasSettlementEntry, recordReversalEntry, recordSaleEntry } from '../settlements/index.js';
import { ensureShipmentInvoice } from './shipment-documents.js';

/*
 * A shipment's settlement entries (docs/settlements.md): the sale entry when it is delivered,
 * from its issued invoice (gross = the invoice's total, what the customer paid; taxable value and
 * place of supply as issued), and the reversal when its return is received. Both are written in
 * the status move's transaction, after its tax document.
 */

/**
 * Writes the sale entry of a delivered shipment from its sale document, inside `tx`. Idempotent.
 * @throws Error when the shipment does not exist (callers found it first).
 */
export async function settleDeliveredShipment(
  tx: Tx,
  shipmentId: number,
  invoice: IssuedTaxDocument,
): Promise<void> {
  const [row] = await tx
    .select({
      shopId: shipments.shopId,
      deliveredAt: shipments.deliveredAt,
      orderNumber: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.id, shipmentId));
  if (!row) throw new Error(`Shipment ${shipmentId} not found`);
  const { snapshot } = invoice;
  await recordSaleEntry(tx, {
    shipmentId,
    shopId: row.shopId,
    orderNumber: row.orderNumber,
    paymentMethod: row.paymentMethod as 'cod' | 'razorpay',
    // A delivery always sets deliveredAt; an older row without one is dated its invoice's day.
    deliveredAt: row.deliveredAt ?? new Date(`${snapshot.documentDate}T12:00:00+05:30`),
    supplierGstin: snapshot.kind === 'tax_invoice' ? snapshot.supplier.gstin : null,
    interState: snapshot.placeOfSupply.interState,
    grossPaise: snapshot.totals.totalPaise,
    taxableValuePaise: snapshot.totals.taxableValuePaise,
  });
}

/**
 * Writes the reversal of a shipment whose return was received, inside `tx`, dated its latest
 * `returned` status row (now, in the move's transaction). Writes the sale entry first when an
 * older delivery has none.
 */
export async function settleReturnedShipment(tx: Tx, shipmentId: number): Promise<void> {
  if (!(await hasSettlementEntry(tx, shipmentId, 'sale'))) {
    await settleDeliveredShipment(tx, shipmentId, await ensureShipmentInvoice(tx, shipmentId));
  }
  const [event] = await tx
    .select({ at: orderStatusEvents.at })
    .from(orderStatusEvents)
    .where(
      and(eq(orderStatusEvents.shipmentId, shipmentId), eq(orderStatusEvents.status, 'returned')),
    )
    .orderBy(desc(orderStatusEvents.id))
    .limit(1);
  await recordReversalEntry(tx, shipmentId, event?.at ?? new Date());
}

/**
 * Writes the missing entries of shipments delivered (or returned) before settlements existed,
 * each shipment in its own transaction, oldest first. Run at start-up after the documents'
 * backfill; a no-op once every such shipment has its entries. Answers how many were settled.
 */
export async function recordMissingSettlements(db: Db): Promise<{ settled: number }> {
  const candidates = await db
    .select({ id: shipments.id, status: shipments.status })
    .from(shipments)
    .where(inArray(shipments.status, [...INVOICEABLE_SHIPMENT_STATUSES]))
    .orderBy(asc(shipments.id));
  let settled = 0;
  for (const { id, status } of candidates) {
    const needsSale = !(await hasSettlementEntry(db, id, 'sale'));
    const needsReversal = status === 'returned' && !(await hasSettlementEntry(db, id, 'reversal'));
    if (!needsSale && !needsReversal) continue;
    await db.transaction(async (tx) => {
      if (needsSale) await settleDeliveredShipment(tx, id, await ensureShipmentInvoice(tx, id));
      if (needsReversal) await settleReturnedShipment(tx, id);
    });
    settled += 1;
  }
  return { settled };
}
