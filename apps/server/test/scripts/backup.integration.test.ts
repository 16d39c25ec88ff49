import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/client.js';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.js';
import { insertProduct, insertShop } from '../support/fixtures.js';
import { runTypeScriptEntry } from '../support/processes.js';
import {
  BackupError,
  createBackup,
  restoreBackup,
  type BackupTarget,
} from '../../src/scripts/backup.js';

/** Rows of a raw query, whichever driver ran it. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every table of the public and drizzle schemas: its row count and an md5 of its rows ordered by
 * primary key; plus every sequence's last value. Two equal snapshots mean equal databases.
 */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    db,
    sql.raw(`select table_schema as schema, table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`),
  );
  const out: Record<string, string> = {};
  for (const table of tables) {
    const qualified = `${quote(table.schema)}.${quote(table.name)}`;
    const keys = await rowsOf<{ column: string }>(
      db,
      sql.raw(`select a.attname as column from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = '${qualified.replace(/'/g, "''")}'::regclass and i.indisprimary
        order by array_position(i.indkey, a.attnum)`),
    );
    const order = keys.length ? keys.map((key) => `t.${quote(key.column)}`).join(', ') : 't::text';
    const [row] = await rowsOf<{ n: number; sum: string | null }>(
      db,
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, E'\\n' order by ${order})) as sum
        from ${qualified} t`),
    );
    out[`${table.schema}.${table.name}`] = `${row!.n}:${row!.sum ?? ''}`;
  }
  const sequences = await rowsOf<{ name: string; last: string | null }>(
    db,
    sql.raw(`select schemaname || '.' || sequencename as name, last_value::text as last
      from pg_sequences where schemaname in ('public', 'drizzle')`),
  );
  for (const sequence of sequences) out[`sequence ${sequence.name}`] = sequence.last ?? 'unused';
  return out;
}

/** Migrates and fills a database with shops, products, demo accounts and their addresses. */
async function fill(db: Db): Promise<void> {
  const shopA = await insertShop(db);
  const shopB = await insertShop(db, { city: 'Gaya', name: 'Sita\'s "Quoted" Shop\nTwo lines' });
  for (let index = 0; index < 12; index += 1) {
    await insertProduct(db, {
      shopId: index % 2 ? shopA : shopB,
      name: `Cotton Kurta ${index} — हिंदी`,
      pricePaise: 49_900 + index,
      imageCount: 2,
    });
  }
  await seedDemoAccounts(db);
}

/** Public media under `dir` and a private file beside it (`../private`, employee id proofs). */
function writeUploads(dir: string): void {
  fs.mkdirSync(path.join(dir, 'products', '1'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'products', '1', 'a.webp'), Buffer.from([1, 2, 3, 250, 0, 7]));
  fs.writeFileSync(path.join(dir, 'logo.txt'), 'Bazaar');
  const privateDir = path.join(path.dirname(dir), 'private', 'id-proofs');
  fs.mkdirSync(privateDir, { recursive: true });
  fs.writeFileSync(path.join(privateDir, '7.pdf'), '%PDF-1.4 id proof');
}

/** Every file of the uploads folder and of the private folder beside it. */
function filesOf(uploadsDir: string): Record<string, string> {
  return {
    ...readTree(uploadsDir),
    ...Object.fromEntries(
      Object.entries(readTree(path.join(path.dirname(uploadsDir), 'private'))).map(
        ([name, body]) => [`private/${name}`, body],
      ),
    ),
  };
}

function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
  }
  return out;
}

const BACKUP_CLI = fileURLToPath(new URL('../../src/scripts/backup-cli.ts', import.meta.url));

/**
 * Runs the `npm run backup` / `npm run restore` program (its source, through tsx) with `args`,
 * `DATA_DIR` and npm's `INIT_CWD`, within 120 s; its exit code and output.
 */
function runBackupCli(args: string[], env: { DATA_DIR: string; INIT_CWD: string }) {
  return runTypeScriptEntry(
    BACKUP_CLI,
    args,
    { DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    120_000,
  );
}

function tempTarget(root: string, name: string): BackupTarget {
  return {
    pgliteDir: path.join(root, name, 'pglite'),
    uploadsDir: path.join(root, name, 'uploads'),
  };
}

/**
 * A PGlite target under `root/name` (its `DATA_DIR`), migrated, filled and given uploads; with
 * the snapshot of its database.
 */
async function filledTarget(root: string, name: string) {
  const target = tempTarget(root, name);
  const database = await openDatabase({ pgliteDataDir: target.pgliteDir });
  await database.migrate();
  await fill(database.db);
  const before = await snapshot(database.db);
  await database.close();
  writeUploads(target.uploadsDir);
  return { target, dataDir: path.join(root, name), before };
}

/** The snapshot of the PGlite database in `pgliteDir`, opened only for it. */
async function snapshotOfFolder(pgliteDir: string): Promise<Record<string, string>> {
  const database = await openDatabase({ pgliteDataDir: pgliteDir });
  try {
    return await snapshot(database.db);
  } finally {
    await database.close();
  }
}

describe('backup and restore on PGlite', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-backup-test-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('round-trips every table, every sequence and the uploads; refuses a non-empty target without --force', async () => {
    const { target: source, before } = await filledTarget(root, 'source');
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before['public.products']).toMatch(/^12:/);

    const file = path.join(root, 'site.tar.gz');
    expect(await createBackup(source, file)).toBeGreaterThan(1000);

    // Restore into an empty place: the same rows, sequences and files.
    const copy = tempTarget(root, 'copy');
    await restoreBackup(copy, file);
    const restored = await openDatabase({ pgliteDataDir: copy.pgliteDir });
    expect(await snapshot(restored.db)).toEqual(before);
    // Sequences continue after the restored rows.
    const shopId = await insertShop(restored.db);
    expect(shopId).toBe(3);
    await restored.close();
    expect(filesOf(copy.uploadsDir)).toEqual(filesOf(source.uploadsDir));
    expect(Object.keys(filesOf(copy.uploadsDir))).toContain('private/id-proofs/7.pdf');

    // Over the changed source: refused, then replaced with --force.
    await expect(restoreBackup(source, file)).rejects.toThrow(BackupError);
    await expect(restoreBackup(source, file)).rejects.toThrow(/--force/);
    fs.writeFileSync(path.join(source.uploadsDir, 'extra.txt'), 'later');
    await restoreBackup(source, file, { force: true });
    expect(await snapshotOfFolder(source.pgliteDir)).toEqual(before);
    expect(fs.existsSync(path.join(source.uploadsDir, 'extra.txt'))).toBe(false);
  }, 180_000);

  it('runs as npm run backup / npm run restore: relative names, exit codes, one-line refusals', async () => {
    const scripts = (
      JSON.parse(
        fs.readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
      ) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.backup).toBe('node dist/scripts/backup-cli.js backup');
    expect(scripts.restore).toBe('node dist/scripts/backup-cli.js restore');

    const { target: source, dataDir: sourceDir, before } = await filledTarget(root, 'cli-source');

    // A relative file name is taken from the folder npm was started in.
    const backup = await runBackupCli(['backup', 'cli.tar.gz'], {
      DATA_DIR: sourceDir,
      INIT_CWD: root,
    });
    const file = path.join(root, 'cli.tar.gz');
    expect(backup).toMatchObject({ code: 0, stderr: '' });
    expect(backup.stdout).toBe(`Backup written to ${file} (${fs.statSync(file).size} bytes)\n`);

    const copyDir = path.join(root, 'cli-copy');
    const copy = tempTarget(root, 'cli-copy');
    const restore = await runBackupCli(['restore', file], { DATA_DIR: copyDir, INIT_CWD: root });
    expect(restore).toMatchObject({ code: 0, stdout: `Restored ${file}\n`, stderr: '' });
    expect(await snapshotOfFolder(copy.pgliteDir)).toEqual(before);
    expect(filesOf(copy.uploadsDir)).toEqual(filesOf(source.uploadsDir));

    // Refusals exit 1 with one line and leave the target as it was.
    const again = await runBackupCli(['restore', file], { DATA_DIR: copyDir, INIT_CWD: root });
    expect(again).toMatchObject({ code: 1, stdout: '' });
    expect(again.stderr).toBe(
      `The database folder ${copy.pgliteDir} is not empty; restore with --force to replace it\n`,
    );
    const missing = await runBackupCli(['restore', 'nowhere.tar.gz'], {
      DATA_DIR: copyDir,
      INIT_CWD: root,
    });
    expect(missing).toMatchObject({
      code: 1,
      stderr: `No backup file at ${path.join(root, 'nowhere.tar.gz')}\n`,
    });
    const usage = await runBackupCli(['restore'], { DATA_DIR: copyDir, INIT_CWD: root });
    expect(usage).toMatchObject({
      code: 1,
      stderr: 'Usage: npm run restore -- <backup file> [--force]\n',
    });
    expect(await snapshotOfFolder(copy.pgliteDir)).toEqual(before);
  }, 240_000);

  it('refuses to back up a folder another handle has open, and a PostgreSQL backup into PGlite', async () => {
    const source = tempTarget(root, 'busy');
    const database = await openDatabase({ pgliteDataDir: source.pgliteDir });
    await database.migrate();
    await expect(createBackup(source, path.join(root, 'busy.tar.gz'))).rejects.toThrow(
      /already open in process/,
    );
    await database.close();
    const file = path.join(root, 'busy.tar.gz');
    await createBackup(source, file);
    await expect(
      restoreBackup({ ...source, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }, file),
    ).rejects.toThrow(/holds a pglite database but the target is postgres/);
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('backup and restore on PostgreSQL', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-backup-pg-'));
  const urlOf = (name: string) => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const names = ['bazaar_backup_test', 'bazaar_backup_test_restored'];
  const admin = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    await admin(
      names.flatMap((name) => [
        `drop database if exists ${name} with (force)`,
        `create database ${name}`,
      ]),
    );
  });
  afterAll(async () => {
    await admin(names.map((name) => `drop database if exists ${name} with (force)`));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('round-trips every table and sequence through pg_dump and psql; refuses a non-empty target without --force', async () => {
    const source: BackupTarget = {
      databaseUrl: urlOf(names[0]!),
      pgliteDir: path.join(root, 'unused'),
      uploadsDir: path.join(root, 'source', 'uploads'),
    };
    const database = await openDatabase({ databaseUrl: source.databaseUrl });
    await database.migrate();
    await fill(database.db);
    const before = await snapshot(database.db);
    await database.close();
    writeUploads(source.uploadsDir);

    const file = path.join(root, 'site.tar.gz');
    await createBackup(source, file);
    const copy: BackupTarget = {
      databaseUrl: urlOf(names[1]!),
      pgliteDir: path.join(root, 'unused'),
      uploadsDir: path.join(root, 'copy', 'uploads'),
    };
    await restoreBackup(copy, file);
    const restored = await openDatabase({ databaseUrl: copy.databaseUrl });
    expect(await snapshot(restored.db)).toEqual(before);
    expect(await insertShop(restored.db)).toBe(3);
    await restored.close();
    expect(filesOf(copy.uploadsDir)).toEqual(filesOf(source.uploadsDir));
    expect(Object.keys(filesOf(copy.uploadsDir))).toContain('private/id-proofs/7.pdf');

    await expect(restoreBackup(copy, file)).rejects.toThrow(/already holds tables/);
    await restoreBackup(copy, file, { force: true });
    const again = await openDatabase({ databaseUrl: copy.databaseUrl });
    expect(await snapshot(again.db)).toEqual(before);
    await again.close();
  }, 120_000);
});
