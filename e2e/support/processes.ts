/**
 * Process helpers shared by the browser tests and the benchmarks (no Vitest here, so plain
 * scripts can import it): waiting for a started server, stopping it, and launching Debian's
 * Chromium.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import net from 'node:net';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; Playwright's own browser download is not available on our machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A loopback port free at the moment of asking, for a server a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Launches headless Chromium with the flags this machine needs (no background networking). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/**
 * Polls `url` every 250 ms until it answers 2xx. A server that never answers is SIGKILLed, so a
 * failed start leaves no process behind.
 * @throws Error when `child` exits first or `timeoutMs` passes.
 */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stops a server with SIGTERM (its graceful shutdown) and waits until it has exited. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Starts the built server (`apps/server/dist/main.js`) in production mode on the embedded
 * database in `dataDir` (a fresh folder loads the demo data), on 127.0.0.1:`port`, logging
 * warnings only: how the page benchmarks run it. Wait for it with `waitUntilAnswering`.
 */
export function startBuiltServer(port: number, dataDir: string): ChildProcess {
  const root = path.resolve(import.meta.dirname, '../..');
  return spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
