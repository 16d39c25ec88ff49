import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Role } from '@bazaar/shared';
import type { Db } from '../../../src/db/client.js';
import { authAccounts, users } from '../../../src/db/schema/index.js';
import { hashPassword } from '../../../src/platform/auth.js';
import { signIn } from '../../support/accounts.js';

/** Test helpers of the shop office: staff accounts (seller, support admin, delivery, admin). */

const PASSWORD = 'Bazaar@123';
let passwordHash: Promise<string> | undefined;
let staffCounter = 0;

/** A signed-in staff member: id, email, name and session cookie. */
export interface TestStaff {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

/**
 * Inserts a verified account of `role` (of `shopId` for sellers and support admins) and signs it
 * in through the API.
 */
export async function createStaff(
  app: FastifyInstance,
  db: Db,
  role: Exclude<Role, 'customer'>,
  shopId: number | null = null,
): Promise<TestStaff> {
  staffCounter += 1;
  passwordHash ??= hashPassword(PASSWORD);
  const id = crypto.randomUUID();
  const email = `${role.replace('_', '-')}${staffCounter}-${Date.now()}@example.in`;
  const name = `Staff ${role} ${staffCounter}`.replace('_', ' ');
  await db.insert(users).values({
    id,
    name,
    email,
    emailVerified: true,
    role,
    mobile: `97${String(Date.now() % 1e6).padStart(6, '0')}${String(staffCounter).padStart(2, '0')}`,
    shopId,
  });
  await db.insert(authAccounts).values({
    id: crypto.randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: await passwordHash,
  });
  const cookie = await signIn(app, role, email, PASSWORD);
  return { id, email, name, cookie };
}

/** Sends a request with the staff member's session cookie. */
export function asStaff(
  app: FastifyInstance,
  staff: { cookie: string },
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...options.headers, cookie: staff.cookie } });
}
