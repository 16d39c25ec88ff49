import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

/** One email. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (notifications: modules/notifications/templates.ts). */
  html?: string | undefined;
  /**
   * True when the text holds a secret (a generated password, a reset or verification link, an
   * OTP): the text is never written to the log (docs/platform.md).
   */
  sensitive?: boolean;
}

/** What a sent message's `outbox.text_body` becomes once the mail server has accepted it. */
export const REMOVED_AFTER_SENDING = '[removed after sending]';

/** Raised when the mail server refused or could not be reached; the message stays in the outbox. */
export class MailNotSentError extends Error {
  override name = 'MailNotSentError';
}

export interface Mailer {
  /**
   * Records the message in the outbox and, when SMTP_URL is set, hands it to the mail server
   * at once; once accepted, the row's text is replaced by {@link REMOVED_AFTER_SENDING} (the
   * outbox is a queue, not an archive: recipient, subject and times stay). Without SMTP_URL but
   * with a mail folder (development and tests), the message is written there as an `.eml` file
   * instead, the log line naming the file; with neither, the outbox and the log are the
   * delivery, a sensitive message's text kept in the outbox only and never logged
   * (docs/platform.md "Mail").
   * @throws MailNotSentError when the mail server fails or the file cannot be written; the row
   *   stays for a retry.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Records the message in the outbox (awaited: once this resolves the message cannot be lost)
   * and delivers it in the background, so a request never waits for the mail server; a failed
   * delivery is logged and left to the retry round. For notifications sent after a commit.
   */
  enqueue(message: MailMessage): Promise<void>;
  /**
   * Records every message in the outbox in one statement, hands each to the mail server (or the
   * mail folder) in turn and marks the delivered ones sent in one statement: the background jobs'
   * way, two round trips to the database however many recipients. A message that fails stays in
   * the outbox for the retry round (counted on its row) and does not stop the others.
   * @returns how many were delivered.
   */
  sendAll(messages: MailMessage[]): Promise<number>;
  /**
   * Retries unsent outbox rows (at most 5 attempts each, 50 per round, oldest first) that no
   * instance holds, holding them while it sends; returns how many were sent.
   */
  retryUnsent(): Promise<number>;
}

/** Attempts per outbox row before it is left for a person to look at. */
const MAX_ATTEMPTS = 5;

/**
 * How long an instance holds an outbox row while handing it to the mail server (seconds): well
 * over nodemailer's timeouts below (5 s connect, 5 s greeting, 10 s socket), so a lease runs out
 * only when its instance died mid-send.
 */
const CLAIM_SECONDS = 120;

/**
 * The end of a claim taken now (SQL): the one lease expression of the insert and the retry round.
 */
const claimExpiry = () => sql`now() + make_interval(secs => ${CLAIM_SECONDS})`;

/** Rows one retry round claims at most. */
const RETRY_BATCH = 50;

/**
 * The name of the `.eml` file of outbox row `id` written at `at`: the UTC time first, so a folder
 * listing sorts oldest to newest (`2026-11-28T17-45-12Z-000042.eml`).
 */
export function mailFileName(id: number, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `${stamp}-${String(id).padStart(6, '0')}.eml`;
}

