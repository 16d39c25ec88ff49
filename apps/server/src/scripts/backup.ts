import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import * as tar from 'tar';
import { lockPgliteFolder } from '../db/client.js';
import { privateStorageRootFor } from '../platform/storage.js';

/**
 * Backup and restore of the whole site (docs/operations.md): the database and
 * the uploaded files in one `.tar.gz`.
 *
 * Archive layout: `manifest.json` ({ format, kind, createdAt }), then `database.tar.gz`
 * (PGlite's `dumpDataDir`, the data folder itself) or `database.sql` (PostgreSQL, `pg_dump`
 * plain format with schema, data and sequence values), `uploads/` (DATA_DIR/uploads, public
 * media) and `private/` (DATA_DIR/private: files handed out only after an access check, such as
 * employee id proofs).
 */

/** Bumped when the archive layout changes; restore refuses other formats. */
export const BACKUP_FORMAT = 1;

/** Where the site's data lives: PostgreSQL when `databaseUrl` is set, else PGlite. */
export interface BackupTarget {
  /** `DATABASE_URL`; when set the database is PostgreSQL. */
  databaseUrl?: string | undefined;
  /** `DATA_DIR/pglite`: the PGlite folder (ignored with `databaseUrl`). */
  pgliteDir: string;
  /** `DATA_DIR/uploads`: uploaded and generated files. */
  uploadsDir: string;
  /** `DATA_DIR/private`: files never served as media; default: beside `uploadsDir`. */
  privateDir?: string | undefined;
}

/** The file folders of a target, by their name in the archive. */
function fileFolders(target: BackupTarget): [name: string, dir: string][] {
  return [
    ['uploads', target.uploadsDir],
    ['private', target.privateDir ?? privateStorageRootFor(target.uploadsDir)],
  ];
}

interface Manifest {
  format: number;
  kind: 'pglite' | 'postgres';
  createdAt: string;
}

/** Thrown for a refused backup or restore (a non-empty target, a foreign archive, no pg_dump). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * Writes a backup archive to `file` (created or replaced). PGlite must not be open elsewhere
 * (the folder lock makes a running server's folder fail fast); PostgreSQL may stay in use
 * (pg_dump reads one consistent snapshot).
 * @returns the archive's size in bytes.
 * @throws BackupError when pg_dump is missing or fails; DatabaseLockedError for a PGlite folder in
 * use.
 */
export async function createBackup(target: BackupTarget, file: string): Promise<number> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-backup-'));
  try {
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (target.databaseUrl) {
      await runTool('pg_dump', [
        '--format=plain',
        '--no-owner',
        '--no-privileges',
        '--quote-all-identifiers',
        `--file=${path.join(staging, 'database.sql')}`,
        `--dbname=${target.databaseUrl}`,
      ]);
    } else {
      if (!fs.existsSync(path.join(target.pgliteDir, 'PG_VERSION'))) {
        throw new BackupError(`There is no PGlite database in ${target.pgliteDir}`);
      }
      const release = lockPgliteFolder(target.pgliteDir);
      try {
        const client = await PGlite.create({
          dataDir: target.pgliteDir,
          extensions: { pg_trgm },
        });
        try {
          const dump = await client.dumpDataDir('gzip');
          fs.writeFileSync(
            path.join(staging, 'database.tar.gz'),
            Buffer.from(await dump.arrayBuffer()),
          );
        } finally {
          await client.close();
        }
      } finally {
        release();
      }
    }
    const manifest: Manifest = { format: BACKUP_FORMAT, kind, createdAt: new Date().toISOString() };
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const entries = fs.readdirSync(staging);
    for (const [name, dir] of fileFolders(target)) {
      if (!fs.existsSync(dir)) continue;
      fs.cpSync(dir, path.join(staging, name), { recursive: true });
      entries.push(name);
    }
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    fs.renameSync(partial, file);
    return fs.statSync(file).size;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup archive into the target: the database (same kind as the backup: PGlite to
 * PGlite, PostgreSQL to PostgreSQL) and the uploads and private folders (replaced). Refuses a
 * target database that already holds tables unless `force` (which drops them first). The server
 * must be stopped.
 * @throws BackupError for a non-empty target without `force`, a kind mismatch, or a bad archive.
 */
export async function restoreBackup(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-restore-'));
  try {
    await tar.extract({ file, cwd: staging });
    const manifestPath = path.join(staging, 'manifest.json');
    if (!fs.existsSync(manifestPath)) throw new BackupError(`${file} is not a Bazaar backup`);
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
    if (manifest.format !== BACKUP_FORMAT) {
      throw new BackupError(`Unsupported backup format ${String(manifest.format)}`);
    }
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.kind !== kind) {
      throw new BackupError(
        `The backup holds a ${manifest.kind} database but the target is ${kind}` +
          ` (${kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is unset'})`,
      );
    }
    if (target.databaseUrl) {
      await restorePostgres(target.databaseUrl, path.join(staging, 'database.sql'), options);
    } else {
      await restorePglite(target.pgliteDir, path.join(staging, 'database.tar.gz'), options);
    }
    for (const [name, dir] of fileFolders(target)) {
      fs.rmSync(dir, { recursive: true, force: true });
      const saved = path.join(staging, name);
      if (fs.existsSync(saved)) fs.cpSync(saved, dir, { recursive: true });
      else fs.mkdirSync(dir, { recursive: true });
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function restorePglite(
  pgliteDir: string,
  dumpFile: string,
  options: { force?: boolean },
): Promise<void> {
  const occupied = fs.existsSync(pgliteDir) && fs.readdirSync(pgliteDir).length > 0;
  if (occupied && !options.force) {
    throw new BackupError(
      `The database folder ${pgliteDir} is not empty; restore with --force to replace it`,
    );
  }
  fs.mkdirSync(path.dirname(pgliteDir), { recursive: true });
  const release = lockPgliteFolder(pgliteDir);
  try {
    fs.rmSync(pgliteDir, { recursive: true, force: true });
    const client = await PGlite.create({
      dataDir: pgliteDir,
      extensions: { pg_trgm },
      loadDataDir: new Blob([fs.readFileSync(dumpFile)]),
    });
    await client.close();
  } finally {
    release();
  }
}

async function restorePostgres(
  databaseUrl: string,
  dumpFile: string,
  options: { force?: boolean },
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `select count(*) as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle')`,
    );
    if (Number(rows[0]?.count ?? 0) > 0) {
      if (!options.force) {
        throw new BackupError(
          'The target database already holds tables; restore with --force to replace them',
        );
      }
    }
    // pg_dump writes CREATE SCHEMA drizzle but never public ("initdb creates it").
    await client.query(
      'drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public',
    );
  } finally {
    await client.end();
  }
  await runTool('psql', [
    '--quiet',
    '--no-psqlrc',
    '--single-transaction',
    '--set=ON_ERROR_STOP=1',
    `--file=${dumpFile}`,
    `--dbname=${databaseUrl}`,
  ]);
}

/** Runs pg_dump or psql; rejects with its stderr when it fails or is not installed. */
function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed; install the PostgreSQL client tools (same major version as the server)`
            : `${command} failed: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} exited with ${String(code)}: ${stderr.trim()}`));
    });
  });
}
