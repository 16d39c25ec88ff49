import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, like } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { outbox } from '../../src/db/schema/index.js';
import { mailGeneratedPassword } from '../../src/modules/customers/index.js';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.js';
import { openTestDatabase } from '../support/test-app.js';
import {
  createMailer,
  MailNotSentError,
  REMOVED_AFTER_SENDING,
  type MailMessage,
  type Mailer,
} from '../../src/platform/mail.js';

// A generated password (or a reset link, an OTP) is never stored or logged in plain text once it
// has been sent (docs/accounts.md "Mail and secrets").
const SECRET = 'Zx9#kQ2m';
const message = (to: string): MailMessage => ({
  to,
  subject: 'Your Bazaar account',
  text: `Password: ${SECRET}`,
  sensitive: true,
});

let database: Database;
let catcher: MailCatcher;
let logged: string[];

/** A mailer whose log lines land in `logged` (JSON, as in production). */
function mailerFor(smtpUrl: string | undefined, mailDir?: string): Mailer {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  return createMailer({
    db: database.db,
    smtpUrl,
    mailDir,
    from: 'Bazaar <no-reply@bazaar.local>',
    log: pino(sink),
  });
}

/** A fresh empty folder under the system's temporary folder. */
function emptyFolder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-mail-test-'));
}

async function outboxRowOf(to: string) {
  const [row] = await database.db.select().from(outbox).where(eq(outbox.toAddress, to));
  return row!;
}

beforeAll(async () => {
  database = await openTestDatabase();
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await catcher.close();
  await database.close();
});
afterEach(() => {
  catcher.failing = false;
});

