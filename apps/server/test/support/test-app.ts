import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AccountsOptions } from '../../src/app.js';
import type { BusinessConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createLocalStorage, type LocalFileStorage } from '../../src/platform/storage.js';

/** Every captcha's answer in tests (CAPTCHA_TEST_CODE; docs/platform.md "Captcha"). */
export const TEST_CAPTCHA_CODE = 'ABCDEFG';

/** A built app on a migrated, empty database, plus what a test needs to arrange data. */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  storage: LocalFileStorage;
  /** The private store (employee id proofs), never served under /media/. */
  privateStorage: LocalFileStorage;
  close(): Promise<void>;
}

/**
 * Opens the test database: PostgreSQL when `DATABASE_URL` is set (CI runs the suite on both),
 * else a fresh in-memory PGlite. Starts from an empty, freshly migrated schema, so each test file
 * starts from nothing. `poolMax` (default 4) sizes the PostgreSQL pool for a test that needs
 * more transactions in flight at once; `readPoolMax` (default 2) the catalog's read pool.
 */
export async function openTestDatabase(
  options: { poolMax?: number; readPoolMax?: number } = {},
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    poolMax: options.poolMax ?? 4,
    readPoolMax: options.readPoolMax ?? 2,
  });
  if (database.kind === 'postgres') {
    // The shared test database may hold an older schema from another branch or session.
    await database.db.execute(
      sql.raw(
        'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public',
      ),
    );
  }
  await database.migrate();
  return database;
}

/**
 * Builds the app over a fresh test database and a temporary uploads folder. Catalog totals are
 * not cached unless `catalogSummaryTtlMs` says so, so tests see every change at once.
 */
export async function createTestApp(
  options: {
    catalogSummaryTtlMs?: number;
    webDistDir?: string;
    accounts?: AccountsOptions;
    /** PostgreSQL pool sizes (openTestDatabase). */
    pools?: { poolMax?: number; readPoolMax?: number };
    /** The business settings (BUSINESS_*, UPI_*); default from the environment. */
    business?: BusinessConfig;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(options.pools);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-uploads-'));
  const storage = createLocalStorage(uploads);
  const privateFiles = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-private-'));
  const privateStorage = createLocalStorage(privateFiles);
  const app = await buildApp({
    database,
    storage,
    privateStorage,
    logger: false,
    catalogSummaryTtlMs: options.catalogSummaryTtlMs ?? 0,
    webDistDir: options.webDistDir,
    ...(options.business ? { business: options.business } : {}),
    accounts: {
      captchaTestCode: TEST_CAPTCHA_CODE,
      authRateLimitPerMinute: 10_000,
      mailRetryIntervalMs: 0,
      ...options.accounts,
    },
  });
  await app.ready();
  return {
    app,
    database,
    storage,
    privateStorage,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(uploads, { recursive: true, force: true });
      fs.rmSync(privateFiles, { recursive: true, force: true });
    },
  };
}
