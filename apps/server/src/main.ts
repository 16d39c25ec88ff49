import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './seed/seed.js';
import { createLocalStorage } from './platform/storage.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Starts the server: validates configuration (exit 1 with a clear message when invalid),
 * opens PGlite under `DATA_DIR/pglite` or PostgreSQL at `DATABASE_URL`, migrates, loads the demo
 * data when the database has none (`DEMO_DATA=auto`), listens on HOST:PORT and shuts down
 * gracefully on SIGINT/SIGTERM (stops accepting, finishes requests, closes the database).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: path.join(config.dataDir, 'pglite'),
    poolMax: config.PG_POOL_MAX,
  });
  await database.migrate();
  logger.info({ database: database.kind }, 'database migrated');

  const storage = createLocalStorage(path.join(config.dataDir, 'uploads'));
  if (config.DEMO_DATA === 'auto') {
    const started = Date.now();
    const result = await seedDemoData(database.db, {
      storage,
      log: (message) => logger.info(message),
    });
    logger.info({ ...result, ms: Date.now() - started }, 'demo data checked');
  }

  const app = await buildApp({
    database,
    storage,
    webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    loggerInstance: logger,
    catalogSummaryTtlMs: config.CATALOG_SUMMARY_TTL_MS,
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
