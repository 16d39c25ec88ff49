import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, LOG_REDACT_PATHS } from './app.js';
import { ConfigError, loadBusinessConfig, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';
import { seedDemoData } from './seed/seed.js';
import { seedDemoAccounts } from './seed/demo-accounts.js';
import { seedDemoBackOffice } from './seed/demo-back-office.js';
import { issueMissingBillDocuments } from './modules/bills/index.js';
import { issueMissingShipmentDocuments, recordMissingSettlements } from './modules/orders/index.js';
import { createLocalStorage, privateStorageRootFor } from './platform/storage.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Starts the server: validates configuration (exit 1 with a clear message when invalid),
 * opens PGlite under `DATA_DIR/pglite` or PostgreSQL at `DATABASE_URL`, migrates, loads the demo
 * data when the database has none (`DEMO_DATA=auto`), issues the documents of bills that have none,
 * listens on HOST:PORT and shuts down
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

  // Asynchronous writes (sonic-boom): under load, lines queued while a write is in flight go out in
  // one write instead of a synchronous write per line (docs/performance.md). Flushed before every
  // exit below; a SIGKILL can lose the last lines.
  const logDestination = pino.destination({ dest: 1, sync: false });
  const logger = pino({ level: config.LOG_LEVEL, redact: LOG_REDACT_PATHS }, logDestination);
  const exit = (code: number): never => {
    try {
      logDestination.flushSync();
    } catch {
      // nothing left to flush, or stdout already closed
    }
    process.exit(code);
  };
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: config.pgliteDir,
    poolMax: config.PG_POOL_MAX,
    readPoolMax: config.PG_READ_POOL_MAX,
  });
  let app: FastifyInstance | undefined;

  // Registered before migrating and seeding, so a signal during a first-run seed still closes
  // the database (PGlite must be closed to keep its folder consistent).
  let closing = false;
  const shutdown = (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    Promise.resolve(app?.close())
      .then(() => database.close())
      .then(() => exit(exitCode))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await database.migrate();
    logger.info({ database: database.kind }, 'database migrated');

    // Object storage when S3_BUCKET is set (N instances share the images), else DATA_DIR. The
    // AWS SDK is loaded only then (about 25 MB of memory).
    const { storage, privateStorage } = config.S3_BUCKET
      ? await import('./platform/storage-s3.js').then((s3) =>
          s3.createS3Stores(s3.s3OptionsOf(config)!),
        )
      : {
          storage: createLocalStorage(config.uploadsDir),
          privateStorage: createLocalStorage(privateStorageRootFor(config.uploadsDir)),
        };
    if (config.S3_BUCKET) {
      logger.info(
        { bucket: config.S3_BUCKET, endpoint: config.S3_ENDPOINT },
        'files in object storage',
      );
    }
    if (config.DEMO_DATA === 'auto') {
      const started = Date.now();
      const result = await seedDemoData(database.db, {
        storage,
        log: (message) => logger.info(message),
      });
      logger.info({ ...result, ms: Date.now() - started }, 'demo data checked');
      const accounts = await seedDemoAccounts(database.db);
      logger.info({ created: accounts.created }, 'demo accounts checked');
      logger.info(await seedDemoBackOffice(database.db), 'back-office demo data checked');
    }
    // Bills saved before tax documents existed get their invoice or bill of supply, in bill
    // order (docs/gst.md "Wholesale invoices"); a no-op once every bill has one.
    const backfill = await issueMissingBillDocuments(database.db, loadBusinessConfig());
    if (backfill.issued > 0) logger.info(backfill, 'bill documents issued');
    // Likewise every shipment delivered before then gets its shop's invoice.
    const shipmentBackfill = await issueMissingShipmentDocuments(database.db);
    if (shipmentBackfill.issued > 0) logger.info(shipmentBackfill, 'shipment documents issued');
    // And every such shipment gets its shop's settlement entries (docs/settlements.md).
    const settlementBackfill = await recordMissingSettlements(database.db);
    if (settlementBackfill.settled > 0) logger.info(settlementBackfill, 'settlements recorded');

    app = await buildApp({
      database,
      storage,
      privateStorage,
      webDistDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
      loggerInstance: logger,
      catalogSummaryTtlMs: config.CATALOG_SUMMARY_TTL_MS,
      trustProxy: config.TRUST_PROXY,
      shareLinkDays: config.SHARE_LINK_DAYS,
      accounts: {
        publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        authSecret: config.AUTH_SECRET,
        secureCookies: config.NODE_ENV === 'production',
        smtpUrl: config.SMTP_URL,
        // Outside production a machine without a mail server still delivers: each mail is an
        // .eml file under DATA_DIR/mail (docs/platform.md "Mail").
        mailDir: config.NODE_ENV === 'production' ? undefined : path.join(config.dataDir, 'mail'),
        mailFrom: config.MAIL_FROM,
        captchaTestCode: config.CAPTCHA_TEST_CODE,
        authRateLimitPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
      },
      payments: {
        razorpayKeyId: config.RAZORPAY_KEY_ID,
        razorpayKeySecret: config.RAZORPAY_KEY_SECRET,
        razorpayWebhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
        razorpayApiBase: config.RAZORPAY_API_BASE,
        onlineHoldMinutes: config.ONLINE_PAYMENT_HOLD_MINUTES,
        unpaidSweepIntervalMs: 60_000,
      },
    });
    await app.listen({ host: config.HOST, port: config.PORT });
  } catch (error) {
    if (closing) return;
    logger.fatal({ err: error }, 'start-up failed');
    shutdown('start-up failure', 1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
