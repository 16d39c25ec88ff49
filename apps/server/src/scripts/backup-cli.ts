import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';
import { DatabaseLockedError } from '../db/client.js';

/**
 * `npm run backup [-- <file>]` and `npm run restore -- <file> [--force]` (docs/operations.md).
 * Reads DATA_DIR and DATABASE_URL like the server. Relative file names are taken from the folder
 * npm was started in (INIT_CWD). Exit 0 on success, 1 with a one-line reason otherwise.
 */
async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const given = rest.find((arg) => !arg.startsWith('--'));
  const base = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig();
  const target = {
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.pgliteDir,
    uploadsDir: config.uploadsDir,
  };
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.resolve(base, given ?? `bazaar-backup-${stamp}.tar.gz`);
    const bytes = await createBackup(target, file);
    process.stdout.write(`Backup written to ${file} (${bytes} bytes)\n`);
  } else if (command === 'restore') {
    if (!given) throw new BackupError('Usage: npm run restore -- <backup file> [--force]');
    const file = path.resolve(base, given);
    await restoreBackup(target, file, { force });
    process.stdout.write(`Restored ${file}\n`);
  } else {
    throw new BackupError('Usage: backup-cli backup [file] | restore <file> [--force]');
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError;
  process.stderr.write(
    `${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
