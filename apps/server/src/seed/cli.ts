/**
 * `npm run seed`: loads the demo data set into the configured database (PostgreSQL when
 * DATABASE_URL is set, otherwise PGlite under DATA_DIR/pglite), images under DATA_DIR/uploads.
 * Migrates first; does nothing but heal missing images when the demo data is already there.
 * Also runnable from source: `npx tsx apps/server/src/seed/cli.ts`.
 */
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createLocalStorage } from '../platform/storage.js';
import { seedDemoData } from './seed.js';
import { seedDemoAccounts } from './demo-accounts.js';
import { seedDemoBackOffice } from './demo-back-office.js';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: config.pgliteDir,
    poolMax: config.PG_POOL_MAX,
  });
  try {
    await database.migrate();
    const migrated = performance.now();
    const result = await seedDemoData(database.db, {
      storage: createLocalStorage(config.uploadsDir),
    });
    const accounts = await seedDemoAccounts(database.db);
    await seedDemoBackOffice(database.db);
    const done = performance.now();
    const where = database.kind === 'pglite' ? config.pgliteDir : 'PostgreSQL';
    const what = result.skipped
      ? `demo data already loaded, ${result.images} missing image(s) regenerated`
      : `${result.shops} shops, ${result.products} products, ${result.images} images`;
    console.log(
      `seed: ${what}, ${accounts.created} demo account(s) in ${seconds(done - started)} (migrate ${seconds(migrated - started)}, seed ${seconds(done - migrated)}) [${where}]`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
