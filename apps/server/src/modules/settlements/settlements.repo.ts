import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  settlementEntries,
  settlementPayouts,
  settlementRates,
  shops,
} from '../../db/schema/index.js';

/** Settlement queries (docs/settlements.md), Drizzle only. Days are Indian `YYYY-MM-DD`. */

type Reader = Db | Tx;

export type EntryRow = typeof settlementEntries.$inferSelect;
export type PayoutRow = typeof settlementPayouts.$inferSelect;
export type RatesRow = typeof settlementRates.$inferSelect;

/** The rates row in force on `day`, else the earliest row (for entries older than the table). */
export async function ratesOn(db: Reader, day: string): Promise<RatesRow> {
  const [row] = await db
    .select()
    .from(settlementRates)
    .where(lte(settlementRates.effectiveFrom, day))
    .orderBy(desc(settlementRates.effectiveFrom))
    .limit(1);
  if (row) return row;
  const [first] = await db
    .select()
    .from(settlementRates)
    .orderBy(asc(settlementRates.effectiveFrom))
    .limit(1);
  if (!first) throw new Error('settlement_rates has no row (migration 0014 inserts one)');
  return first;
}

export function listRates(db: Reader): Promise<RatesRow[]> {
  return db.select().from(settlementRates).orderBy(desc(settlementRates.effectiveFrom));
}

export async function insertRates(
  tx: Tx,
  values: typeof settlementRates.$inferInsert,
): Promise<RatesRow | undefined> {
  const [row] = await tx
    .insert(settlementRates)
    .values(values)
    .onConflictDoNothing({ target: settlementRates.effectiveFrom })
    .returning();
  return row;
}

export async function entryOf(
  db: Reader,
  shipmentId: number,
  kind: 'sale' | 'reversal',
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(settlementEntries)
    .where(and(eq(settlementEntries.shipmentId, shipmentId), eq(settlementEntries.kind, kind)));
  return row;
}

/** Inserts an entry unless the shipment already has one of its kind; answers whether it did. */
export async function insertEntry(
  tx: Tx,
  values: typeof settlementEntries.$inferInsert,
): Promise<boolean> {
  const inserted = await tx
    .insert(settlementEntries)
    .values(values)
    .onConflictDoNothing({ target: [settlementEntries.shipmentId, settlementEntries.kind] })
    .returning({ id: settlementEntries.id });
  return inserted.length > 0;
}

export interface ShopRow {
  id: number;
  name: string;
  gstin: string | null;
  /** The PAN recorded by the admin (used when the GSTIN carries none). */
  pan: string | null;
}

