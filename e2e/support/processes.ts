/**
 * Process helpers shared by the browser tests and the benchmarks (no Vitest here, so plain
 * scripts can import it): waiting for a started server, stopping it, and launching Debian's
 * Chromium.
 */
import type { ChildProcess } from 'node:child_process';
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
