import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  businessSettings,
  documentSeries,
  taxDocumentLines,
  taxDocuments,
} from '../../db/schema/index.js';

/** Drizzle queries of issued tax documents (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

export type TaxDocumentRecord = typeof taxDocuments.$inferSelect;
export type NewTaxDocument = Omit<typeof taxDocuments.$inferInsert, 'id'>;
export type NewTaxDocumentLine = Omit<typeof taxDocumentLines.$inferInsert, 'id' | 'documentId'>;

/**
 * Takes the next serial of a series inside the caller's transaction: the row stays locked until
 * it ends, and a rollback gives the serial back (so the series has no gaps).
 */
export async function nextSerial(
  tx: Tx,
  series: { supplierKey: string; kind: string; financialYear: string },
): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ ...series, lastSerial: 1 })
    .onConflictDoUpdate({
      target: [documentSeries.supplierKey, documentSeries.kind, documentSeries.financialYear],
      set: { lastSerial: sql`${documentSeries.lastSerial} + 1` },
    })
    .returning({ lastSerial: documentSeries.lastSerial });
  return row!.lastSerial;
}

/**
 * Takes the next `count` serials of a series at once inside the caller's transaction (a bulk
 * load in serial order); answers the first of them.
 */
export async function nextSerials(
  tx: Tx,
  series: { supplierKey: string; kind: string; financialYear: string },
  count: number,
): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ ...series, lastSerial: count })
    .onConflictDoUpdate({
      target: [documentSeries.supplierKey, documentSeries.kind, documentSeries.financialYear],
      set: { lastSerial: sql`${documentSeries.lastSerial} + ${count}` },
    })
    .returning({ lastSerial: documentSeries.lastSerial });
  return row!.lastSerial - count + 1;
}

/** Inserts a document and its lines; answers the document's row. */
export async function insertDocument(
  tx: Tx,
  document: NewTaxDocument,
  lines: NewTaxDocumentLine[],
): Promise<TaxDocumentRecord> {
  const [row] = await tx.insert(taxDocuments).values(document).returning();
  if (lines.length > 0) {
    await tx
      .insert(taxDocumentLines)
      .values(lines.map((line) => ({ ...line, documentId: row!.id })));
  }
  return row!;
}

/** A document by id, or undefined; `forUpdate` locks it until the transaction ends. */
export async function findDocument(
  db: Queryable,
  documentId: number,
  forUpdate = false,
): Promise<TaxDocumentRecord | undefined> {
  const query = db.select().from(taxDocuments).where(eq(taxDocuments.id, documentId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Every document of a wholesale bill (its invoice, then credit notes), oldest first. */
export function findDocumentsOfBill(db: Queryable, billId: number): Promise<TaxDocumentRecord[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.billId, billId))
    .orderBy(asc(taxDocuments.id));
}

/** Every document of a marketplace shipment, oldest first. */
export function findDocumentsOfShipment(
  db: Queryable,
  shipmentId: number,
): Promise<TaxDocumentRecord[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.shipmentId, shipmentId))
    .orderBy(asc(taxDocuments.id));
}

/** Marks a document cancelled (the caller holds its lock). */
export async function markCancelled(
  tx: Tx,
  documentId: number,
  values: { reason: string; actorId: string | null },
): Promise<void> {
  await tx
    .update(taxDocuments)
    .set({
      status: 'cancelled',
      cancelledAt: sql`now()`,
      cancelReason: values.reason,
      cancelledBy: values.actorId,
    })
    .where(and(eq(taxDocuments.id, documentId), eq(taxDocuments.status, 'issued')));
}

/** A business setting's JSON value, or undefined. */
export async function findSetting(db: Queryable, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: businessSettings.value })
    .from(businessSettings)
    .where(eq(businessSettings.key, key));
  return row?.value;
}
