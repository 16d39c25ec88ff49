import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

/** The Drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle: the same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An open database connection (PGlite or a pg pool) with its lifecycle. */
export interface Database {
  db: Db;
  /**
   * For the storefront's read-only catalog queries: on PostgreSQL a second, smaller pool, so the
   * catalog never waits for a connection behind writes that wait for their commit (a slow disk
   * flush holds every connection of the main pool for its duration); on PGlite, `db` itself.
   */
  readDb: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers true when a trivial query succeeds within the time limit (ms). */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Where the committed migrations live, from both `src/db` and `dist/db`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; `memory://` (the default when unset) keeps everything in memory. */
  pgliteDataDir?: string | undefined;
  poolMax?: number;
  /** Connections of the catalog's read pool (PostgreSQL); 0 reads through the main pool. */
  readPoolMax?: number;
}

/**
 * Opens PGlite (embedded, `pgliteDataDir`) or PostgreSQL (`databaseUrl`) with the pg_trgm
 * extension available. Does not migrate: call `migrate()`.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = newPool(options.databaseUrl, options.poolMax ?? 10);
    const readPoolMax = options.readPoolMax ?? 5;
    const readPool = readPoolMax > 0 ? newPool(options.databaseUrl, readPoolMax) : undefined;
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      readDb: readPool ? (drizzlePg(readPool, { schema }) as unknown as Db) : db,
      kind: 'postgres',
      migrate: () =>
        withMigrationLock(options.databaseUrl!, () =>
          migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
        ),
      ping: (timeoutMs = 2_000) => pingWith(db, timeoutMs),
      close: async () => {
        await Promise.all([pool.end(), readPool?.end()]);
      },
    };
  }

  const dataDir = options.pgliteDataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const releaseLock = inMemory ? () => {} : lockPgliteFolder(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    // One connection in one process: nothing to queue behind.
    readDb: db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    ping: (timeoutMs = 2_000) => pingWith(db, timeoutMs),
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

/** A pg pool of `max` connections that survives its connections dying (see the listeners). */
function newPool(databaseUrl: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  pool.on('connect', (client) => {
    // A client checked out of the pool whose connection dies (pg_terminate_backend, a server
    // restart) fails its query and also emits 'error', which has no listener while checked
    // out: unhandled, it would crash the process. The failed query already answers the request
    // (500), and the pool discards the dead client when it is released (docs/operations.md).
    client.on('error', () => {});
  });
  return pool;
}

/** The advisory lock key that app instances migrating one PostgreSQL database take in turn. */
const MIGRATION_LOCK_KEY = 4_817_202_611;

/**
 * Runs `migrate` while holding a session advisory lock on its own connection (not the pool's:
 * a pool of one would deadlock), so N app instances starting at once on a new database apply
 * each migration once, one after the other; the others then find nothing to do (without
 * it the second instance failed with a duplicate type or table; docs/deploy.md).
 */
async function withMigrationLock<T>(databaseUrl: string, migrate: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    return await migrate();
  } finally {
    // Ending the session releases the lock too, even when the unlock itself fails.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Thrown when another live process (or an open handle in this one) holds a PGlite folder. */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/** The lock file of a PGlite folder: next to it, so backups of the folder never carry it. */
export function pgliteLockPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/**
 * Takes the lock of a PGlite folder (`<folder>.lock`, holding the owner's pid), because PGlite is
 * one process's database and a second opener can corrupt the folder (docs/operations.md). A lock
 * left by a dead process is taken over. Returns the release function (idempotent).
 * @throws DatabaseLockedError naming the folder and the live owner's pid.
 */
export function lockPgliteFolder(dataDir: string): () => void {
  const lockPath = pgliteLockPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(readOrEmpty(lockPath), 10);
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new DatabaseLockedError(
        `The database folder ${path.resolve(dataDir)} is already open in process ${owner}` +
          `${owner === process.pid ? ' (this process)' : ''}. PGlite allows one process per ` +
          `folder: stop the other server (or backup/restore) first, or use DATABASE_URL ` +
          `(PostgreSQL) to run several instances. Lock file: ${lockPath}`,
      );
    }
    // The owner is gone (a crash or kill -9): its lock is stale.
    fs.rmSync(lockPath, { force: true });
  }
  throw new DatabaseLockedError(`Could not take the database lock ${lockPath}`);
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function pingWith(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const query = db.execute(sql`select 1`).then(() => true as const);
    return await Promise.race([query, timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
