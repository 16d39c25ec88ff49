import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, lockPgliteFolder, pgliteLockPath } from '../../src/db/client.js';

/*
 * docs/operations.md "One process per PGlite folder": the lock belongs to a living process, not to
 * a pid number. A pid that now names this process (a container's server is always process 1), a
 * dead process not yet reaped, or a process that reused a dead owner's pid never blocks a start;
 * a second live process on the folder is still refused with the folder and its pid.
 */

const CLIENT_MODULE = fileURLToPath(new URL('../../src/db/client.ts', import.meta.url));
const onLinux = fs.existsSync('/proc/self/stat');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-pglite-lock-'));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let folderCount = 0;
function newFolder(): string {
  folderCount += 1;
  return path.join(root, `pglite-${folderCount}`);
}

/** Starts `node` with `args`; resolves once its stdout has printed `ready` (its first line). */
async function startProcess(args: string[]): Promise<{ child: ChildProcess; firstLine: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const firstLine = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${errors}`)));
  });
  return { child, firstLine };
}

/** Another process that takes the folder's lock through lockPgliteFolder and keeps it. */
function startHolder(folder: string) {
  const script =
    `const { lockPgliteFolder } = await import(${JSON.stringify(CLIENT_MODULE)});` +
    `lockPgliteFolder(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000);`;
  return startProcess(['--import', 'tsx', '--input-type=module', '-e', script, folder]);
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

describe('PGlite folder lock', () => {
  it('does not count a lock left under this process id as another owner (a restarted container server is process 1 again)', () => {
    const folder = newFolder();
    // What the previous server (the same pid in a new container, or this pid reused) left behind.
    fs.writeFileSync(pgliteLockPath(folder), `${process.pid}\n`);
    const release = lockPgliteFolder(folder);
    // Held now by this process: a second open here is refused.
    expect(() => lockPgliteFolder(folder)).toThrow(/already open in process \d+ \(this process\)/);
    release();
    expect(fs.existsSync(pgliteLockPath(folder))).toBe(false);
  });

  it('refuses a second live process on the folder with the folder, the owner pid and what to do', async () => {
    const folder = newFolder();
    const holder = await startHolder(folder);
    expect(holder.firstLine).toBe('locked');
    let error: unknown;
    try {
      lockPgliteFolder(folder);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DatabaseLockedError);
    const message = (error as Error).message;
    expect(message).toContain(path.resolve(folder));
    expect(message).toContain(`already open in process ${holder.child.pid}.`);
    expect(message).toContain('DATABASE_URL');
    // The refused attempt left the owner's lock alone.
    expect(fs.readFileSync(pgliteLockPath(folder), 'utf8').split('\n')[0]).toBe(
      String(holder.child.pid),
    );
  }, 60_000);

  it('takes over the lock of a process that was killed while holding it', async () => {
    const folder = newFolder();
    const holder = await startHolder(folder);
    holder.child.kill('SIGKILL');
    await exited(holder.child);
    const release = lockPgliteFolder(folder);
    expect(fs.readFileSync(pgliteLockPath(folder), 'utf8').split('\n')[0]).toBe(
      String(process.pid),
    );
    release();
  }, 60_000);

  it.skipIf(!onLinux)(
    'takes over the lock of a killed process its parent has not reaped yet (a zombie)',
    async () => {
      const folder = newFolder();
      // sh starts a child, prints its pid and becomes `sleep`, which never reaps it: once the child
      // exits it stays a zombie, which kill(pid, 0) still reports as existing.
      const parent = spawn(
        'sh',
        ['-c', `${JSON.stringify(process.execPath)} -e "" & echo $!; exec sleep 30`],
        { stdio: ['ignore', 'pipe', 'ignore'] },
      );
      children.push(parent);
      const zombiePid = await new Promise<number>((resolve) => {
        parent.stdout!.once('data', (chunk: Buffer) => resolve(Number.parseInt(`${chunk}`, 10)));
      });
      const deadline = Date.now() + 10_000;
      while (
        Date.now() < deadline &&
        !/\) Z /.test(fs.readFileSync(`/proc/${zombiePid}/stat`, 'utf8'))
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(fs.readFileSync(`/proc/${zombiePid}/stat`, 'utf8')).toMatch(/\) Z /);
      fs.writeFileSync(pgliteLockPath(folder), `${zombiePid}\n`);
      const release = lockPgliteFolder(folder);
      release();
    },
    30_000,
  );

  it.skipIf(!onLinux)(
    'takes over a lock whose pid now belongs to a different, later process',
    async () => {
      const folder = newFolder();
      // A live process with the recorded pid, but not the one that wrote the lock: its start
      // time differs from the recorded one.
      const other = await startProcess(['-e', "console.log('up'); setInterval(() => {}, 1000)"]);
      const bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      fs.writeFileSync(pgliteLockPath(folder), `${other.child.pid}\n1\n${bootId}\n`);
      const release = lockPgliteFolder(folder);
      release();
    },
    30_000,
  );
});
