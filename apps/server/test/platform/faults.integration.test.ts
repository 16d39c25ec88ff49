import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@bazaar/shared';
import {
  DatabaseLockedError,
  lockPgliteFolder,
  openDatabase,
  pgliteLockPath,
} from '../../src/db/client.js';
import { outbox } from '../../src/db/schema/index.js';
import { seedDemoAccounts } from '../../src/seed/demo-accounts.js';
import { newCaptchaId } from '../support/accounts.js';
import { insertShop } from '../support/fixtures.js';
import { startMailCatcher } from '../support/mail-catcher.js';
import { createTestApp, TEST_CAPTCHA_CODE } from '../support/test-app.js';
import { runTypeScriptEntry } from '../support/processes.js';
import { createMailer } from '../../src/platform/mail.js';

const SERVER_MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** Runs the real server entry (through tsx) with `env`, within 90 s; its exit code and output. */
function runServer(env: Record<string, string>) {
  return runTypeScriptEntry(SERVER_MAIN, [], { DATABASE_URL: '', ...env }, 90_000);
}

describe('one process per PGlite folder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-lock-test-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('makes a second server process on the same folder fail fast with a clear message while the first keeps working', async () => {
    const pgliteDir = path.join(root, 'pglite');
    const first = await openDatabase({ pgliteDataDir: pgliteDir });
    await first.migrate();
    expect(fs.readFileSync(pgliteLockPath(pgliteDir), 'utf8').split('\n')[0]).toBe(
      String(process.pid),
    );

    const started = Date.now();
    const second = await runServer({
      DATA_DIR: root,
      PORT: '0',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
    });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(
      `The database folder ${pgliteDir} is already open in process ${process.pid}`,
    );
    expect(Date.now() - started).toBeLessThan(60_000);

    // The first holder is untouched: it still reads and writes.
    await first.db.execute(sql`create table lock_probe (id int)`);
    await first.db.execute(sql`insert into lock_probe values (1)`);
    const result = (await first.db.execute(sql`select count(*)::int as n from lock_probe`)) as {
      rows: { n: number }[];
    };
    expect(result.rows[0]!.n).toBe(1);

    // A second open in the same process is refused too.
    await expect(openDatabase({ pgliteDataDir: pgliteDir })).rejects.toThrow(DatabaseLockedError);
    await first.close();
    expect(fs.existsSync(pgliteLockPath(pgliteDir))).toBe(false);

    // Released at close: the folder opens again, with the first one's data.
    const reopened = await openDatabase({ pgliteDataDir: pgliteDir });
    const again = (await reopened.db.execute(sql`select count(*)::int as n from lock_probe`)) as {
      rows: { n: number }[];
    };
    expect(again.rows[0]!.n).toBe(1);
    await reopened.close();
  }, 150_000);

  it('takes over the lock of a process that no longer exists', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    const deadPid = dead.pid!;
    await new Promise((resolve) => dead.on('close', resolve));
    const folder = path.join(root, 'stale');
    fs.writeFileSync(pgliteLockPath(folder), `${deadPid}\n`);
    const release = lockPgliteFolder(folder);
    expect(fs.readFileSync(pgliteLockPath(folder), 'utf8').split('\n')[0]).toBe(
      String(process.pid),
    );
    expect(() => lockPgliteFolder(folder)).toThrow(/already open in process/);
    release();
    release();
    expect(fs.existsSync(pgliteLockPath(folder))).toBe(false);
  });
});

describe('mail server down', () => {
  it('answers forgot-password as usual with the mail server stopped, keeps the mail in the outbox, and delivers it by retryUnsent once the server is back', async () => {
    const catcher = await startMailCatcher();
    const catcherPort = Number(new URL(catcher.url).port);
    // A relay on a fixed port stands for the mail server: closing it refuses connections.
    const relay = () =>
      net.createServer((socket) => {
        const upstream = net.connect(catcherPort, '127.0.0.1');
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      });
    let server = relay();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const context = await createTestApp({ accounts: { smtpUrl, mailRetryIntervalMs: 0 } });
    try {
      await insertShop(context.database.db);
      await seedDemoAccounts(context.database.db);
      await new Promise<void>((resolve) => server.close(() => resolve()));

      const response = await context.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: {
          email: 'customer@bazaar.test',
          captchaId: await newCaptchaId(context.app),
          captchaCode: TEST_CAPTCHA_CODE,
        },
      });
      expect(response.statusCode).toBe(202);
      expect(response.json().message).toBe(ACCOUNT_MESSAGES.resetLinkSent);
      // The link is made and mailed after the answer (docs/security.md): wait for the attempt.
      const kept = await vi.waitFor(async () => {
        const [row] = await context.database.db
          .select()
          .from(outbox)
          .where(eq(outbox.toAddress, 'customer@bazaar.test'));
        if (!row?.lastError) throw new Error('no failed attempt yet');
        return row;
      });
      expect(kept?.sentAt).toBeNull();
      expect(kept?.attempts).toBe(1);
      expect(kept?.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(catcher.messages).toHaveLength(0);

      server = relay();
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      const mailer = createMailer({
        db: context.database.db,
        smtpUrl,
        from: 'Bazaar <no-reply@bazaar.local>',
        log: context.app.log,
      });
      expect(await mailer.retryUnsent()).toBe(1);
      const delivered = await catcher.waitFor('customer@bazaar.test');
      expect(delivered.subject).toBe('Reset your Bazaar password');
      expect(delivered.text).toMatch(/ResetPassword\?token=/);
      const [sent] = await context.database.db.select().from(outbox).where(eq(outbox.id, kept!.id));
      expect(sent?.sentAt).not.toBeNull();
      expect(await mailer.retryUnsent()).toBe(0);
    } finally {
      await context.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await catcher.close();
    }
  }, 60_000);
});
