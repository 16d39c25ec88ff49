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

/** Lock files held by open handles of this process (absolute paths). */
const heldLocks = new Set<string>();

/**
 * Who holds a lock: the pid, and on Linux the process's start time (clock ticks since boot, field
 * 22 of /proc/<pid>/stat) and the boot id, because a pid alone outlives its process: the kernel
 * hands it out again, and a container's server is process 1 at every start.
 */
interface LockOwner {
  pid: number;
  startTicks?: string | undefined;
  bootId?: string | undefined;
}

/**
 * Takes the lock of a PGlite folder (`<folder>.lock`: the owner's pid, start time and boot id,
 * one a line), because PGlite is one process's database and a second opener can corrupt the
 * folder (docs/operations.md "One process per PGlite folder"). The lock counts only while the
 * process that wrote it lives: a lock under this process's own pid that this process does not
 * hold (a container restarted: the server is process 1 again), a dead owner (kill -9, power loss),
 * a zombie (dead, not yet reaped) and a pid now used by a later process are all taken over at once.
 * Returns the release function (idempotent).
 * @throws DatabaseLockedError naming the folder and the live owner's pid, also when an open handle
 *   of this process holds the folder.
 */
export function lockPgliteFolder(dataDir: string): () => void {
  const lockPath = pgliteLockPath(dataDir);
  const refuse = (pid: number, self: boolean) =>
    new DatabaseLockedError(
      `The database folder ${path.resolve(dataDir)} is already open in process ${pid}` +
        `${self ? ' (this process)' : ''}. PGlite allows one process per ` +
        `folder: stop the other server (or backup/restore) first, or use DATABASE_URL ` +
        `(PostgreSQL) to run several instances. Lock file: ${lockPath}`,
    );
  if (heldLocks.has(lockPath)) throw refuse(process.pid, true);
  const me = currentOwner();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, `${me.pid}\n${me.startTicks ?? ''}\n${me.bootId ?? ''}\n`, {
        flag: 'wx',
      });
      heldLocks.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldLocks.delete(lockPath);
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const content = readOrEmpty(lockPath);
    const owner = parseOwner(content);
    if (owner && ownerLives(owner, me)) throw refuse(owner.pid, false);
    // The owner is gone: its lock is stale. Remove it only if it is still the file judged, so a
    // process that took the lock in the meantime keeps it.
    if (readOrEmpty(lockPath) === content) fs.rmSync(lockPath, { force: true });
  }
  throw new DatabaseLockedError(`Could not take the database lock ${lockPath}`);
}

function parseOwner(content: string): LockOwner | undefined {
  const [pidLine, startTicks, bootId] = content.split('\n').map((line) => line.trim());
  const pid = Number.parseInt(pidLine ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, startTicks: startTicks || undefined, bootId: bootId || undefined };
}

/**
 * This process as a lock owner. Without start time and boot id where /proc is missing, or shows
 * another pid namespace than this process's (a container without its own /proc mount): there
 * /proc/<pid> would describe a different process than the pid recorded in a lock.
 */
function currentOwner(): LockOwner {
  const self = readProcStat('self');
  return {
    pid: process.pid,
    startTicks: self?.pid === process.pid ? self.startTicks : undefined,
    bootId: readOrEmpty('/proc/sys/kernel/random/boot_id').trim() || undefined,
  };
}

/** State (R, S, Z ...) and start time of a process from /proc/<pid>/stat; undefined when absent. */
function readProcStat(
  pid: number | 'self',
): { pid: number; state: string; startTicks: string } | undefined {
  const stat = readOrEmpty(`/proc/${pid}/stat`);
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!stat || fields.length < 20) return undefined;
  // Field 3 is the state, field 22 the start time: indexes 0 and 19 after the comm.
  return { pid: Number.parseInt(stat, 10), state: fields[0]!, startTicks: fields[19]! };
}

/**
 * Whether the process that wrote a lock still runs. Never this process (it checks its own open
 * handles first): the same pid here means an earlier process had it. On Linux a recorded start time
 * or boot id that differs means the pid was handed out again; elsewhere only kill(pid, 0) tells.
 */
function ownerLives(owner: LockOwner, me: LockOwner): boolean {
  if (owner.pid === me.pid) return false;
  if (owner.bootId && me.bootId && owner.bootId !== me.bootId) return false;
  if (me.startTicks !== undefined) {
    const stat = readProcStat(owner.pid);
    // Unreadable: no such process, or /proc hides other users' processes (hidepid): ask kill(0).
    if (!stat) return isAlive(owner.pid);
    // Z: exited, not yet reaped by its parent; X: being removed.
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return owner.startTicks === undefined || owner.startTicks === stat.startTicks;
  }
  return isAlive(owner.pid);
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
