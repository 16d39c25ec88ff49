import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_MESSAGES } from '@bazaar/shared';
import { simpleParser } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { freePort, stopProcess, waitUntilAnswering } from '../support/processes.js';
import {
  E2E_CAPTCHA_CODE,
  expectEventually,
  logIn,
  snap,
  unique,
  uniqueMobile,
} from './helpers.js';

// A local evaluator on one machine, without a mail server: a fresh server started as
// `npm start` starts it (development, no SMTP_URL) writes every mail as an .eml file under
// DATA_DIR/mail, where the verification link is read (docs/platform.md "Mail").

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

const customer = {
  name: 'Meena Kumari',
  email: `meena.${unique()}@example.in`,
  password: 'Ganga#Mango7',
  mobile: uniqueMobile(8),
  locality: '4 Fraser Road',
  landmark: 'Near Dak Bungalow',
  pincode: '800001',
};

describe('mail without a mail server: .eml files under DATA_DIR/mail', () => {
  let dataDir: string;
  let logFile: string;
  let server: ChildProcess;
  let origin: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-mail-files-'));
    logFile = path.join(dataDir, 'server.log');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const log = fs.openSync(logFile, 'a');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      CAPTCHA_TEST_CODE: E2E_CAPTCHA_CODE,
    };
    // Exactly as a fresh machine: no mail server, no external database.
    delete env.SMTP_URL;
    delete env.DATABASE_URL;
    server = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env,
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    await waitUntilAnswering(`${origin}/api/health`, server, 180_000);
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (server) await stopProcess(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('a new customer registers, reads the link from the .eml file, verifies and signs in', async () => {
    const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
    const next = () => page.getByRole('button', { name: 'Next' });
    const stepOpen = (name: string) =>
      page.getByRole('heading', { level: 2, name, exact: true }).waitFor();

    await page.goto('/CustomerRegistration');
    await stepOpen('Account Setup');
    await textbox('Name').fill(customer.name);
    await textbox('Email').fill(customer.email);
    await textbox('Password').fill(customer.password);
    await textbox('Confirm password').fill(customer.password);
    await page.getByText('Password matched').waitFor();
    await next().click();
    await stepOpen('Contact Info');
    await textbox('Phone number').fill(customer.mobile);
    await page.getByRole('radio', { name: 'Female', exact: true }).check();
    await next().click();
    await stepOpen('Address Details');
    await textbox('Locality').fill(customer.locality);
    await textbox('Landmark').fill(customer.landmark);
    await textbox('Pincode').fill(customer.pincode);
    await expectEventually(() => textbox('City').inputValue(), 'Patna');
    await next().click();
    await stepOpen('Captcha');
    await textbox('Captcha').fill(E2E_CAPTCHA_CODE);
    await page.getByRole('checkbox', { name: /I accept Terms & Condition/ }).check();
    await next().click();
    await stepOpen('Verification');
    const registered = page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/api/auth/register/customer') &&
        answer.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await registered).status()).toBe(201);
    await page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: ACCOUNT_MESSAGES.verifyEmailFirst })
      .waitFor();

    // The mail is a file in DATA_DIR/mail, a real message any mail program opens.
    const mailDir = path.join(dataDir, 'mail');
    await expectEventually(
      async () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).length : 0) > 0,
      true,
    );
    const files = fs.readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(mailDir, files[0]!)));
    expect(JSON.stringify(mail.to)).toContain(customer.email);
    const link = /(http:\/\/\S+\/VerifyEmail\?token=[^\s>]+)/.exec(mail.text ?? '')?.[1];
    expect(link, mail.text).toBeDefined();
    expect(link!.startsWith(`${origin}/VerifyEmail?token=`)).toBe(true);
    const token = new URL(link!).searchParams.get('token')!;

    // The log names the file, never the link or its token.
    const logged = fs.readFileSync(logFile, 'utf8');
    expect(logged).toContain(files[0]);
    expect(logged).not.toContain(token);

    // `npm run mail` prints the same link, decoded, for someone at a terminal.
    const printed = execFileSync(process.execPath, ['scripts/read-mail.mjs'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(printed).toContain(link);

    await page.goto(link!);
    await page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.emailVerified }).waitFor();
    await snap(page, 'mail-file-verified');
    await logIn(page, 'customer', customer.email, customer.password);
    await page
      .getByRole('banner')
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Logout' })
      .waitFor();
  });
});
