import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

/** Drizzle queries of the admin's support inbox (SQL only; the rules are in the service). */

const unreadOnly = (unread: boolean) => (unread ? isNull(contactMessages.readAt) : undefined);

/** How many messages there are (only unread ones with `unread`). */
export async function countMessages(db: Db, unread: boolean): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactMessages).where(unreadOnly(unread));
  return row?.value ?? 0;
}

/** One page of messages, newest first. */
export async function findMessages(db: Db, unread: boolean, limit: number, offset: number) {
  return db
    .select()
    .from(contactMessages)
    .where(unreadOnly(unread))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
}

export type MessageRow = Awaited<ReturnType<typeof findMessages>>[number];

/** Marks a message read (keeps the first reading time); answers it, undefined when missing. */
export async function markRead(db: Db, id: number): Promise<MessageRow | undefined> {
  await db
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}
