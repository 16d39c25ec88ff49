import {
  BACK_OFFICE_PAGE_SIZE,
  BILLING_MESSAGES,
  notEnoughStockMessage,
  type CreateStockItemInput,
  type StockAdjustInput,
  type StockMovementKind,
  type StockMovementPage,
  type StockPage,
  type StockRow,
  type UpdateStockItemInput,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, isUniqueViolation, refusal } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { lockStockRows, recordStockMovement } from './stock-ledger.js';
import * as repo from './stock.repo.js';

/** The acting user as the stock module records it. */
type Actor = Pick<AuthUser, 'id' | 'role' | 'name'>;

/**
 * Item x category x type x size: what a bill line is matched on (docs/back-office-bills.md
 * "Stock per size").
 */
export interface StockKey {
  item: string;
  category: string;
  type: string;
  size: string;
}

function totalPages(total: number): number {
  return Math.max(1, Math.ceil(total / BACK_OFFICE_PAGE_SIZE));
}

function toStockRow(row: {
  id: number;
  item: string;
  category: string;
  type: string;
  size: string;
  quantity: number;
  pricePaise: number;
  costPaise: number;
  lowStockAt: number;
  sku: string;
  updatedAt: Date;
}): StockRow {
  return {
    ...row,
    valuePaise: row.quantity * row.costPaise,
    low: row.quantity <= row.lowStockAt,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const skuTaken = () =>
  refusal('SKU_TAKEN', BILLING_MESSAGES.skuTaken, { sku: BILLING_MESSAGES.skuTaken });

const keyOf = (line: StockKey): string =>
  `${line.item}\u0000${line.category}\u0000${line.type}\u0000${line.size}`;

/** Lines of the same item x category x type x size summed, in key order. */
function groupByStockKey<L extends StockKey & { quantity: number }>(
  lines: readonly L[],
): (StockKey & { quantity: number })[] {
  const grouped = new Map<string, StockKey & { quantity: number }>();
  for (const line of lines) {
    const key = keyOf(line);
    const group = grouped.get(key);
    if (group) group.quantity += line.quantity;
    else
      grouped.set(key, {
        item: line.item,
        category: line.category,
        type: line.type,
        size: line.size,
        quantity: line.quantity,
      });
  }
  return [...grouped.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, group]) => group);
}

/**
 * Takes a new bill's pieces out of stock inside the bill's transaction (docs/back-office-bills.md
 * "Rules the server enforces"): one `sale` movement per item x category x type x size (lines of
 * the same key summed), from the row of the line's size only. The rows are locked first in id
 * order (`lockStockRows`), as a cancel's restore locks them, so the two never deadlock.
 * @returns the stock row id of each line's key (`keyOf`), for the bill lines.
 * @throws AppError CONFLICT 'Only N pieces of {item} {category} {type} size {size} in stock' when
 *   a key has no stock row (N = 0) or too few pieces; the caller's transaction then writes nothing.
 */
export async function takeStockForBill(
  tx: Tx,
  lines: readonly (StockKey & { quantity: number })[],
  billId: number,
  actorId: string,
): Promise<(line: StockKey) => number> {
  const ids = new Map<string, number>();
  const groups = groupByStockKey(lines);
  await lockStockRows(tx, groups);
  for (const group of groups) {
    const result = await recordStockMovement(tx, {
      stock: group,
      change: -group.quantity,
      kind: 'sale',
      billId,
      actorId,
    });
    if (!result.ok) {
      const available = result.reason === 'missing' ? 0 : result.available;
      throw refusal('OUT_OF_STOCK', notEnoughStockMessage(available, group));
    }
    ids.set(keyOf(group), result.stockItemId);
  }
  return (line) => ids.get(keyOf(line)) as number;
}

/**
 * The HSN class (HSN_CLASSES key) of the stock rows of some bill lines, by item x category x
 * type x size: what a new bill's lines are invoiced under (docs/gst.md "HSN"). A key without a stock
 * row is absent (the sale is refused for it anyway).
 */
export async function stockHsnClasses(
  db: Db | Tx,
  lines: readonly StockKey[],
): Promise<(line: StockKey) => string | undefined> {
  const rows = await repo.findHsnClasses(
    db,
    groupByStockKey(lines.map((l) => ({ ...l, quantity: 0 }))),
  );
  const classes = new Map(rows.map((row) => [keyOf(row), row.hsnClass]));
  return (line) => classes.get(keyOf(line));
}

