import {
  SHOP_OFFICE_MESSAGES,
  SHOP_OFFICE_PAGE_SIZE,
  SUPPORT_CONTACT,
  type SupportContact,
  type SupportMessage,
  type SupportMessagePage,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './support.repo.js';

function toMessage(row: repo.MessageRow): SupportMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Support (docs/shop-office.md "Support"): the business's contact details, one
 * constant shared with the web (SUPPORT_CONTACT), and the admin's inbox of messages sent from the
 * public Contact page (modules/contact stores them).
 */
export function createSupportService(db: Db) {
  return {
    /** `GET /api/support/contact`: phone, email, postal address and hours. */
    contact(): SupportContact {
      return {
        phone: SUPPORT_CONTACT.phone.display,
        email: SUPPORT_CONTACT.email,
        address: SUPPORT_CONTACT.office.oneLine,
        hours: SUPPORT_CONTACT.hours,
      };
    },

    /** `GET /api/support/messages?unread=&page=`: 10 a page, newest first, with the unread count. */
    async messages(unread: boolean, page: number): Promise<SupportMessagePage> {
      const [total, unreadCount, rows] = await Promise.all([
        repo.countMessages(db, unread),
        repo.countMessages(db, true),
        repo.findMessages(db, unread, SHOP_OFFICE_PAGE_SIZE, (page - 1) * SHOP_OFFICE_PAGE_SIZE),
      ]);
      return {
        items: rows.map(toMessage),
        page,
        pageSize: SHOP_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / SHOP_OFFICE_PAGE_SIZE),
        unreadCount,
      };
    },

    /**
     * `POST /api/support/messages/{id}/read`: marks it read (the first time only) and answers it.
     * @throws AppError NOT_FOUND 'Message not found'.
     */
    async markRead(id: number): Promise<SupportMessage> {
      const row = await repo.markRead(db, id);
      if (!row) throw new AppError('NOT_FOUND', SHOP_OFFICE_MESSAGES.messageNotFound);
      return toMessage(row);
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
