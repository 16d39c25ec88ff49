import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/browser.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

interface Exit {
  code: number | null;
  stderr: string;
}

function runServer(
  env: Record<string, string>,
  untilMs: number,
  onStart?: (send: (signal: NodeJS.Signals) => void) => void,
): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (onStart && stdout.includes('Server listening')) onStart((signal) => child.kill(signal));
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), untilMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr + stdout });
    });
  });
}

describe('server start-up and shutdown', () => {
  it('refuses to start with an invalid setting and names it', async () => {
    const exit = await runServer({ PORT: 'eighty', LOG_LEVEL: 'loud' }, 20_000);
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain('Invalid configuration');
    expect(exit.stderr).toContain('PORT="eighty"');
    expect(exit.stderr).toContain('LOG_LEVEL="loud"');
  });

  it('stops cleanly on SIGTERM (exit code 0)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-shutdown-'));
    try {
      const exit = await runServer(
        { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'off', LOG_LEVEL: 'info' },
        60_000,
        (send) => send('SIGTERM'),
      );
      expect(exit.stderr).toContain('shutting down');
      expect(exit.code).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('serves the demo data and reports the embedded database as reachable after a first start', async () => {
    const health = await (await fetch(`${baseUrl()}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: { kind: 'pglite', reachable: true } });
    const page = (await (await fetch(`${baseUrl()}/api/products?pageSize=1`)).json()) as {
      total: number;
    };
    // The grid counts designs (one card per design, its sizes and colours as variants): the
    // demo's 600-odd products make some 370 designs (docs/catalog.md "Designs and variants").
    expect(page.total).toBeGreaterThanOrEqual(300);
  });
});