/**
 * Email through nodemailer over `SMTP_URL` (docs/platform.md "Mail"). Every message is written to
 * the `outbox` table first, so nothing is lost when the mail server is down. Without `SMTP_URL`,
 * `mailDir` (the server passes `DATA_DIR/mail` outside production) receives each message as an
 * `.eml` file composed by nodemailer, which any mail program opens.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Folder for `.eml` files when there is no mail server; unset: outbox and log only. */
  mailDir?: string | undefined;
}): Mailer {
  // A mail server, when there is one, wins over the folder.
  const mailDir = options.smtpUrl ? undefined : options.mailDir;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 5_000,
        greetingTimeout: 5_000,
        socketTimeout: 10_000,
      } as SMTPTransport.Options)
    : mailDir
      ? nodemailer.createTransport({
          streamTransport: true,
          buffer: true,
          newline: 'unix',
        } as StreamTransport.Options)
      : undefined;

  /** Composes the message as RFC 5322 text and writes it to the mail folder; returns the path. */
  async function writeMailFile(
    folder: string,
    id: number,
    message: MailMessage,
    composer: Transporter,
  ): Promise<string> {
    const composed = (await composer.sendMail({
      from: options.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })) as StreamTransport.SentMessageInfo;
    await fs.mkdir(folder, { recursive: true });
    const file = path.join(folder, mailFileName(id, new Date()));
    await fs.writeFile(file, composed.message as Buffer);
    return file;
  }

  /** Marks delivered rows sent; with a transport their text goes (a sent row holds no secret). */
  async function markSent(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await options.db
      .update(outbox)
      .set(
        transport
          ? {
              sentAt: new Date(),
              textBody: REMOVED_AFTER_SENDING,
              htmlBody: null,
              claimedUntil: null,
            }
          : { sentAt: new Date(), attempts: 1, claimedUntil: null },
      )
      .where(inArray(outbox.id, ids));
  }

  async function deliver(id: number, message: MailMessage): Promise<void> {
    await handOver(id, message);
    await markSent([id]);
  }

  /**
   * Hands one recorded message to the mail server or the mail folder, or to the log without
   * either. @throws MailNotSentError after counting the failure on the row.
   */
  async function handOver(id: number, message: MailMessage): Promise<void> {
    if (!transport) {
      // No mail server and no mail folder (production without SMTP_URL, the API tests): the log
      // line is how a developer reads the code or link, except for a secret, which stays in the
      // outbox row so that it never reaches a log file.
      if (message.sensitive) {
        options.log.info(
          { mail: { to: message.to, subject: message.subject, outboxId: id } },
          'sensitive message kept in the outbox, not logged',
        );
      } else {
        options.log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'mail kept in outbox',
        );
      }
      return;
    }
    try {
      if (mailDir === undefined) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      } else {
        const file = await writeMailFile(mailDir, id, message, transport);
        // The file is the delivery: the log names it, never the text (which may hold a secret).
        options.log.info(
          { mail: { to: message.to, subject: message.subject, file } },
          'mail written to a file',
        );
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.warn({ outboxId: id, reason }, 'mail not sent');
      // Counted in SQL (two instances never lose an attempt) and released for the next round.
      await options.db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          lastError: reason.slice(0, 500),
          claimedUntil: null,
        })
        .where(eq(outbox.id, id));
      throw new MailNotSentError(reason);
    }
  }

  /** Writes the outbox row, already claimed: no retry round sends it meanwhile. */
  async function record(message: MailMessage): Promise<number> {
    const [row] = await options.db
      .insert(outbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        claimedUntil: claimExpiry(),
      })
      .returning({ id: outbox.id });
    return row!.id;
  }

  return {
    async send(message) {
      await deliver(await record(message), message);
    },
    async sendAll(messages) {
      if (messages.length === 0) return 0;
      const rows = await options.db
        .insert(outbox)
        .values(
          messages.map((message) => ({
            toAddress: message.to,
            subject: message.subject,
            textBody: message.text,
            htmlBody: message.html ?? null,
            claimedUntil: claimExpiry(),
          })),
        )
        .returning({ id: outbox.id });
      // Serial ids are taken in the order of the values: sorted, they pair with the messages.
      const ids = rows.map((row) => row.id).sort((a, b) => a - b);
      const delivered: number[] = [];
      for (const [index, message] of messages.entries()) {
        const id = ids[index]!;
        try {
          await handOver(id, message);
          delivered.push(id);
        } catch {
          // Counted on the row by handOver; the retry round sends it later.
        }
      }
      await markSent(delivered);
      return delivered.length;
    },
    async enqueue(message) {
      const id = await record(message);
      // Failures are already logged and counted on the row by deliver; the retry round resends.
      void deliver(id, message).catch(() => undefined);
    },
    async retryUnsent() {
      // Claims the oldest unsent rows nobody holds in one statement; SKIP LOCKED lets two
      // instances' rounds run at once, each taking other rows.
      const claimed = (await options.db.execute(sql`
        update ${outbox}
        set claimed_until = ${claimExpiry()}
        where id in (
          select id from ${outbox}
          where sent_at is null and attempts < ${MAX_ATTEMPTS}
            and (claimed_until is null or claimed_until < now())
          order by id
          limit ${RETRY_BATCH}
          for update skip locked
        )
        returning id, to_address, subject, text_body, html_body`)) as unknown as {
        rows: {
          id: number;
          to_address: string;
          subject: string;
          text_body: string;
          html_body: string | null;
        }[];
      };
      const rows = [...claimed.rows]
        .map((row) => ({
          id: row.id,
          toAddress: row.to_address,
          subject: row.subject,
          textBody: row.text_body,
          htmlBody: row.html_body ?? undefined,
        }))
        .sort((a, b) => a.id - b.id);
      let sent = 0;
      for (const row of rows) {
        try {
          // The row does not say whether its text is a secret: treat it as one (never logged).
          await deliver(row.id, {
            to: row.toAddress,
            subject: row.subject,
            text: row.textBody,
            html: row.htmlBody,
            sensitive: true,
          });
          sent += 1;
        } catch {
          // Counted on the row; the next round tries again.
        }
      }
      return sent;
    },
  };
}
