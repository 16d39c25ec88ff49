/**
 * Search-benchmark data (bench/catalog-search.ts): 100,000 designs over the demo shops, each in
 * 6 variants (2 colours x 3 sizes: 600,000 products), with the demo catalog's product names,
 * colours, brands and price ranges, so a 3-letter search such as 'kur' or 'shi' matches a
 * realistic share of designs. No images. Deterministic: every value is arithmetic on the row
 * number. Idempotent: does nothing when 100,000 designs already exist; an interrupted load is
 * finished chunk by chunk (designs are numbered, variants `on conflict do nothing`).
 *
 * Run: npx tsx bench/seed-bench.ts
 *   DATABASE_URL=postgres://...            load into PostgreSQL
 *   BENCH_PGLITE_DIR=./data/bench-pglite/pglite   otherwise PGlite here (the default; serve it
 *                                          with DATA_DIR=./data/bench-pglite)
 */
import path from 'node:path';
import { SIZES } from '@bazaar/shared';
import { count, inArray, sql, type SQL } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { productDesigns, products, shops } from '../apps/server/src/db/schema/index.js';
import { generateDemoShops, productLines } from '../apps/server/src/seed/demo-catalog.js';

const TARGET = Number(process.env.BENCH_DESIGNS ?? 100_000);
const CHUNK = 10_000;
/** Variants per design: 2 colours x 3 sizes. */
const COLOURS_PER_DESIGN = 2;
const SIZES_PER_DESIGN = 3;
/** Percents off the MRP the rows are priced at (the MRP is worked out from price and percent). */
const DISCOUNTS = [0, 5, 10, 15, 20, 25, 30, 35, 40, 50, 60];

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** `(values (..), (..))` rows for a CTE; integers are cast so PostgreSQL does not read them as text. */
function valuesList(rows: readonly (readonly (string | number)[])[]): SQL {
  return sql.join(
    rows.map(
      (row) =>
        sql`(${sql.join(
          row.map((v) => (typeof v === 'number' ? sql`${v}::int` : sql`${v}`)),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
}

async function main(): Promise<void> {
  const started = performance.now();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const pgliteDir = path.resolve(process.env.BENCH_PGLITE_DIR || './data/bench-pglite/pglite');
  const database = await openDatabase({ databaseUrl, pgliteDataDir: pgliteDir, poolMax: 2 });
  const where = database.kind === 'pglite' ? pgliteDir : 'PostgreSQL';
  try {
    await database.migrate();
    const db = database.db;
    const existing = (await db.select({ n: count() }).from(productDesigns))[0]?.n ?? 0;
    if (existing >= TARGET) {
      console.log(
        `seed-bench: ${existing} designs already in ${where}; nothing to do (${seconds(performance.now() - started)})`,
      );
      return;
    }

    const demoShops = generateDemoShops();
    await db.insert(shops).values(demoShops).onConflictDoNothing({ target: shops.email });
    const shopIds = (
      await db
        .select({ id: shops.id })
        .from(shops)
        .where(
          inArray(
            shops.email,
            demoShops.map((s) => s.email),
          ),
        )
        .orderBy(shops.id)
    ).map((row) => row.id);

    const lines = productLines();
    const lineRows = lines.map((line, i) => {
      // Prices in the garment's range ending in 49/99: base + k * 50 - 1 rupees.
      const base = Math.ceil((line.minRupees + 1) / 50) * 50;
      const steps = Math.floor((line.maxRupees + 1 - base) / 50) + 1;
      return [
        i,
        line.category,
        line.name,
        line.style,
        line.material,
        base,
        steps,
        line.brands.length,
        line.colours.length,
      ];
    });
    const brandRows = lines.flatMap((line, i) => line.brands.map((name, j) => [i, j, name]));
    const colourRows = lines.flatMap((line, i) => line.colours.map((name, j) => [i, j, name]));
    const sizeRows = SIZES.map((s, i) => [i, s.label, s.chestInches, s.lengthCm]);
    const shopRows = shopIds.map((id, i) => [i, id]);
    const discounts = sql.raw(`array[${DISCOUNTS.join(',')}]`);

    for (let from = 1; from <= TARGET; from += CHUNK) {
      const to = Math.min(TARGET, from + CHUNK - 1);
      const chunkStarted = performance.now();
      const common = sql`
        with l(i, category, name, style, material, base, steps, nbrands, ncolours) as (values ${valuesList(lineRows)}),
          b(li, j, name) as (values ${valuesList(brandRows)}),
          c(li, j, name) as (values ${valuesList(colourRows)}),
          s(i, label, chest, len) as (values ${valuesList(sizeRows)}),
          sh(i, id) as (values ${valuesList(shopRows)}),
          g as (
            select n, l.*, (l.base + ((n * 7919) % l.steps) * 50 - 1) * 100 as price,
              (${discounts})[1 + (n * 31) % ${DISCOUNTS.length}] as discount
            from generate_series(${from}::int, ${to}::int) as n
            join l on l.i = n % ${lines.length}
          )`;
      // Design n has id n, so a rerun skips the designs of finished chunks.
      await db.execute(sql`${common}
        insert into product_designs (id, shop_id, company, name, category, style, material, description)
        select g.n, sh.id, b.name, g.name, g.category, g.style, g.material,
          g.name || ' in ' || lower(g.material) || '.'
        from g
        join b on b.li = g.i and b.j = (g.n / 7) % g.nbrands
        join sh on sh.i = (g.n / 11) % ${shopRows.length}
        on conflict (id) do nothing`);
      // Variant v of design n: colour (n + v / sizes), size (n / 3 + v % sizes), prices spread
      // by a tenth per variant so the card's 'From' price and range differ.
      await db.execute(sql`${common},
          v as (select generate_series(0, ${COLOURS_PER_DESIGN * SIZES_PER_DESIGN - 1}) as v)
        insert into products (shop_id, design_id, sku, company, name, category, style, material, colour, size,
          chest_inches, length_cm, mrp_paise, price_paise, rating, rating_count,
          description, placement, stock_quantity)
        select d.shop_id, g.n, 'BENCH-' || lpad(g.n::text, 6, '0') || '-' || v.v, d.company, g.name,
          g.category, g.style, g.material, c.name, s.label, s.chest, s.len,
          (ceil(g.price::numeric * (10 + v.v % 3) / 10 / (100 - g.discount)) * 100)::bigint,
          g.price * (10 + v.v % 3) / 10,
          ((30 + (g.n * 13) % 21) / 10.0)::numeric(2, 1), (g.n * 37 + v.v) % 2000,
          d.description, 'normal', (g.n * 17 + v.v * 5) % 121
        from g cross join v
        join product_designs d on d.id = g.n
        join c on c.li = g.i and c.j = (g.n / ${lines.length} + v.v / ${SIZES_PER_DESIGN}) % g.ncolours
        join s on s.i = (g.n / 3 + v.v % ${SIZES_PER_DESIGN}) % 8
        on conflict do nothing`);
      await db.execute(
        sql`select refresh_design_summary(array(select generate_series(${from}::int, ${to}::int)))`,
      );
      console.log(`seed-bench: rows ${from}-${to} in ${seconds(performance.now() - chunkStarted)}`);
    }
    await db.execute(
      sql`select setval(pg_get_serial_sequence('product_designs', 'id'), (select max(id) from product_designs))`,
    );
    // Each design row is written twice (inserted, then its summary refreshed): vacuum so reads
    // do not step over 100,000 dead versions, as autovacuum would in a running shop (it is off
    // on some database servers this benchmark runs on).
    await db.execute(sql`vacuum analyze products`);
    await db.execute(sql`vacuum analyze product_designs`);
    // The load leaves hundreds of MB of changed pages for PostgreSQL to write: written now, not
    // by a checkpoint during the first measured run (after a fresh load that run's p99 was 67 ms
    // against 4-7 ms in the runs after it: bench/README.md "Catalog search").
    if (databaseUrl) await db.execute(sql`checkpoint`);
    const total = (await db.select({ n: count() }).from(products))[0]?.n ?? 0;
    const designs = (await db.select({ n: count() }).from(productDesigns))[0]?.n ?? 0;
    console.log(
      `seed-bench: ${designs} designs, ${total} products in ${where} (${seconds(performance.now() - started)})`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
