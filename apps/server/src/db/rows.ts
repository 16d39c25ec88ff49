import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.js';

/** One row of a raw SQL answer, by column name. */
export type Row = Record<string, unknown>;

/**
 * The rows of a raw SQL query (`db.execute`): node-postgres and PGlite both answer
 * `{ rows }`. Columns keep the driver's types (bigint and numeric as text): convert them where
 * read. For the read models written in SQL (reports, ledger, exports, GSTR-1, filter options).
 */
export async function rowsOf<T extends Row>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
