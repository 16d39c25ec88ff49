/**
 * Seller saves of designs (docs/shop-catalog.md "Designs"), through the shop catalog service on
 * the benchmark's PostgreSQL database (bench/seed-bench.ts's 100,000 designs x 6 variants, so
 * the unique indexes and the card refresh work at full size): `BENCH_SAVES` (20) new designs of
 * 6 colours x 4 sizes, then `BENCH_SAVES` edits of one design of 500 variants (63 colours x 8
 * sizes, cut to 500) that change every price, 50 quantities, add 5 variants and archive 5. The
 * HTTP layer is left out (about a millisecond); the transaction, the stock ledger and the
 * refresh are all in. Budgets: a 6x4 save < 300 ms, a 500-variant edit < 2 s (p95 of the runs).
 *
 * Run: DATABASE_URL=postgres://.../bazaar_bench_designs npx tsx bench/design-saves.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SIZE_LABELS, type DesignUpdate } from '@bazaar/shared';
import { openDatabase } from '../apps/server/src/db/client.js';
import { colours, companies, productNames, shops } from '../apps/server/src/db/schema/index.js';
import { createShopCatalogService } from '../apps/server/src/modules/shop-catalog/shop-catalog.service.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';

const RUNS = Number(process.env.BENCH_SAVES ?? 20);
const ROOT = path.resolve(import.meta.dirname, '..');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('Set DATABASE_URL to the benchmark database');
  const database = await openDatabase({ databaseUrl, pgliteDataDir: '', poolMax: 2 });
  try {
    await database.migrate();
    const db = database.db;
    const [shop] = await db.select({ id: shops.id }).from(shops).orderBy(shops.id).limit(1);
    if (!shop) throw new Error('Run bench/seed-bench.ts first');
    const colourNames = Array.from({ length: 64 }, (_, i) => `Bench Colour ${i}`);
    await db
      .insert(colours)
      .values(colourNames.map((name) => ({ shopId: shop.id, name })))
      .onConflictDoNothing();
    await db
      .insert(companies)
      .values({ shopId: shop.id, name: 'Bench Brand' })
      .onConflictDoNothing();
    await db
      .insert(productNames)
      .values({ shopId: shop.id, name: 'Bench Shirt' })
      .onConflictDoNothing();
    const service = createShopCatalogService({
      db,
      storage: createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-media-'))),
      catalog: { invalidate: () => undefined, listSliderProducts: async () => [] },
    });
    const design = (style: 'Plain' | 'Printed', variants: DesignUpdate['variants']) => ({
      company: 'Bench Brand',
      name: 'Bench Shirt',
      category: 'Men' as const,
      style,
      material: 'Cotton' as const,
      description: 'A benchmark shirt',
      variants,
    });
    const grid = (
      colourCount: number,
      sizes: readonly (typeof SIZE_LABELS)[number][],
      run: number,
    ) =>
      colourNames.slice(0, colourCount).flatMap((colour, c) =>
        sizes.map((size, s) => ({
          size,
          colour,
          sku: `BS-${run}-${c}-${s}-${Date.now() % 100_000}`,
          mrpPaise: 150_000,
          pricePaise: 99_900 + s * 1_000,
          quantity: 10 + c,
        })),
      );

    const creates: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await service.createDesign(shop.id, design('Plain', grid(6, ['S', 'M', 'L', 'XL'], run)));
      creates.push(performance.now() - started);
    }

    const big = await service.createDesign(
      shop.id,
      design('Printed', grid(63, SIZE_LABELS, 999).slice(0, 500)),
    );
    const edits: number[] = [];
    let current = (await service.getDesign(shop.id, big.designId)).variants;
    for (let run = 0; run < RUNS; run += 1) {
      const kept = current.slice(5);
      const used = new Set(current.map((v) => `${v.size}|${v.colour}`));
      const free = colourNames
        .flatMap((colour) => SIZE_LABELS.map((size) => ({ size, colour })))
        .filter((pair) => !used.has(`${pair.size}|${pair.colour}`))
        .slice(0, 5);
      const body = design('Printed', [
        ...kept.map((v, index) => ({
          id: v.id,
          size: v.size,
          colour: v.colour,
          sku: v.sku,
          mrpPaise: v.mrpPaise,
          pricePaise: Math.max(100, v.pricePaise - 100),
          quantity: index < 50 ? v.stockQuantity + 1 : v.stockQuantity,
        })),
        ...free.map((pair, index) => ({
          ...pair,
          sku: `BS-E-${run}-${index}-${Date.now() % 100_000}`,
          mrpPaise: 150_000,
          pricePaise: 120_000,
          quantity: 3,
        })),
      ]);
      const started = performance.now();
      current = (await service.updateDesign(shop.id, big.designId, body)).variants;
      edits.push(performance.now() - started);
    }
    const figures = {
      date: new Date().toISOString(),
      runs: RUNS,
      create6x4: {
        p50: percentile(creates, 50),
        p95: percentile(creates, 95),
        max: percentile(creates, 100),
      },
      edit500: {
        p50: percentile(edits, 50),
        p95: percentile(edits, 95),
        max: percentile(edits, 100),
      },
    };
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'bench/results/design-saves.json'),
      JSON.stringify(figures, null, 2),
    );
    console.log(
      `Design saves over ${RUNS} runs: 6x4 create p50 ${figures.create6x4.p50} ms, p95 ${figures.create6x4.p95} ms (budget 300); ` +
        `500-variant edit p50 ${figures.edit500.p50} ms, p95 ${figures.edit500.p95} ms (budget 2000)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
