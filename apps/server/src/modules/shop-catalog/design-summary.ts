import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Rewrites the card aggregates of the given designs from their live variants (docs/catalog.md
 * "Designs and variants"): price range and best percent off (paise, percent), colours, sizes
 * (SIZES order), total stock (units), rating weighted by count, the default variant (cheapest in
 * stock, else cheapest), the search text, and whether the design is listed at all (archived when
 * no variant is live). The SQL lives in the database function `refresh_design_summary` (created
 * by the designs migration, which also runs it once for every design), so the migration and the
 * application share one definition. Call it inside the transaction of EVERY change to a
 * variant's price, MRP, stock, size, colour, rating or archive, and after a design's name,
 * category, style or material change; ids may repeat.
 */
export async function refreshDesignSummary(tx: Tx, designIds: readonly number[]): Promise<void> {
  const ids = [...new Set(designIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.execute(
    sql`select refresh_design_summary(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[])`,
  );
}
