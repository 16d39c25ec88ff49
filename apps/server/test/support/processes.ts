import { spawn } from 'node:child_process';

/** How a process run by `runTypeScriptEntry` ended. */
export interface ProcessOutcome {
  /** Its exit code; `null` when a signal ended it (the time limit's SIGKILL among them). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one of the server's TypeScript entries (`main.ts`, `scripts/backup-cli.ts`) as its own
 * Node process through tsx, as `node dist/...` runs its build, and resolves when it ends.
 * `env` is laid over this process's environment; the process is killed after `timeoutMs`.
 * Never rejects: a failed start shows as a non-zero `code` with the reason on `stderr`.
 */
export function runTypeScriptEntry(
  entry: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  timeoutMs: number,
): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
