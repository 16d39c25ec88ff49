import { asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  productStockMovements,
  products,
  type ProductStockMovementKind,
} from '../../db/schema/index.js';
import { refreshDesignSummary } from './design-summary.js';

/**
 * One change of a marketplace product's stock: either signed units (`change`: an order takes,
 * a cancel or return gives back) or the quantity the seller set (`setTo`: Add Product, edit).
 */
export type ProductStockChange =
  | {
      productId: number;
      /** Signed units: negative takes units out, positive puts them back. */
      change: number;
      kind: Extract<ProductStockMovementKind, 'order' | 'cancel' | 'return'>;
      /** The shipment the units left or came back with. */
      shipmentId: number;
    }
  | {
      productId: number;
      /** The new stock quantity (units, 0 or more). */
      setTo: number;
      kind: Extract<ProductStockMovementKind, 'listed' | 'edit'>;
    };

/** A written history row: which product, by how much, and its stock after. */
export interface ProductStockMovement {
  productId: number;
  change: number;
  quantityAfter: number;
}

/** A change that would take a product below zero (or names no product): nothing stays written. */
export class ProductStockShortError extends Error {
  constructor(readonly productIds: readonly number[]) {
    super(`Product stock change refused for products ${productIds.join(', ')}`);
    this.name = 'ProductStockShortError';
  }
}

interface Delta {
  productId: number;
  change: number;
  kind: ProductStockMovementKind;
  shipmentId: number | null;
}

/**
 * THE marketplace stock ledger (docs/orders.md "Model"; modelled on the back office's
 * modules/stock/stock-ledger.ts): every change of `products.stock_quantity` goes through here,
 * inside the caller's transaction, and writes one `product_stock_movements` row per change with
 * the stock after it. Signed changes run as ONE statement: it locks the products in id order
 * (two ledgers never deadlock; a caller already holding the locks waits for nothing), then a
 * conditional UPDATE (`where stock_quantity + change >= 0`, with the
 * `products_stock_not_negative` check behind it), so two orders for the last units cannot both
 * take them, and the history rows from what it updated. A `setTo` change first locks the product row (`for update`) to learn the quantity it
 * replaces; setting the quantity it already has writes nothing.
 *
 * Every call refreshes the card aggregates of the moved variants' designs
 * (`refreshDesignSummary`), in the same transaction.
 *
 * Callers that must not fail (placing an order) lock the product rows and check the stock first;
 * this is the last guard. Changes of one product in one call are added together.
 * @param changes units are whole pieces; at most one entry per product is expected.
 * @returns the rows written, in the order of `changes` (a `setTo` to the same quantity is left out).
 * @throws ProductStockShortError when a change would take a product below zero or names no
 *   product; the caller's transaction must then roll back (part of the statement may have run).
 */
export async function recordProductStockMovements(
  tx: Tx,
  changes: readonly ProductStockChange[],
): Promise<ProductStockMovement[]> {
  const deltas = await toDeltas(tx, changes);
  if (deltas.length === 0) return [];
  const values = sql.join(
    deltas.map(
      (delta, index) =>
        sql`(${index}::int, ${delta.productId}::int, ${delta.change}::int, ${delta.kind}::text, ${delta.shipmentId}::int)`,
    ),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    with change (ord, product_id, delta, kind, shipment_id) as (values ${values}),
    locked as materialized (
      select id from ${products} where id in (select product_id from change)
      order by id for update),
    moved as (
      update ${products} set stock_quantity = ${products}.stock_quantity + change.delta
      from change join locked on locked.id = change.product_id
      where ${products}.id = change.product_id
        and ${products}.stock_quantity + change.delta >= 0
      returning change.ord, change.product_id, change.delta, change.kind, change.shipment_id,
        ${products}.stock_quantity as quantity_after, ${products}.design_id),
    logged as (
      insert into ${productStockMovements} (product_id, kind, change, quantity_after, shipment_id)
      select product_id, kind, delta, quantity_after, shipment_id from moved order by ord)
    select product_id as "productId", delta as "change", quantity_after as "quantityAfter",
      design_id as "designId"
    from moved order by ord`)) as unknown as {
    rows: (ProductStockMovement & { designId: number })[];
  };
  if (result.rows.length !== deltas.length) {
    const moved = new Set(result.rows.map((row) => row.productId));
    throw new ProductStockShortError(
      deltas.filter((delta) => !moved.has(delta.productId)).map((delta) => delta.productId),
    );
  }
  // The cards' stock total and default variant follow the stock, in this transaction.
  await refreshDesignSummary(
    tx,
    result.rows.map((row) => row.designId),
  );
  return result.rows.map(({ productId, change, quantityAfter }) => ({
    productId,
    change,
    quantityAfter,
  }));
}

/**
 * Signed changes, one per product: a `setTo` becomes the difference from the quantity read under
 * the product's row lock (none when equal); two changes of one product are added together
 * (an UPDATE ... FROM would apply only one of them).
 */
async function toDeltas(tx: Tx, changes: readonly ProductStockChange[]): Promise<Delta[]> {
  const setIds = changes.flatMap((entry) => ('setTo' in entry ? [entry.productId] : []));
  const current = new Map<number, number>();
  if (setIds.length > 0) {
    const rows = await tx
      .select({ id: products.id, quantity: products.stockQuantity })
      .from(products)
      .where(inArray(products.id, setIds))
      .orderBy(asc(products.id))
      .for('update');
    for (const row of rows) current.set(row.id, row.quantity);
  }
  const byProduct = new Map<number, Delta>();
  for (const entry of changes) {
    let change: number;
    if ('setTo' in entry) {
      const before = current.get(entry.productId);
      if (before === undefined) throw new ProductStockShortError([entry.productId]);
      change = entry.setTo - before;
    } else {
      change = entry.change;
    }
    const shipmentId = 'shipmentId' in entry ? entry.shipmentId : null;
    const known = byProduct.get(entry.productId);
    if (known) known.change += change;
    else
      byProduct.set(entry.productId, {
        productId: entry.productId,
        change,
        kind: entry.kind,
        shipmentId,
      });
  }
  return [...byProduct.values()].filter((delta) => delta.change !== 0);
}
