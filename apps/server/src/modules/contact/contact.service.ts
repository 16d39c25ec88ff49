import type { ContactMessage } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

/**
 * Stores a visitor's Contact US message (already validated by ContactMessageSchema) for the
 * admin's support inbox. Answers the new row's id.
 */
export async function saveContactMessage(db: Db, message: ContactMessage): Promise<{ id: number }> {
  const [row] = await db
    .insert(contactMessages)
    .values(message)
    .returning({ id: contactMessages.id });
  return { id: row!.id };
}
