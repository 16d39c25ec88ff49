import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  addresses,
  APP_META_KEYS,
  appMeta,
  authAccounts,
  emailOtps,
  loginFailures,
  sessions,
  shops,
  twoFactors,
  users,
  verifications,
} from '../../db/schema/index.js';

/** Drizzle queries of the accounts module (SQL only; the rules are in the service). */

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type NewAddress = Omit<typeof addresses.$inferInsert, 'userId'>;
export type NewShop = typeof shops.$inferInsert;

type Queryable = Db | Tx;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserByMobile(
  db: Queryable,
  mobile: string,
): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile));
  return row;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The names of some accounts by user id; unknown ids are absent. */
export async function userNamesByIds(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The stored password hash of a user's credential account. */
export async function findPasswordHash(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
  return row?.password ?? null;
}

/**
 * Inserts a user with its credential (better-auth's `account` row with provider `credential`)
 * and, when given, its default address. Call inside a transaction.
 */
export async function insertUserWithCredential(
  tx: Tx,
  input: { user: NewUser; passwordHash: string; address?: NewAddress },
): Promise<void> {
  await tx.insert(users).values(input.user);
  await tx.insert(authAccounts).values({
    id: crypto.randomUUID(),
    accountId: input.user.id,
    providerId: 'credential',
    userId: input.user.id,
    password: input.passwordHash,
  });
  if (input.address) {
    await tx.insert(addresses).values({ ...input.address, userId: input.user.id, isDefault: true });
  }
}

export async function insertShop(tx: Tx, shop: NewShop): Promise<{ id: number; name: string }> {
  const [row] = await tx.insert(shops).values(shop).returning({ id: shops.id, name: shops.name });
  return row!;
}

export async function findShop(db: Queryable, shopId: number) {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId));
  return row;
}

export async function findDefaultAddress(db: Queryable, userId: string) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), addresses.id)
    .limit(1);
  return row;
}

/** Replaces the fields of the user's default address, creating it when there is none. */
export async function upsertDefaultAddress(tx: Tx, userId: string, address: NewAddress) {
  const existing = await findDefaultAddress(tx, userId);
  if (existing) {
    await tx.update(addresses).set(address).where(eq(addresses.id, existing.id));
  } else {
    await tx.insert(addresses).values({ ...address, userId, isDefault: true });
  }
}