export async function shopOf(
  db: Reader,
  shopId: number,
  lock = false,
): Promise<ShopRow | undefined> {
  const query = db
    .select({ id: shops.id, name: shops.name, gstin: shops.gstin, pan: shops.pan })
    .from(shops)
    .where(eq(shops.id, shopId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Net of every entry less every payout of the shop (what is owed), optionally before a day. */
export async function balanceOf(db: Reader, shopId: number, beforeDay?: string): Promise<number> {
  const [earned] = await db
    .select({ sum: sql<string>`coalesce(sum(${settlementEntries.netPaise}), 0)` })
    .from(settlementEntries)
    .where(
      and(
        eq(settlementEntries.shopId, shopId),
        beforeDay ? lt(settlementEntries.entryDate, beforeDay) : undefined,
      ),
    );
  const [paid] = await db
    .select({ sum: sql<string>`coalesce(sum(${settlementPayouts.amountPaise}), 0)` })
    .from(settlementPayouts)
    .where(
      and(
        eq(settlementPayouts.shopId, shopId),
        beforeDay ? lt(settlementPayouts.paidOn, beforeDay) : undefined,
      ),
    );
  return Number(earned!.sum) - Number(paid!.sum);
}

/** The shop's entries dated from `from` (included) to `to` (excluded), oldest first. */
export function entriesBetween(
  db: Reader,
  shopId: number,
  from: string,
  to: string,
): Promise<EntryRow[]> {
  return db
    .select()
    .from(settlementEntries)
    .where(
      and(
        eq(settlementEntries.shopId, shopId),
        gte(settlementEntries.entryDate, from),
        lt(settlementEntries.entryDate, to),
      ),
    )
    .orderBy(asc(settlementEntries.entryDate), asc(settlementEntries.id));
}

/** The shop's payouts paid from `from` (included) to `to` (excluded), oldest first. */
export function payoutsBetween(
  db: Reader,
  shopId: number,
  from: string,
  to: string,
): Promise<PayoutRow[]> {
  return db
    .select()
    .from(settlementPayouts)
    .where(
      and(
        eq(settlementPayouts.shopId, shopId),
        gte(settlementPayouts.paidOn, from),
        lt(settlementPayouts.paidOn, to),
      ),
    )
    .orderBy(asc(settlementPayouts.paidOn), asc(settlementPayouts.id));
}

export async function payoutByUtr(db: Reader, utr: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(settlementPayouts).where(eq(settlementPayouts.utr, utr));
  return row;
}

export async function insertPayout(
  tx: Tx,
  values: typeof settlementPayouts.$inferInsert,
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .insert(settlementPayouts)
    .values(values)
    .onConflictDoNothing({ target: settlementPayouts.utr })
    .returning();
  return row;
}

/** Every shop with its earned net, paid sum and last payout day, by name. */
export async function shopBalances(db: Reader) {
  const earned = db
    .select({
      shopId: settlementEntries.shopId,
      earned: sql<string>`sum(${settlementEntries.netPaise})`.as('earned'),
    })
    .from(settlementEntries)
    .groupBy(settlementEntries.shopId)
    .as('earned');
  const paid = db
    .select({
      shopId: settlementPayouts.shopId,
      paid: sql<string>`sum(${settlementPayouts.amountPaise})`.as('paid'),
      lastPaidOn: sql<string | null>`max(${settlementPayouts.paidOn})`.as('last_paid_on'),
    })
    .from(settlementPayouts)
    .groupBy(settlementPayouts.shopId)
    .as('paid');
  return db
    .select({
      shopId: shops.id,
      shopName: shops.name,
      gstin: shops.gstin,
      pan: shops.pan,
      earned: sql<string>`coalesce(${earned.earned}, 0)`,
      paid: sql<string>`coalesce(${paid.paid}, 0)`,
      lastPaidOn: paid.lastPaidOn,
    })
    .from(shops)
    .leftJoin(earned, eq(earned.shopId, shops.id))
    .leftJoin(paid, eq(paid.shopId, shops.id))
    .orderBy(asc(shops.name), asc(shops.id));
}

/** GSTR-8 sums of the entries dated from `from` to `to` (excluded), per supplier GSTIN. */
export function gstr8Sums(db: Reader, from: string, to: string) {
  return db
    .select({
      gstin: settlementEntries.supplierGstin,
      shopName: sql<string>`max(${shops.name})`,
      grossSupplies: sql<string>`coalesce(sum(${settlementEntries.taxableValuePaise}) filter (where ${settlementEntries.kind} = 'sale'), 0)`,
      returns: sql<string>`coalesce(-sum(${settlementEntries.taxableValuePaise}) filter (where ${settlementEntries.kind} = 'reversal'), 0)`,
      igst: sql<string>`sum(${settlementEntries.tcsIgstPaise})`,
      cgst: sql<string>`sum(${settlementEntries.tcsCgstPaise})`,
      sgst: sql<string>`sum(${settlementEntries.tcsSgstPaise})`,
    })
    .from(settlementEntries)
    .innerJoin(shops, eq(shops.id, settlementEntries.shopId))
    .where(
      and(
        sql`${settlementEntries.supplierGstin} is not null`,
        gte(settlementEntries.entryDate, from),
        lt(settlementEntries.entryDate, to),
      ),
    )
    .groupBy(settlementEntries.supplierGstin)
    .orderBy(asc(settlementEntries.supplierGstin));
}

/** Records (or clears) the PAN of a shop, inside `tx`. */
export async function updateShopPan(tx: Tx, shopId: number, pan: string | null): Promise<void> {
  await tx.update(shops).set({ pan }).where(eq(shops.id, shopId));
}

/** One shop's balance row (as `shopBalances` gives each), or undefined for an unknown shop. */
export async function shopBalanceOf(db: Reader, shopId: number) {
  const rows = await shopBalances(db);
  return rows.find((row) => row.shopId === shopId);
}

/**
 * Takes the rates table's lock inside `tx` (share row exclusive: reads go on), so additions are
 * checked against the latest row one at a time.
 */
export async function lockRates(tx: Tx): Promise<void> {
  await tx.execute(sql`lock table ${settlementRates} in share row exclusive mode`);
}
