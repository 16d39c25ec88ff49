import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  addDays,
  billDuesPaise,
  billInvoiceDocument,
  BILLING_MESSAGES,
  formatDisplayDate,
  formatRupees,
  indianDateOf,
  PEOPLE_MESSAGES,
  SHARE_MESSAGES,
  customerStatementFileName,
  sharedStatementRangeFits,
  type ShareLink,
  type ShareMailSent,
  type ShareRequest,
} from '@bazaar/shared';
import { renderPdf, renderStatementPdf } from '@bazaar/shared/node-render';
import type { BusinessConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { MailNotSentError, type Mailer } from '../../platform/mail.js';
import type { DocumentsService } from '../documents/documents.service.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import * as repo from './share.repo.js';

/** Days of ledger a dues reminder's statement covers (its closing balance is the dues today). */
export const REMINDER_STATEMENT_DAYS = 90;

/** What a link's token signs: the document, and when the link stops working (epoch seconds). */
type SharedDocument =
  | { kind: 'invoice'; id: number; exp: number }
  | { kind: 'statement'; id: number; from: string; to: string; exp: number };

/** A resolved share request: the document and the customer it goes to. */
interface ShareTarget {
  document: SharedDocument;
  customer: repo.CustomerContact;
  /** The message's lines before the link. */
  lines: string[];
}

/**
 * Signed, expiring links to invoice and statement PDFs and the WhatsApp and mail messages that
 * carry them (docs/documents.md "Sharing"). A token is `{payload}.{HMAC-SHA256, 128 bits}` with a
 * key derived from the session secret (node:crypto), so only this server mints links and
 * nothing is stored: a link works until it expires (SHARE_LINK_DAYS), for anyone holding it. The
 * PDF is drawn by the same definitions the browser uses (`billInvoiceDocument`,
 * `customerStatementDocument`) from the same data, rendered with pdfmake in Node. Amounts paise.
 */
export function createShareService(deps: {
  db: Db;
  documents: Pick<DocumentsService, 'billInvoice'>;
  ledger: Pick<LedgerService, 'statement'>;
  mailer: Mailer;
  business: BusinessConfig;
  /** The session secret; the link key is derived from it. */
  secret: string;
  publicUrl: string;
  /** How long a link stays valid (days). */
  linkDays: number;
  now?: () => Date;
}) {
  const { db, business } = deps;
  const now = deps.now ?? (() => new Date());
  const key = createHmac('sha256', deps.secret).update('bazaar shared document links').digest();

  /** The first 128 bits of HMAC-SHA256, base64url (22 characters; RFC 2104 truncation). */
  function sign(payload: string): string {
    return createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');
  }

  /**
   * `{payload}.{signature}`, short enough for a path segment (Fastify's 100-character limit):
   * `i_{billId}_{exp}` or `s_{customerId}_{from YYYYMMDD}_{to YYYYMMDD}_{exp}`.
   */
  function tokenOf(document: SharedDocument): string {
    const payload =
      document.kind === 'invoice'
        ? `i_${document.id}_${document.exp}`
        : `s_${document.id}_${document.from.replaceAll('-', '')}_${document.to.replaceAll('-', '')}_${document.exp}`;
    return `${payload}.${sign(payload)}`;
  }

  /** The document of a correctly signed payload, or null for one this server never wrote. */
  function parse(payload: string): SharedDocument | null {
    const day = (compact: string) =>
      `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
    let match = /^i_(\d{1,12})_(\d{1,12})$/.exec(payload);
    if (match) return { kind: 'invoice', id: Number(match[1]), exp: Number(match[2]) };
    match = /^s_(\d{1,12})_(\d{8})_(\d{8})_(\d{1,12})$/.exec(payload);
    if (match) {
      return {
        kind: 'statement',
        id: Number(match[1]),
        from: day(match[2]!),
        to: day(match[3]!),
        exp: Number(match[4]),
      };
    }
    return null;
  }

  /**
   * The document a token names.
   * @throws AppError FORBIDDEN when the signature does not match (tampered or foreign), GONE
   *   when it has expired.
   */
  function verify(token: string): SharedDocument {
    const [payload, signature, extra] = token.split('.');
    const invalid = new AppError('FORBIDDEN', SHARE_MESSAGES.invalid);
    if (!payload || !signature || extra !== undefined) throw invalid;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid;
    const document = parse(payload);
    if (!document) throw invalid;
    if (document.exp * 1000 <= now().getTime()) {
      throw new AppError('GONE', SHARE_MESSAGES.expired);
    }
    return document;
  }

  async function customerOf(customerId: number): Promise<repo.CustomerContact> {
    const customer = await repo.findCustomerContact(db, customerId);
    if (!customer) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.customerNotFound);
    return customer;
  }

  /** The document, customer and message lines of a request. @throws AppError NOT_FOUND. */
  async function targetOf(request: ShareRequest, exp: number): Promise<ShareTarget> {
    const shop = business.seller.name;
    if (request.kind === 'invoice') {
      const customer = await repo.findBillCustomer(db, request.billId);
      if (!customer) throw new AppError('NOT_FOUND', BILLING_MESSAGES.billNotFound);
      const data = await deps.documents.billInvoice(request.billId);
      const { number, totals } = data.document.snapshot;
      const dues = billDuesPaise(data.bill);
      return {
        document: { kind: 'invoice', id: request.billId, exp },
        customer,
        lines: [
          `Hello ${customer.name}, here is your invoice ${number} from ${shop} for ${formatRupees(totals.totalPaise)}.`,
          dues > 0 ? `Amount due: ${formatRupees(dues)}.` : 'This bill is fully paid. Thank you!',
        ],
      };
    }
    const customer = await customerOf(request.customerId);
    if (request.kind === 'statement') {
      const { from, to } = request.range;
      const statement = await deps.ledger.statement(customer.id, { from, to });
      return {
        document: { kind: 'statement', id: customer.id, from, to, exp },
        customer,
        lines: [
          `Hello ${customer.name}, here is your statement of account from ${shop} for ${formatDisplayDate(`${from}T12:00:00+05:30`)} to ${formatDisplayDate(`${to}T12:00:00+05:30`)}.`,
          `Closing balance: ${formatRupees(statement.closingBalancePaise)}.`,
        ],
      };
    }
    const to = indianDateOf(now());
    const from = addDays(to, -REMINDER_STATEMENT_DAYS);
    const statement = await deps.ledger.statement(customer.id, { from, to });
    return {
      document: { kind: 'statement', id: customer.id, from, to, exp },
      customer,
      lines: [
        `Hello ${customer.name}, this is a friendly reminder from ${shop}.`,
        `Your dues as of ${formatDisplayDate(now())} are ${formatRupees(Math.max(0, statement.closingBalancePaise))}. Please pay at your earliest convenience.`,
      ],
    };
  }

  /** The link, its expiry and the message of a request. */
  async function mint(request: ShareRequest) {
    const expiresAt = new Date(now().getTime() + deps.linkDays * 86_400_000);
    const target = await targetOf(request, Math.floor(expiresAt.getTime() / 1000));
    const url = `${deps.publicUrl.replace(/\/$/, '')}/api/shared/${tokenOf(target.document)}.pdf`;
    const message = [
      ...target.lines,
      `View or download the PDF (link valid till ${formatDisplayDate(expiresAt)}): ${url}`,
      `- ${business.seller.name}, ${business.seller.mobile}`,
    ].join('\n');
    return { target, url, expiresAt: expiresAt.toISOString(), message };
  }

  return {
    /**
     * `POST /api/share/links`: a signed link valid `linkDays` days to the invoice of a bill, a
     * customer's statement of a range or a dues reminder (the statement of the last 90 days), the
     * message in plain English (the business's name, the bill number and amount or the dues, the
     * link) and `https://wa.me/91{mobile}?text={message}`.
     * @throws AppError NOT_FOUND 'Bill not found' / 'Customer not found'.
     */
    async createLink(request: ShareRequest): Promise<ShareLink> {
      const { target, url, expiresAt, message } = await mint(request);
      return {
        url,
        expiresAt,
        message,
        whatsappUrl: whatsappUrl(target.customer.mobile, message),
        email: target.customer.email,
      };
    },

    /**
     * `POST /api/share/mail`: the same message mailed to the customer's email (no attachment).
     * A mail server that refuses leaves it in the outbox for the retry round.
     * @throws AppError NOT_FOUND 'Bill not found' / 'Customer not found'.
     */
    async mailLink(request: ShareRequest): Promise<ShareMailSent> {
      const { target, expiresAt, message } = await mint(request);
      const subject =
        request.kind === 'invoice'
          ? `Your invoice from ${business.seller.name}`
          : request.kind === 'statement'
            ? `Your statement of account from ${business.seller.name}`
            : `Payment reminder from ${business.seller.name}`;
      // The link opens the customer's documents for days: kept out of the log like a reset link.
      try {
        await deps.mailer.send({
          to: target.customer.email,
          subject,
          text: message,
          sensitive: true,
        });
      } catch (error) {
        // The message stays in the outbox and is retried (docs/platform.md "Mail").
        if (!(error instanceof MailNotSentError)) throw error;
      }
      return { sentTo: target.customer.email, expiresAt };
    },

    /**
     * `GET /api/shared/{token}.pdf`: the PDF the token names, drawn now (today's payments and
     * dues) with the business's UPI pay QR when set.
     * @throws AppError FORBIDDEN a tampered or foreign token; GONE an expired one; NOT_FOUND a
     *   file name without `.pdf`, or a bill or customer gone since; VALIDATION_FAILED (400) a
     *   statement of more than a year (a link minted before the cap).
     */
    async pdf(file: string): Promise<{ fileName: string; body: Buffer }> {
      if (!file.endsWith('.pdf')) throw new AppError('NOT_FOUND', SHARE_MESSAGES.invalid);
      const document = verify(file.slice(0, -'.pdf'.length));
      if (document.kind === 'invoice') {
        const data = await deps.documents.billInvoice(document.id);
        const number = data.document.snapshot.number.replaceAll('/', '-');
        return {
          fileName: `Invoice ${number}.pdf`,
          body: await renderPdf(billInvoiceDocument(data)),
        };
      }
      // A link minted before links were capped at a year: refused rather than drawn for long.
      if (!sharedStatementRangeFits(document)) {
        throw new AppError('VALIDATION_FAILED', SHARE_MESSAGES.rangeTooLong);
      }
      const statement = await deps.ledger.statement(document.id, document);
      return {
        fileName: customerStatementFileName(statement),
        // In the statement worker thread: a busy year is seconds of CPU off the event loop.
        body: await renderStatementPdf(statement),
      };
    },
  };
}

/**
 * WhatsApp's click-to-chat link for an Indian 10-digit mobile: `https://wa.me/91{mobile}?text=`
 * with the message percent-encoded (no WhatsApp API: the staff member's own WhatsApp opens).
 */
export function whatsappUrl(mobile: string, message: string): string {
  return `https://wa.me/91${mobile}?text=${encodeURIComponent(message)}`;
}

export type ShareService = ReturnType<typeof createShareService>;