export async function updateUser(tx: Queryable, userId: string, values: Partial<NewUser>) {
  await tx
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The sign-in failure record of an identifier, if any. */
export async function findLoginFailures(db: Queryable, identifier: string) {
  const [row] = await db
    .select()
    .from(loginFailures)
    .where(eq(loginFailures.identifier, identifier));
  return row;
}

/**
 * Counts one failed sign-in for an identifier: restarts the count when the first failure is
 * older than `windowSeconds`, and locks the identifier for `lockSeconds` at `maxFailures`.
 * @returns the failure count after this one.
 */
export async function recordLoginFailure(
  db: Queryable,
  identifier: string,
  limits: { windowSeconds: number; maxFailures: number; lockSeconds: number },
): Promise<number> {
  const [row] = await db
    .insert(loginFailures)
    .values({ identifier, failures: 1, firstFailedAt: new Date() })
    .onConflictDoUpdate({
      target: loginFailures.identifier,
      set: {
        failures: sql`case when ${loginFailures.firstFailedAt} < now() - make_interval(secs => ${limits.windowSeconds}) then 1 else ${loginFailures.failures} + 1 end`,
        firstFailedAt: sql`case when ${loginFailures.firstFailedAt} < now() - make_interval(secs => ${limits.windowSeconds}) then now() else ${loginFailures.firstFailedAt} end`,
      },
    })
    .returning({ failures: loginFailures.failures });
  const failures = row?.failures ?? 1;
  if (failures >= limits.maxFailures) {
    await db
      .update(loginFailures)
      .set({ lockedUntil: new Date(Date.now() + limits.lockSeconds * 1000), failures: 0 })
      .where(eq(loginFailures.identifier, identifier));
  }
  return failures;
}

export async function clearLoginFailures(db: Queryable, identifier: string) {
  await db.delete(loginFailures).where(eq(loginFailures.identifier, identifier));
}

/** The newest unconsumed, unexpired OTP for an email and purpose. */
export async function findActiveOtp(db: Queryable, email: string, purpose: string) {
  const [row] = await db
    .select()
    .from(emailOtps)
    .where(
      and(
        eq(emailOtps.email, email),
        eq(emailOtps.purpose, purpose),
        isNull(emailOtps.consumedAt),
        gt(emailOtps.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailOtps.id))
    .limit(1);
  return row;
}

/** OTPs sent to an email for a purpose since a moment (newest first). */
export async function findOtpsSentSince(
  db: Queryable,
  email: string,
  purpose: string,
  since: Date,
) {
  return db
    .select({ id: emailOtps.id, sentAt: emailOtps.sentAt })
    .from(emailOtps)
    .where(
      and(eq(emailOtps.email, email), eq(emailOtps.purpose, purpose), gt(emailOtps.sentAt, since)),
    )
    .orderBy(desc(emailOtps.sentAt));
}

export async function insertOtp(db: Queryable, otp: typeof emailOtps.$inferInsert) {
  const [row] = await db.insert(emailOtps).values(otp).returning({ id: emailOtps.id });
  return row!.id;
}

export async function deleteOtp(db: Queryable, id: number) {
  await db.delete(emailOtps).where(eq(emailOtps.id, id));
}

export async function countOtpAttempt(db: Queryable, id: number) {
  await db
    .update(emailOtps)
    .set({ attempts: sql`${emailOtps.attempts} + 1` })
    .where(eq(emailOtps.id, id));
}

/**
 * Marks an OTP used; false when another request consumed it first (so one code registers one
 * account).
 */
export async function consumeOtp(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(emailOtps)
    .set({ consumedAt: new Date() })
    .where(and(eq(emailOtps.id, id), isNull(emailOtps.consumedAt)))
    .returning({ id: emailOtps.id });
  return rows.length === 1;
}

/** Deletes one session row (a browser's earlier session when it signs in again). */
export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Deletes one session row by its token (a session the caller must not keep). */
export async function deleteSessionByToken(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}

/** Whether the admin requires two-step sign-in for every staff account (app_meta; default off). */
export async function findRequireStaffTwoFactor(db: Queryable): Promise<boolean> {
  const [row] = await db
    .select({ value: appMeta.value })
    .from(appMeta)
    .where(eq(appMeta.key, APP_META_KEYS.requireStaffTwoFactor));
  return row?.value === true;
}

/** Stores the staff two-step sign-in policy. Call inside the transaction that audits it. */
export async function saveRequireStaffTwoFactor(db: Queryable, required: boolean): Promise<void> {
  await db
    .insert(appMeta)
    .values({ key: APP_META_KEYS.requireStaffTwoFactor, value: required })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: required, updatedAt: new Date() },
    });
}

/** The two-factor row of a user (better-auth's `twoFactor` model), without its secrets. */
export async function findTwoFactorState(
  db: Queryable,
  userId: string,
): Promise<{ verified: boolean } | undefined> {
  const [row] = await db
    .select({ verified: twoFactors.verified })
    .from(twoFactors)
    .where(eq(twoFactors.userId, userId));
  return row;
}

/** The user id a live better-auth verification row (e.g. a pending two-factor sign-in) holds. */
export async function findVerificationValue(
  db: Queryable,
  identifier: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())));
  return row?.value;
}

/** Live rows of a marker identifier (a used authenticator code). */
export async function countLiveMarkers(db: Queryable, identifier: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())));
  return row?.count ?? 0;
}

/** Records a marker (a used authenticator code) until `expiresAt`; clears expired ones. */
export async function insertMarker(
  db: Queryable,
  identifier: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .delete(verifications)
    .where(
      and(
        sql`${verifications.identifier} like 'totp-used:%'`,
        lte(verifications.expiresAt, new Date()),
      ),
    );
  await db
    .insert(verifications)
    .values({ id: crypto.randomUUID(), identifier, value: '1', expiresAt });
}

/**
 * Turns two-step sign-in off for an account and ends its sessions (the admin's reset of a lost
 * factor). Call inside the transaction that audits it.
 * @returns false when the account has it off already.
 */
export async function resetTwoFactor(tx: Tx, userId: string): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ twoFactorEnabled: false, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, true)))
    .returning({ id: users.id });
  await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
  if (updated.length === 0) return false;
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  return true;
}

/**
 * Marks the account disabled at `at` unless it already is (the first time is kept) and deletes
 * every session it has, so a browser signed in as it is signed out at its next request.
 * @returns true when the account was active until now.
 */
export async function disableUserAndEndSessions(
  tx: Tx,
  userId: string,
  at: Date,
): Promise<boolean> {
  const disabled = await tx
    .update(users)
    .set({ disabledAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), isNull(users.disabledAt)))
    .returning({ id: users.id });
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  return disabled.length > 0;
}
