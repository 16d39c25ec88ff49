import { and, count, eq, gt } from 'drizzle-orm';
import {
  CONTACT_MESSAGES,
  CONTACT_MESSAGES_PER_HOUR,
  type ContactMessageRequest,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';
import type { CaptchaService } from '../../platform/captcha.js';
import { AppError } from '../../platform/errors.js';

/** The window of the per-address limits (ms). */
const HOUR_MS = 3_600_000;
/** Client addresses tracked before expired ones are swept from memory. */
const SWEEP_ABOVE_ADDRESSES = 10_000;

export interface ContactService {
  /**
   * Stores a visitor's Contact US message (validated by ContactMessageRequestSchema) for the
   * admin's support inbox, once its captcha is answered (single use) and neither its email
   * address nor `clientAddress` has sent CONTACT_MESSAGES_PER_HOUR messages in the last hour.
   * Answers the new row's id.
   * @throws AppError 400 VALIDATION_FAILED on `captchaCode` for a wrong, expired or used captcha;
   *   429 RATE_LIMITED past either limit (nothing stored).
   */
  send(message: ContactMessageRequest, clientAddress: string): Promise<{ id: number }>;
}

/**
 * The contact form's service (docs/catalog.md). The per-email limit counts the stored messages,
 * so it holds across instances; the per-client-address limit is kept in this instance's memory
 * (the table has no address column), counting only messages stored, so a mistyped captcha
 * costs nothing.
 */
export function createContactService(deps: { db: Db; captcha: CaptchaService }): ContactService {
  const { db, captcha } = deps;
  /** Times (ms) of the messages stored in the last hour, per client address. */
  const sentByAddress = new Map<string, number[]>();

  function recentFrom(clientAddress: string, now: number): number[] {
    const recent = (sentByAddress.get(clientAddress) ?? []).filter((at) => at > now - HOUR_MS);
    if (recent.length > 0) sentByAddress.set(clientAddress, recent);
    else sentByAddress.delete(clientAddress);
    return recent;
  }

  function sweep(now: number): void {
    if (sentByAddress.size <= SWEEP_ABOVE_ADDRESSES) return;
    for (const clientAddress of [...sentByAddress.keys()]) recentFrom(clientAddress, now);
  }

  function tooMany(): AppError {
    return new AppError('RATE_LIMITED', CONTACT_MESSAGES.tooMany);
  }

  return {
    async send(request, clientAddress) {
      const { captchaId, captchaCode, ...message } = request;
      if (!(await captcha.verify(captchaId, captchaCode))) {
        const text = CONTACT_MESSAGES.captchaInvalid;
        throw new AppError('VALIDATION_FAILED', text, { captchaCode: text });
      }
      const now = Date.now();
      sweep(now);
      const fromAddress = recentFrom(clientAddress, now);
      if (fromAddress.length >= CONTACT_MESSAGES_PER_HOUR) throw tooMany();
      // Held at once, so messages sent in parallel from one address cannot pass it together.
      fromAddress.push(now);
      sentByAddress.set(clientAddress, fromAddress);
      try {
        return await db.transaction(async (tx) => {
          const [sent] = await tx
            .select({ total: count() })
            .from(contactMessages)
            .where(
              and(
                eq(contactMessages.email, message.email),
                gt(contactMessages.createdAt, new Date(now - HOUR_MS)),
              ),
            );
          if ((sent?.total ?? 0) >= CONTACT_MESSAGES_PER_HOUR) throw tooMany();
          const [row] = await tx
            .insert(contactMessages)
            .values(message)
            .returning({ id: contactMessages.id });
          return { id: row!.id };
        });
      } catch (error) {
        fromAddress.splice(fromAddress.indexOf(now), 1);
        throw error;
      }
    },
  };
}
