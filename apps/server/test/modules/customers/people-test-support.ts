import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { verhoeffCheckDigit, type CustomerInput, type EmployeeInput } from '@bazaar/shared';
import { auditLog, outbox } from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';

/** Test helpers of the back office's people modules (customers, requests, employees, audit). */

/** The demo callers the permission tests use, by role. */
export type PeopleCaller = 'admin' | 'employee' | 'customer' | 'seller' | 'delivery';

const CALLER_EMAILS: Record<PeopleCaller, string> = {
  admin: 'admin@bazaar.test',
  employee: 'employee@bazaar.test',
  customer: 'customer@bazaar.test',
  seller: 'seller@bazaar.test',
  delivery: 'delivery@bazaar.test',
};

const CALLER_AREAS = {
  admin: 'admin',
  employee: 'employee',
  customer: 'customer',
  seller: 'seller',
  delivery: 'delivery',
} as const;

/** A test app with the demo accounts, and a signed-in session of each caller. */
export interface PeopleContext {
  ctx: TestContext;
  cookies: Record<PeopleCaller, string>;
  /** Calls the API as a caller (or without a session for `null`). */
  call(caller: PeopleCaller | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Builds the app, seeds the demo accounts (sellers need two shops) and signs every caller in. */
export async function createPeopleContext(): Promise<PeopleContext> {
  const ctx = await createTestApp();
  await insertShop(ctx.database.db, { name: 'Demo Shop One' });
  await insertShop(ctx.database.db, { name: 'Demo Shop Two' });
  await seedDemoAccounts(ctx.database.db);
  const cookies = {} as Record<PeopleCaller, string>;
  for (const caller of Object.keys(CALLER_EMAILS) as PeopleCaller[]) {
    cookies[caller] = await signIn(
      ctx.app,
      CALLER_AREAS[caller],
      CALLER_EMAILS[caller],
      DEMO_PASSWORD,
    );
  }
  return {
    ctx,
    cookies,
    call: (caller, options) =>
      ctx.app.inject({
        ...options,
        headers: { ...options.headers, ...(caller ? { cookie: cookies[caller] } : {}) },
      }),
  };
}

let counter = 0;

/** A unique 10-digit mobile starting 7 (the demo accounts use 98765...). */
export function uniqueMobile(): string {
  counter += 1;
  return `7${String(counter).padStart(9, '0')}`;
}

/** A valid Create Customer form with a unique email and mobile (a Patna pincode). */
export function customerInput(overrides: Partial<CustomerInput> = {}): CustomerInput {
  counter += 1;
  return {
    name: `Suresh Prasad ${counter}`,
    mobile: uniqueMobile(),
    altMobile: '',
    email: `shop${counter}-${Date.now()}@example.in`,
    shopName: `Prasad Cloth House ${counter}`,
    gstin: '',
    locality: 'Kadamkuan',
    landmark: 'Near Kali Mandir',
    city: 'Patna',
    pincode: '800003',
    state: 'Bihar',
    country: 'India',
    ...overrides,
  };
}

/** A valid Aadhaar number (Verhoeff check digit) different on every call. */
export function uniqueAadhaar(): string {
  counter += 1;
  const base = `2${String(counter).padStart(10, '0')}`;
  return `${base}${verhoeffCheckDigit(base)}`;
}

/** A valid Create Employee form with a unique email, mobile and Aadhaar. */
export function employeeInput(overrides: Partial<EmployeeInput> = {}): Record<string, string> {
  counter += 1;
  const input: EmployeeInput = {
    name: `Mukesh Ram ${counter}`,
    email: `staff${counter}-${Date.now()}@example.in`,
    mobile: uniqueMobile(),
    altMobile: uniqueMobile(),
    houseMobile: '',
    aadhaarNumber: uniqueAadhaar(),
    employeeRole: 'Karigar',
    locality: 'Rajendra Nagar',
    landmark: 'Road No. 5',
    city: 'Patna',
    pincode: '800016',
    state: 'Bihar',
    country: 'India',
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, String(value ?? '')]),
  );
}

/** Builds a multipart body by hand: text fields and, when given, the file `idProof`. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; type: string; bytes: Buffer },
): Pick<InjectOptions, 'payload' | 'headers'> {
  const boundary = `----bazaar${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="idProof"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The audit rows of one record, oldest first. */
export async function auditRowsOf(ctx: TestContext, entity: string, entityId: string | number) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id));
}

/** How many audit rows exist. */
export async function auditCount(ctx: TestContext): Promise<number> {
  return (await ctx.database.db.select({ id: auditLog.id }).from(auditLog)).length;
}

/** The mails kept in the outbox for an address. */
export async function mailsTo(ctx: TestContext, email: string) {
  return ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email));
}

/** The error body's parts of a response. */
export function errorOf(response: LightMyRequestResponse) {
  return response.json<{
    error: { code: string; message: string; fields?: Record<string, string> };
  }>().error;
}