describe('sensitive mail', () => {
  it('is delivered, then its outbox text is replaced and the log never holds it', async () => {
    logged = [];
    await mailerFor(catcher.url).send(message('first@example.test'));

    expect((await catcher.waitFor('first@example.test')).text).toContain(SECRET);
    const row = await outboxRowOf('first@example.test');
    expect(row.sentAt).not.toBeNull();
    expect(row.textBody).toBe(REMOVED_AFTER_SENDING);
    expect(logged.join('')).not.toContain(SECRET);
  });

  it('keeps its text while it has to be retried, and removes it once the retry sent it', async () => {
    logged = [];
    const mailer = mailerFor(catcher.url);
    catcher.failing = true;
    await expect(mailer.send(message('retry@example.test'))).rejects.toBeInstanceOf(
      MailNotSentError,
    );
    const waiting = await outboxRowOf('retry@example.test');
    expect(waiting).toMatchObject({ sentAt: null, attempts: 1, textBody: `Password: ${SECRET}` });

    catcher.failing = false;
    expect(await mailer.retryUnsent()).toBe(1);
    expect((await catcher.waitFor('retry@example.test')).text).toContain(SECRET);
    expect((await outboxRowOf('retry@example.test')).textBody).toBe(REMOVED_AFTER_SENDING);
    expect(logged.join('')).not.toContain(SECRET);
  });

  it('without SMTP_URL is kept in the outbox only, and the log names it without its text', async () => {
    logged = [];
    const mailer = mailerFor(undefined);
    await mailer.send(message('dev@example.test'));
    await mailer.send({ to: 'plain@example.test', subject: 'Order shipped', text: 'On its way' });

    expect((await outboxRowOf('dev@example.test')).textBody).toContain(SECRET);
    const lines = logged.join('');
    expect(lines).not.toContain(SECRET);
    expect(lines).toContain('sensitive message kept in the outbox, not logged');
    expect(lines).toContain('dev@example.test');
    expect(lines).toContain('On its way');
  });

  it('without SMTP_URL but with a mail folder is an .eml file there, the log naming only the file', async () => {
    logged = [];
    const folder = emptyFolder();
    try {
      await mailerFor(undefined, folder).send(message('file@example.test'));

      const files = fs.readdirSync(folder);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z-\d{6}\.eml$/);
      // A real message a mail program opens: the headers and the text as sent.
      const parsed = await simpleParser(fs.readFileSync(path.join(folder, files[0]!)));
      expect(parsed.subject).toBe('Your Bazaar account');
      expect(parsed.text?.trim()).toBe(`Password: ${SECRET}`);
      expect(JSON.stringify(parsed.to)).toContain('file@example.test');
      expect(JSON.stringify(parsed.from)).toContain('no-reply@bazaar.local');

      const lines = logged.join('');
      expect(lines).toContain('mail written to a file');
      expect(lines).toContain(files[0]);
      expect(lines).not.toContain(SECRET);
      // Delivered: the outbox row no longer holds the secret.
      const row = await outboxRowOf('file@example.test');
      expect(row.sentAt).not.toBeNull();
      expect(row.textBody).toBe(REMOVED_AFTER_SENDING);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('sends a batch with one outbox insert: each message its own file and row, each once', async () => {
    const folder = emptyFolder();
    try {
      const batch = ['batch1@example.test', 'batch2@example.test', 'batch3@example.test'].map(
        (to) => ({ ...message(to), subject: `Batch for ${to}` }),
      );
      expect(await mailerFor(undefined, folder).sendAll(batch)).toBe(3);
      const files = fs.readdirSync(folder).sort();
      expect(files).toHaveLength(3);
      // Each file carries its own recipient and subject (rows and messages paired in order).
      for (const [index, file] of files.entries()) {
        const parsed = await simpleParser(fs.readFileSync(path.join(folder, file)));
        expect(parsed.subject).toBe(`Batch for ${batch[index]!.to}`);
      }
      for (const { to } of batch) {
        const row = await outboxRowOf(to);
        expect(row.sentAt).not.toBeNull();
        expect(row.textBody).toBe(REMOVED_AFTER_SENDING);
      }

      // The mail server down: every message stays for the retry round, counted once.
      await catcher.close();
      const down = batch.map((each) => ({ ...each, to: each.to.replace('batch', 'down') }));
      expect(await mailerFor(catcher.url).sendAll(down)).toBe(0);
      for (const { to } of down) {
        const row = await outboxRowOf(to);
        expect(row.sentAt).toBeNull();
        expect(row.attempts).toBe(1);
      }
    } finally {
      catcher = await startMailCatcher();
      // The unsent rows would be the next tests' retry round's work.
      await database.db.delete(outbox).where(like(outbox.toAddress, 'down%@example.test'));
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('with SMTP_URL goes to the mail server and never to the mail folder', async () => {
    const folder = emptyFolder();
    try {
      await mailerFor(catcher.url, folder).send(message('server@example.test'));
      expect((await catcher.waitFor('server@example.test')).text).toContain(SECRET);
      expect(fs.readdirSync(folder)).toEqual([]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('keeps the message for a retry when the mail folder cannot be written', async () => {
    logged = [];
    const parent = emptyFolder();
    // A file where the folder should be: mkdir and the write both fail.
    const blocked = path.join(parent, 'mail');
    fs.writeFileSync(blocked, 'not a folder');
    try {
      await expect(
        mailerFor(undefined, blocked).send(message('blocked@example.test')),
      ).rejects.toBeInstanceOf(MailNotSentError);
      const row = await outboxRowOf('blocked@example.test');
      expect(row.sentAt).toBeNull();
      expect(row.attempts).toBe(1);
      expect(row.textBody).toContain(SECRET);
      expect(logged.join('')).not.toContain(SECRET);

      // Once the folder can be written, the retry round writes it and empties the row's text.
      fs.rmSync(blocked);
      expect(await mailerFor(undefined, blocked).retryUnsent()).toBeGreaterThanOrEqual(1);
      expect(fs.readdirSync(blocked)).toHaveLength(1);
      expect((await outboxRowOf('blocked@example.test')).textBody).toBe(REMOVED_AFTER_SENDING);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('marks the generated-password mail as sensitive', async () => {
    const sent: MailMessage[] = [];
    const fake: Mailer = {
      send: async (mail) => void sent.push(mail),
      enqueue: async (mail) => void sent.push(mail),
      sendAll: async (mails) => sent.push(...mails),
      retryUnsent: async () => 0,
    };
    await mailGeneratedPassword(fake, {
      to: 'new@example.test',
      name: 'Asha',
      role: 'employee',
      password: SECRET,
      publicUrl: 'http://localhost:3000',
    });
    expect(sent).toEqual([expect.objectContaining({ sensitive: true })]);
    expect(sent[0]!.text).toContain(SECRET);
  });
});

// N instances share one outbox; each message reaches the mail server once (docs/platform.md).
describe('the outbox retry across instances', () => {
  it('sends each waiting message once when two instances retry at the same moment', async () => {
    const first = mailerFor(catcher.url);
    const second = mailerFor(catcher.url);
    const recipients = Array.from({ length: 8 }, (_, i) => `shared${i}@example.test`);
    catcher.failing = true;
    for (const to of recipients) {
      await expect(first.send(message(to))).rejects.toBeInstanceOf(MailNotSentError);
    }
    catcher.failing = false;

    const rounds = await Promise.all([
      first.retryUnsent(),
      second.retryUnsent(),
      first.retryUnsent(),
      second.retryUnsent(),
    ]);

    expect(rounds.reduce((sum, sent) => sum + sent, 0)).toBe(recipients.length);
    for (const to of recipients) {
      expect(catcher.messages.filter((mail) => mail.to === to)).toHaveLength(1);
      expect(await outboxRowOf(to)).toMatchObject({
        attempts: 1,
        textBody: REMOVED_AFTER_SENDING,
        claimedUntil: null,
      });
    }
  });

  it('leaves a message another instance is sending, and takes it over once that lease ran out', async () => {
    const mailer = mailerFor(catcher.url);
    catcher.failing = true;
    await expect(mailer.send(message('held@example.test'))).rejects.toBeInstanceOf(
      MailNotSentError,
    );
    catcher.failing = false;
    const held = await outboxRowOf('held@example.test');
    const inAMinute = new Date(Date.now() + 60_000);
    await database.db.update(outbox).set({ claimedUntil: inAMinute }).where(eq(outbox.id, held.id));

    expect(await mailer.retryUnsent()).toBe(0);
    expect(catcher.messages.some((mail) => mail.to === 'held@example.test')).toBe(false);

    // The holder died mid-send: its lease ends and the next round sends the message.
    await database.db
      .update(outbox)
      .set({ claimedUntil: new Date(Date.now() - 1_000) })
      .where(eq(outbox.id, held.id));
    expect(await mailer.retryUnsent()).toBe(1);
    expect((await catcher.waitFor('held@example.test')).text).toContain(SECRET);
  });
});
