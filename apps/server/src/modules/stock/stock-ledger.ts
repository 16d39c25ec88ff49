import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { STOCK_MAX_QUANTITY } from '@bazaar/shared';
import type { StockMovementKind } from '@bazaar/shared';
import type { Tx } from '../../db/client.js';
import { stockItems, stockMovements } from '../../db/schema/index.js';

/** Which stock row: by id, or by the item x category x type x size a bill line names. */
export type StockItemRef =
  { stockItemId: number } | { item: string; category: string; type: string; size: string };

/** One change of a stock row's quantity (a movement, docs/back-office-bills.md "Model"). */
export interface StockMovementInput {
  stock: StockItemRef;
  /** Signed pieces: negative takes pieces out (minus, sale), positive puts them in. */
  change: number;
  kind: StockMovementKind;
  /** The bill that sold or restored the pieces, if any. */
  billId?: number | null;
  /** Who made the change (user id); null for seeded data. */
  actorId: string | null;
}

/**
 * What happened: `ok` with the row's new quantity, or why nothing was written: `missing` (no such
 * stock row), `short` (fewer pieces than a negative change needs; `available` pieces), `full`
 * (the change would exceed STOCK_MAX_QUANTITY).
 */
export type StockMovementResult =
  | { ok: true; stockItemId: number; quantityBefore: number; quantityAfter: number }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'short' | 'full'; stockItemId: number; available: number };

function refCondition(ref: StockItemRef): SQL | undefined {
  return 'stockItemId' in ref
    ? eq(stockItems.id, ref.stockItemId)
    : and(
        eq(stockItems.item, ref.item),
        eq(stockItems.category, ref.category),
        eq(stockItems.type, ref.type),
        eq(stockItems.size, ref.size),
      );
}

/**
 * Locks the stock rows a change of several rows will move, for the rest of `tx`, in id order
 * (docs/back-office-bills.md "Rules the server enforces"). Every writer that moves more than one
 * row calls it first, so two of them (a purchase and a cancel, say) always wait for each other's
 * rows in the same order and never deadlock, whatever order they then move the rows in. A
 * reference that names no row locks nothing (the ledger then answers `missing` for it).
 * @param refs rows by id or by item x category x type x size; duplicates are harmless.
 */
export async function lockStockRows(tx: Tx, refs: readonly StockItemRef[]): Promise<void> {
  if (refs.length === 0) return;
  await tx
    .select({ id: stockItems.id })
    .from(stockItems)
    .where(or(...refs.map(refCondition)))
    .orderBy(stockItems.id)
    .for('update');
}

/**
 * THE stock ledger (docs/back-office-bills.md "Model"): every change of a stock
 * row's quantity goes through here, inside the caller's transaction. One conditional UPDATE
 * (`set quantity = quantity + change where ... and quantity >= -change`), so two sales of the
 * last pieces cannot both succeed and stock never goes below zero; then the `stock_movements`
 * row with `quantityAfter`. A refused change writes nothing.
 * @returns the result; callers turn `missing` / `short` / `full` into their own refusal.
 */
export async function recordStockMovement(
  tx: Tx,
  input: StockMovementInput,
): Promise<StockMovementResult> {
  const where = refCondition(input.stock);
  const bound =
    input.change < 0
      ? sql`${stockItems.quantity} >= ${-input.change}`
      : sql`${stockItems.quantity} <= ${STOCK_MAX_QUANTITY - input.change}`;
  const [row] = await tx
    .update(stockItems)
    .set({ quantity: sql`${stockItems.quantity} + ${input.change}`, updatedAt: sql`now()` })
    .where(and(where, bound))
    .returning({ id: stockItems.id, quantity: stockItems.quantity });
  if (!row) {
    const [current] = await tx
      .select({ id: stockItems.id, quantity: stockItems.quantity })
      .from(stockItems)
      .where(where);
    if (!current) return { ok: false, reason: 'missing' };
    return {
      ok: false,
      reason: input.change < 0 ? 'short' : 'full',
      stockItemId: current.id,
      available: current.quantity,
    };
  }
  await tx.insert(stockMovements).values({
    stockItemId: row.id,
    kind: input.kind,
    change: input.change,
    quantityAfter: row.quantity,
    billId: input.billId ?? null,
    actorId: input.actorId,
  });
  return {
    ok: true,
    stockItemId: row.id,
    quantityBefore: row.quantity - input.change,
    quantityAfter: row.quantity,
  };
}
