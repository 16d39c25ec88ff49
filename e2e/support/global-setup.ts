import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from '../../apps/server/test/support/mail-catcher.js';
import { startRazorpayDouble } from '../../apps/server/test/support/razorpay-double.js';
import { freePort, waitUntilAnswering } from './processes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Folder where the loopback SMTP catcher writes every mail the server sends (NNNN.json). */
    mailDir: string;
    /**
     * Origin of the Razorpay test double the server's RAZORPAY_API_BASE points at (it also serves
     * the checkout.js stand-in and settles refunds with their webhooks: e2e/support/razorpay.ts);
     * empty with E2E_BASE_URL unless E2E_RAZORPAY_DOUBLE names one.
     */
    razorpayDouble: string;
  }
}

/** The webhook secret the server under test checks the double's webhooks with. */
const E2E_RAZORPAY_WEBHOOK_SECRET = 'e2e-webhook-secret-0001';

/** Every captcha's answer on the server under test (CAPTCHA_TEST_CODE). */
export const E2E_CAPTCHA_CODE = 'ABCDEFG';

/**
 * Starts the built server on a free loopback port with a fresh DATA_DIR (so it migrates and loads
 * the demo data like a first `npm start`) and provides its URL to the tests as `baseUrl`.
 * Uses E2E_BASE_URL instead when set (an already running server).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL);
    project.provide('mailDir', process.env.E2E_MAIL_DIR ?? '');
    project.provide('razorpayDouble', process.env.E2E_RAZORPAY_DOUBLE ?? '');
    return async () => {};
  }
  if (!fs.existsSync(SERVER_ENTRY))
    throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dataDir, 'mail');
  fs.mkdirSync(mailDir);
  const mail = await startMailCatcher({ saveDir: mailDir });
  // Online payment on, against the double: its refunds' webhooks come back to this server.
  const razorpay = await startRazorpayDouble({
    webhook: { url: `${baseUrl}/api/webhooks/razorpay`, secret: E2E_RAZORPAY_WEBHOOK_SECRET },
  });
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // 'test', not 'production': the captcha test code is refused in production. The build is
      // the production build either way.
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CAPTCHA_TEST_CODE: E2E_CAPTCHA_CODE,
      SMTP_URL: mail.url,
      PUBLIC_URL: baseUrl,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      RAZORPAY_API_BASE: razorpay.apiBase,
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: E2E_RAZORPAY_WEBHOOK_SECRET,
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitUntilAnswering(`${baseUrl}/api/health`, child);
  } catch (error) {
    child.kill('SIGKILL');
    await mail.close();
    await razorpay.close();
    process.stderr.write(fs.readFileSync(logFile, 'utf8'));
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('razorpayDouble', razorpay.apiBase);
  return async () => {
    await mail.close();
    await razorpay.close();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
