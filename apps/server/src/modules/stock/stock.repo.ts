import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { BACK_OFFICE_PAGE_SIZE } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { stockItems, stockMovements, users } from '../../db/schema/index.js';
import { everyWordIn } from '../../db/search.js';

/** Drizzle queries of the stock module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

export type StockItemRow = typeof stockItems.$inferSelect;

const stockColumns = {
  id: stockItems.id,
  item: stockItems.item,
  category: stockItems.category,
  type: stockItems.type,
  size: stockItems.size,
  quantity: stockItems.quantity,
  pricePaise: stockItems.pricePaise,
  costPaise: stockItems.costPaise,
  lowStockAt: stockItems.lowStockAt,
  sku: stockItems.sku,
  updatedAt: stockItems.updatedAt,
};

/** A row at or below its low-stock threshold (docs/back-office-bills.md "Low stock"). */
const isLow = sql`${stockItems.quantity} <= ${stockItems.lowStockAt}`;

/**
 * Every word of `search` must occur (case-insensitive, any order) in the row's item, category,
 * type or size: 'Shirt-Box Silver' finds the Silver Shirt-Box rows (docs/back-office-bills.md "Routes").
 */
function searchCondition(search: string): SQL | undefined {
  const text = sql`lower(${stockItems.item} || ' ' || ${stockItems.category} || ' ' || ${stockItems.type} || ' ' || ${stockItems.size} || ' ' || ${stockItems.sku})`;
  return everyWordIn(text, search);
}

/**
 * One page (10) of stock rows matching every word of `search` (and low on stock when `lowOnly`),
 * their count, pieces and value at cost (paise), and the low-stock rows of the whole stock.
 */
export async function listStock(db: Queryable, search: string, page: number, lowOnly = false) {
  const where = and(searchCondition(search), lowOnly ? isLow : undefined);
  const [rows, [counted], [low]] = await Promise.all([
    db
      .select(stockColumns)
      .from(stockItems)
      .where(where)
      .orderBy(
        asc(stockItems.item),
        asc(stockItems.category),
        asc(stockItems.type),
        asc(stockItems.size),
      )
      .limit(BACK_OFFICE_PAGE_SIZE)
      .offset((page - 1) * BACK_OFFICE_PAGE_SIZE),
    db
      .select({
        total: count(),
        quantity: sql<number>`coalesce(sum(${stockItems.quantity}), 0)::int`,
        valuePaise: sql<number>`coalesce(sum(${stockItems.quantity}::bigint * ${stockItems.costPaise}), 0)::bigint`,
      })
      .from(stockItems)
      .where(where),
    db.select({ n: count() }).from(stockItems).where(isLow),
  ]);
  return {
    rows,
    total: counted?.total ?? 0,
    quantity: Number(counted?.quantity ?? 0),
    valuePaise: Number(counted?.valuePaise ?? 0),
    lowCount: low?.n ?? 0,
  };
}

/** One stock row by its SKU (already upper-case), or undefined. */
export async function findStockItemBySku(db: Queryable, sku: string) {
  const [row] = await db.select(stockColumns).from(stockItems).where(eq(stockItems.sku, sku));
  return row;
}

/**
 * Sets a row's price, cost, threshold or SKU (the keys given).
 * @returns whether the row exists.
 */
export async function updateStockDetails(
  tx: Tx,
  stockItemId: number,
  values: { pricePaise?: number; costPaise?: number; lowStockAt?: number; sku?: string },
): Promise<boolean> {
  const rows = await tx
    .update(stockItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(stockItems.id, stockItemId))
    .returning({ id: stockItems.id });
  return rows.length > 0;
}

/** Whether a row of this item x category x type x size exists. */
export async function stockKeyExists(
  db: Queryable,
  key: { item: string; category: string; type: string; size: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: stockItems.id })
    .from(stockItems)
    .where(
      and(
        eq(stockItems.item, key.item),
        eq(stockItems.category, key.category),
        eq(stockItems.type, key.type),
        eq(stockItems.size, key.size),
      ),
    );
  return row !== undefined;
}

/** One stock row by id, or undefined. */
export async function findStockItem(db: Queryable, stockItemId: number) {
  const [row] = await db
    .select(stockColumns)
    .from(stockItems)
    .where(eq(stockItems.id, stockItemId));
  return row;
}

/**
 * Inserts a stock row with 0 pieces (the opening movement then brings in the pieces); an empty
 * `sku` is made 'BZ-' + id by the table's trigger.
 * @returns the new id, or undefined when item x category x type x size or the SKU already exists.
 */
export async function insertStockItem(
  tx: Tx,
  values: {
    item: string;
    category: string;
    type: string;
    size: string;
    pricePaise: number;
    costPaise: number;
    lowStockAt: number;
    sku: string;
  },
): Promise<number | undefined> {
  const [row] = await tx
    .insert(stockItems)
    .values({ ...values, quantity: 0 })
    .onConflictDoNothing()
    .returning({ id: stockItems.id });
  return row?.id;
}

/** One page (10) of a stock row's movements, newest first, with the actor's name, and the count. */
export async function listMovements(db: Queryable, stockItemId: number, page: number) {
  const where = eq(stockMovements.stockItemId, stockItemId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        kind: stockMovements.kind,
        change: stockMovements.change,
        quantityAfter: stockMovements.quantityAfter,
        billId: stockMovements.billId,
        at: stockMovements.at,
        actorName: users.name,
      })
      .from(stockMovements)
      .leftJoin(users, eq(users.id, stockMovements.actorId))
      .where(where)
      .orderBy(desc(stockMovements.id))
      .limit(BACK_OFFICE_PAGE_SIZE)
      .offset((page - 1) * BACK_OFFICE_PAGE_SIZE),
    db.select({ total: count() }).from(stockMovements).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The HSN classes of the stock rows of some item x category x type x size keys (absent keys
 * skipped).
 */
export async function findHsnClasses(
  db: Queryable,
  keys: readonly { item: string; category: string; type: string; size: string }[],
) {
  if (keys.length === 0) return [];
  return db
    .select({
      item: stockItems.item,
      category: stockItems.category,
      type: stockItems.type,
      size: stockItems.size,
      hsnClass: stockItems.hsnClass,
    })
    .from(stockItems)
    .where(
      or(
        ...keys.map((key) =>
          and(
            eq(stockItems.item, key.item),
            eq(stockItems.category, key.category),
            eq(stockItems.type, key.type),
            eq(stockItems.size, key.size),
          ),
        ),
      ),
    );
}