/**
 * Puts a cancelled bill's pieces back inside the cancel's transaction (docs/back-office-bills.md
 * "Rules the server enforces"): one movement of `kind` (normally 'restore') per line, into the
 * stock row the line was taken from (`stockItemId`, so a size M line goes back to size M, and a
 * line sold before sizes goes back to the row it left), or by item x category x type x size when
 * the line names no row. A line whose stock row no longer exists or that would pass
 * STOCK_MAX_QUANTITY is skipped: the ledger writes nothing for it, so stock still equals the
 * ledger's sum. All the rows are locked first in id order (`lockStockRows`), as a purchase locks
 * them, so a cancel and a purchase of the same rows never deadlock.
 */
export async function restoreStockOfBill(
  tx: Tx,
  lines: readonly (StockKey & { quantity: number; stockItemId?: number | null })[],
  billId: number,
  actorId: string,
  kind: StockMovementKind = 'restore',
): Promise<void> {
  const byRow = new Map<number, number>();
  const unlinked: (StockKey & { quantity: number })[] = [];
  for (const line of lines) {
    if (line.stockItemId != null) {
      byRow.set(line.stockItemId, (byRow.get(line.stockItemId) ?? 0) + line.quantity);
    } else unlinked.push(line);
  }
  const unlinkedGroups = groupByStockKey(unlinked);
  await lockStockRows(tx, [
    ...[...byRow.keys()].map((stockItemId) => ({ stockItemId })),
    ...unlinkedGroups,
  ]);
  for (const [stockItemId, quantity] of [...byRow.entries()].sort(([a], [b]) => a - b)) {
    await recordStockMovement(tx, {
      stock: { stockItemId },
      change: quantity,
      kind,
      billId,
      actorId,
    });
  }
  for (const group of unlinkedGroups) {
    await recordStockMovement(tx, { stock: group, change: group.quantity, kind, billId, actorId });
  }
}

/**
 * Product Stock (docs/back-office-bills.md).
 * Quantities are pieces, prices paise.
 */
