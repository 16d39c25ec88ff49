import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { outbox } from '../db/schema/index.js';

/** One email. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Raised when the mail server refused or could not be reached; the message stays in the outbox. */
export class MailNotSentError extends Error {
  override name = 'MailNotSentError';
}

export interface Mailer {
  /**
   * Records the message in the outbox and, when SMTP_URL is set, hands it to the mail server
   * at once. Without SMTP_URL the outbox and the log are the delivery (development).
   * @throws MailNotSentError when the mail server fails; the row stays for a retry.
   */
  send(message: MailMessage): Promise<void>;
  /** Retries unsent outbox rows (at most 5 attempts each); returns how many were sent. */
  retryUnsent(): Promise<number>;
}

/** Attempts per outbox row before it is left for a person to look at. */
const MAX_ATTEMPTS = 5;

/**
 * Email through nodemailer over `SMTP_URL` (DESIGN.md section 2). Every message is written to the
 * `outbox` table first, so nothing is lost when the mail server is down.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 5_000,
        greetingTimeout: 5_000,
        socketTimeout: 10_000,
      } as SMTPTransport.Options)
    : undefined;

  async function deliver(id: number, message: MailMessage): Promise<void> {
    if (!transport) {
      // Development: the log line is how a developer reads the code or link.
      options.log.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'mail kept in outbox',
      );
      await options.db
        .update(outbox)
        .set({ sentAt: new Date(), attempts: 1 })
        .where(eq(outbox.id, id));
      return;
    }
    try {
      await transport.sendMail({ from: options.from, ...message });
      await options.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.warn({ outboxId: id, reason }, 'mail not sent');
      const [row] = await options.db
        .select({ attempts: outbox.attempts })
        .from(outbox)
        .where(eq(outbox.id, id));
      await options.db
        .update(outbox)
        .set({ attempts: (row?.attempts ?? 0) + 1, lastError: reason.slice(0, 500) })
        .where(eq(outbox.id, id));
      throw new MailNotSentError(reason);
    }
  }

  return {
    async send(message) {
      const [row] = await options.db
        .insert(outbox)
        .values({ toAddress: message.to, subject: message.subject, textBody: message.text })
        .returning({ id: outbox.id });
      await deliver(row!.id, message);
    },
    async retryUnsent() {
      const rows = await options.db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS)))
        .orderBy(asc(outbox.id))
        .limit(50);
      let sent = 0;
      for (const row of rows) {
        try {
          await deliver(row.id, { to: row.toAddress, subject: row.subject, text: row.textBody });
          sent += 1;
        } catch {
          // Counted on the row; the next round tries again.
        }
      }
      return sent;
    },
  };
}
