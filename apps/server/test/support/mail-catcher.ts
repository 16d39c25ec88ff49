import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message the catcher received. */
export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A throw-away SMTP server on loopback that keeps every message: mail goes through SMTP_URL, so
 * a test points it here (docs/platform.md "Mail"). `failing = true` makes it refuse mail, to test
 * what happens when the mail server is down. Used by the API tests and the browser tests.
 */
export interface MailCatcher {
  /** `smtp://127.0.0.1:PORT` to pass as SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** When true, every message is refused with a 451 answer. */
  failing: boolean;
  /** Resolves with the first message to `to` (newest first) matching `match`, waiting up to `timeoutMs`. */
  waitFor(
    to: string,
    match?: (mail: CaughtMail) => boolean,
    timeoutMs?: number,
  ): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * Starts a mail catcher on 127.0.0.1 and a free port. With `saveDir`, every message is also
 * written there as `NNNN.json` (CaughtMail), so another process (the browser tests) can read it.
 */
export async function startMailCatcher(options: { saveDir?: string } = {}): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const catcher: MailCatcher = {
    url: '',
    messages,
    failing: false,
    async waitFor(to, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = [...messages]
          .reverse()
          .find((mail) => mail.to === to.toLowerCase() && match(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      if (catcher.failing) {
        stream.resume();
        stream.on('end', () => {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          for (const recipient of session.envelope.rcptTo) {
            const caught = {
              to: recipient.address.toLowerCase(),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            };
            messages.push(caught);
            if (options.saveDir) {
              const name = `${String(messages.length).padStart(4, '0')}.json`;
              fs.writeFileSync(path.join(options.saveDir, name), JSON.stringify(caught));
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  catcher.url = `smtp://127.0.0.1:${port}`;
  return catcher;
}