export function createStockService(deps: { db: Db }) {
  const { db } = deps;

  async function requireStockRow(stockItemId: number) {
    const row = await repo.findStockItem(db, stockItemId);
    if (!row) throw new AppError('NOT_FOUND', BILLING_MESSAGES.stockItemNotFound);
    return row;
  }

  return {
    /**
     * `GET /api/stock`: one page (10) by item, category, type, size; `search` in any of them or
     * the SKU; `lowOnly` keeps rows at or below their threshold. Totals of the matching rows
     * (pieces, value at cost in paise) and the count of low rows in the whole stock.
     */
    async list(search: string, page: number, lowOnly = false): Promise<StockPage> {
      const { rows, total, quantity, valuePaise, lowCount } = await repo.listStock(
        db,
        search,
        page,
        lowOnly,
      );
      return {
        items: rows.map(toStockRow),
        page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: totalPages(total),
        totals: { quantity, valuePaise },
        lowCount,
      };
    },

    /**
     * `GET /api/stock/sku/{sku}`: the row a scanner's code names (`sku` upper-cased by the schema).
     * @throws AppError NOT_FOUND SKU_NOT_FOUND 'No stock item has the code {sku}'.
     */
    async findBySku(sku: string): Promise<StockRow> {
      const row = await repo.findStockItemBySku(db, sku);
      if (!row) throw refusal('SKU_NOT_FOUND', BILLING_MESSAGES.skuNotFound(sku));
      return toStockRow(row);
    },

    /**
     * `PATCH /api/stock/{id}`: price, cost, low-stock threshold or SKU, with an audit row of the
     * values before and after, in one transaction.
     * @throws AppError NOT_FOUND 'Stock item not found'; CONFLICT SKU_TAKEN.
     */
    async update(
      actor: Actor,
      stockItemId: number,
      input: UpdateStockItemInput,
    ): Promise<StockRow> {
      const before = await requireStockRow(stockItemId);
      if (input.sku !== undefined && input.sku !== before.sku) {
        const holder = await repo.findStockItemBySku(db, input.sku);
        if (holder) throw skuTaken();
      }
      try {
        await db.transaction(async (tx) => {
          const found = await repo.updateStockDetails(tx, stockItemId, input);
          if (!found) throw new AppError('NOT_FOUND', BILLING_MESSAGES.stockItemNotFound);
          const key = {
            item: before.item,
            category: before.category,
            type: before.type,
            size: before.size,
          };
          const changed = Object.keys(input) as (keyof UpdateStockItemInput)[];
          await recordAudit(tx, {
            actor,
            entity: 'stock',
            entityId: stockItemId,
            action: 'update',
            before: { ...key, ...Object.fromEntries(changed.map((name) => [name, before[name]])) },
            after: { ...key, ...input },
          });
        });
      } catch (error) {
        // Two admins giving one SKU to two rows at once: the unique index refuses the second.
        if (isUniqueViolation(error)) throw skuTaken();
        throw error;
      }
      return toStockRow(await requireStockRow(stockItemId));
    },

    /**
     * `POST /api/stock`: a new stock row with its opening pieces (an `opening` movement, even of
     * 0) and an audit row, in one transaction.
     * The SKU is the one given or 'BZ-' + the new id.
     * @throws AppError CONFLICT 'This item, category, type and size is already in stock';
     *   CONFLICT SKU_TAKEN when another row has the SKU.
     */
    async create(actor: Actor, input: CreateStockItemInput): Promise<StockRow> {
      if (input.sku !== undefined && (await repo.findStockItemBySku(db, input.sku))) {
        throw skuTaken();
      }
      const id = await db.transaction(async (tx) => {
        const stockItemId = await repo.insertStockItem(tx, {
          item: input.item,
          category: input.category,
          type: input.type,
          size: input.size,
          pricePaise: input.pricePaise,
          costPaise: input.costPaise ?? 0,
          lowStockAt: input.lowStockAt ?? 0,
          sku: input.sku ?? '',
        });
        if (stockItemId === undefined) {
          // Either index refused it: the key (say so) or the SKU (given or made from the id).
          if (await repo.stockKeyExists(tx, input)) {
            throw refusal('STOCK_ITEM_EXISTS', BILLING_MESSAGES.stockExists);
          }
          throw skuTaken();
        }
        await recordStockMovement(tx, {
          stock: { stockItemId },
          change: input.quantity,
          kind: 'opening',
          actorId: actor.id,
        });
        await recordAudit(tx, {
          actor,
          entity: 'stock',
          entityId: stockItemId,
          action: 'create',
          after: { ...input },
        });
        return stockItemId;
      });
      return toStockRow(await requireStockRow(id));
    },

    /**
     * `POST /api/stock/{id}/adjust`: the Add / Minus edit; an `add` or `minus` movement and an
     * audit row (quantity before and after) in one transaction.
     * @throws AppError NOT_FOUND 'Stock item not found'; BUSINESS_RULE 'Stock cannot go below
     *   zero' / 'Stock cannot exceed 10000000 pieces'.
     */
    async adjust(actor: Actor, stockItemId: number, input: StockAdjustInput): Promise<StockRow> {
      await db.transaction(async (tx) => {
        const result = await recordStockMovement(tx, {
          stock: { stockItemId },
          change: input.kind === 'add' ? input.quantity : -input.quantity,
          kind: input.kind,
          actorId: actor.id,
        });
        if (!result.ok) {
          if (result.reason === 'missing') {
            throw new AppError('NOT_FOUND', BILLING_MESSAGES.stockItemNotFound);
          }
          throw new AppError(
            'BUSINESS_RULE',
            result.reason === 'short'
              ? BILLING_MESSAGES.stockBelowZero
              : BILLING_MESSAGES.stockTooLarge,
          );
        }
        // Item, category, type and size name the row in the audit trail's Record column.
        const row = await repo.findStockItem(tx, stockItemId);
        const key = { item: row?.item, category: row?.category, type: row?.type, size: row?.size };
        await recordAudit(tx, {
          actor,
          entity: 'stock',
          entityId: stockItemId,
          action: 'update',
          before: { ...key, quantity: result.quantityBefore },
          after: {
            ...key,
            quantity: result.quantityAfter,
            kind: input.kind,
            change: input.quantity,
          },
        });
      });
      return toStockRow(await requireStockRow(stockItemId));
    },

    /**
     * `GET /api/stock/{id}/movements`: the row and its history, newest first, 10 a page.
     * @throws AppError NOT_FOUND 'Stock item not found'.
     */
    async movements(stockItemId: number, page: number): Promise<StockMovementPage> {
      const stockItem = await requireStockRow(stockItemId);
      const { rows, total } = await repo.listMovements(db, stockItemId, page);
      return {
        stockItem: toStockRow(stockItem),
        items: rows.map((row) => ({
          ...row,
          kind: row.kind as StockMovementKind,
          at: row.at.toISOString(),
        })),
        page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: totalPages(total),
      };
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
