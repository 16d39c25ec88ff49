import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, sessions, users } from '../../src/db/schema/index.js';
import type { Database } from '../../src/db/client.js';
import { changedTables, fingerprintTables, publicTables } from '../support/db-fingerprint.js';
import { openTestDatabase } from '../support/test-app.js';

/*
 * The fingerprint the access matrix and the mass-assignment tests compare before and after a
 * refused request: it must see every kind of write, and nothing that is not one.
 */
let database: Database;

const message = {
  name: 'Asha',
  email: 'asha@example.in',
  phone: '9876543210',
  subject: 'Size',
  message: 'Is M in stock?',
};

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function changesOf(write: () => Promise<unknown>): Promise<string[]> {
  const before = await fingerprintTables(database.db);
  await write();
  return changedTables(before, await fingerprintTables(database.db));
}

describe('fingerprintTables', () => {
  it('names every table of the app and none of its own', async () => {
    const fingerprint = await fingerprintTables(database.db);
    expect(Object.keys(fingerprint).sort()).toEqual(await publicTables(database.db));
    expect(Object.keys(fingerprint)).toContain('orders');
    expect(Object.keys(fingerprint)).not.toContain('test_row_changes');
  });

  it('sees an insert, an update that changes a value, a delete and a truncate', async () => {
    const db = database.db;
    expect(await changesOf(() => db.insert(contactMessages).values(message))).toEqual([
      'contact_messages',
    ]);
    expect(await changesOf(() => db.update(contactMessages).set({ subject: 'Colour' }))).toEqual([
      'contact_messages',
    ]);
    expect(await changesOf(() => db.delete(contactMessages))).toEqual(['contact_messages']);
    await db.insert(contactMessages).values(message);
    expect(await changesOf(() => db.execute(sql`truncate contact_messages`))).toEqual([
      'contact_messages',
    ]);
  });

  it('sees a row added and removed again, and only the tables written', async () => {
    const db = database.db;
    const changed = await changesOf(async () => {
      const [row] = await db
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id });
      await db.delete(contactMessages).where(eq(contactMessages.id, row!.id));
    });
    expect(changed).toEqual(['contact_messages']);
  });

  it('ignores an update that changes nothing, a rolled-back write and a session sliding', async () => {
    const db = database.db;
    await db.insert(contactMessages).values(message);
    const userId = crypto.randomUUID();
    await db.insert(users).values({
      id: userId,
      name: 'Asha',
      email: `asha-${userId}@example.in`,
      role: 'customer',
    } as typeof users.$inferInsert);
    await db.insert(sessions).values({
      id: crypto.randomUUID(),
      token: crypto.randomUUID(),
      userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(
      await changesOf(() => db.update(contactMessages).set({ subject: message.subject })),
    ).toEqual([]);
    expect(
      await changesOf(() =>
        db
          .transaction(async (tx) => {
            await tx.insert(contactMessages).values(message);
            throw new Error('roll back');
          })
          .catch(() => undefined),
      ),
    ).toEqual([]);
    expect(
      await changesOf(() =>
        db
          .update(sessions)
          .set({ expiresAt: new Date(Date.now() + 2 * 86_400_000), updatedAt: new Date() })
          .where(eq(sessions.userId, userId)),
      ),
    ).toEqual([]);
    expect(
      await changesOf(() =>
        db.update(sessions).set({ userAgent: 'curl' }).where(eq(sessions.userId, userId)),
      ),
    ).toEqual(['sessions']);
  });
});
