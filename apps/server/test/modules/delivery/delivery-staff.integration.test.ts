import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  PEOPLE_MESSAGES,
  type CreatedDeliveryStaff,
  type DeliveryStaff,
  type DeliveryStaffPage,
} from '@bazaar/shared';
import { users } from '../../../src/db/schema/index.js';
import { loginRequest, sessionCookieOf } from '../../support/accounts.js';
import {
  auditCount,
  auditRowsOf,
  createPeopleContext,
  errorOf,
  mailsTo,
  uniqueMobile,
  type PeopleCaller,
  type PeopleContext,
} from '../customers/people-test-support.js';

/*
 * docs/back-office-people.md: the admin creates delivery staff accounts (a
 * generated password shown once and mailed, as for employees), lists them with a search over name
 * and mobile, and disables them (no more sign-in, every session ended). Only the admin.
 */

let people: PeopleContext;
let counter = 0;

beforeAll(async () => {
  people = await createPeopleContext();
});

afterAll(async () => {
  await people.ctx.close();
});

function staffInput(overrides: Record<string, string> = {}): Record<string, string> {
  counter += 1;
  return {
    name: `Sonu Paswan ${counter}`,
    email: `rider${counter}-${Date.now()}@example.in`,
    mobile: uniqueMobile(),
    ...overrides,
  };
}

function postStaff(payload: Record<string, string>, caller: PeopleCaller | null = 'admin') {
  return people.call(caller, { method: 'POST', url: '/api/delivery-staff', payload });
}

async function createStaff(fields = staffInput()): Promise<CreatedDeliveryStaff> {
  const response = await postStaff(fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedDeliveryStaff>();
}

describe('creating a delivery staff member', () => {
  it('signs in at the delivery login with the password shown once, sees the delivery home, and gets it by mail', async () => {
    const fields = staffInput();
    const created = await createStaff(fields);
    expect(created.deliveryStaff).toMatchObject({
      name: fields.name,
      email: fields.email,
      mobile: fields.mobile,
      disabledAt: null,
    });
    expect(created.generatedPassword).toHaveLength(8);

    const [account] = await people.ctx.database.db
      .select({ role: users.role, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, created.deliveryStaff.id));
    expect(account).toEqual({ role: 'delivery', emailVerified: true });

    const login = await loginRequest(people.ctx.app, {
      area: 'delivery',
      identifier: fields.email!,
      password: created.generatedPassword,
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = sessionCookieOf(login.headers['set-cookie'])!;
    const home = await people.ctx.app.inject({
      method: 'GET',
      url: '/api/delivery/summary',
      headers: { cookie },
    });
    expect(home.statusCode, home.body).toBe(200);

    const mails = await mailsTo(people.ctx, fields.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(created.generatedPassword);
    expect(mails[0]!.textBody).toContain('/deliveryboy');

    // Only the hash is stored: the password is not in the list either.
    const list = await people.call('admin', {
      method: 'GET',
      url: `/api/delivery-staff?search=${encodeURIComponent(fields.name!)}`,
    });
    expect(list.json<DeliveryStaffPage>().items.map((item) => item.id)).toEqual([
      created.deliveryStaff.id,
    ]);
    expect(list.body).not.toContain(created.generatedPassword);

    const audit = await auditRowsOf(people.ctx, 'delivery_staff', created.deliveryStaff.id);
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('refuses a bad mobile, a missing name and a taken email or mobile, writing nothing', async () => {
    const before = await auditCount(people.ctx);
    const invalid = await postStaff(staffInput({ name: '', mobile: '5123456789' }));
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).fields).toMatchObject({ mobile: PEOPLE_MESSAGES.mobileInvalid });
    expect(errorOf(invalid).fields).toHaveProperty('name');

    const takenEmail = await postStaff(staffInput({ email: 'seller@bazaar.test' }));
    expect(takenEmail.statusCode).toBe(409);
    expect(errorOf(takenEmail).fields).toEqual({ email: ACCOUNT_MESSAGES.emailTaken });
    const takenMobile = await postStaff(staffInput({ mobile: '9876500006' }));
    expect(takenMobile.statusCode).toBe(409);
    expect(errorOf(takenMobile).fields).toEqual({ mobile: ACCOUNT_MESSAGES.mobileTaken });
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it('lets only the admin create, list and disable delivery staff', async () => {
    const target = await createStaff();
    for (const caller of ['employee', 'customer', 'seller', 'delivery'] as const) {
      const create = await postStaff(staffInput(), caller);
      expect(create.statusCode, caller).toBe(403);
      const list = await people.call(caller, { method: 'GET', url: '/api/delivery-staff' });
      expect(list.statusCode, caller).toBe(403);
      const disable = await people.call(caller, {
        method: 'POST',
        url: `/api/delivery-staff/${target.deliveryStaff.id}/disable`,
      });
      expect(disable.statusCode, caller).toBe(403);
    }
    expect((await postStaff(staffInput(), null)).statusCode).toBe(401);
    const [row] = await people.ctx.database.db
      .select({ disabledAt: users.disabledAt })
      .from(users)
      .where(eq(users.id, target.deliveryStaff.id));
    expect(row!.disabledAt).toBeNull();
  });
});

describe('the delivery staff list', () => {
  it('pages by 10, newest first, searches name and mobile, and holds only delivery accounts', async () => {
    const named = await createStaff(staffInput({ name: 'Chhotu Manjhi' }));
    const byName = await people.call('admin', {
      method: 'GET',
      url: '/api/delivery-staff?search=manjhi',
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json<DeliveryStaffPage>().items.map((item) => item.id)).toEqual([
      named.deliveryStaff.id,
    ]);
    const byMobile = await people.call('admin', {
      method: 'GET',
      url: `/api/delivery-staff?search=${named.deliveryStaff.mobile!}`,
    });
    expect(byMobile.json<DeliveryStaffPage>().items.map((item) => item.id)).toEqual([
      named.deliveryStaff.id,
    ]);

    for (let index = 0; index < 10; index += 1) await createStaff();
    const first = await people.call('admin', { method: 'GET', url: '/api/delivery-staff' });
    const page = first.json<DeliveryStaffPage>();
    expect(page.items).toHaveLength(10);
    expect(page.pageSize).toBe(10);
    expect(page.total).toBeGreaterThan(10);
    expect(page.totalPages).toBe(Math.ceil(page.total / 10));
    const times = page.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const last = await people.call('admin', {
      method: 'GET',
      url: `/api/delivery-staff?page=${page.totalPages}`,
    });
    const all = [...page.items, ...last.json<DeliveryStaffPage>().items];
    expect(all.map((item) => item.email)).not.toContain('employee@bazaar.test');
    // The demo delivery account is in the list too.
    const demo = await people.call('admin', {
      method: 'GET',
      url: '/api/delivery-staff?search=9876500',
    });
    expect(demo.json<DeliveryStaffPage>().items.map((item) => item.email)).toContain(
      'delivery@bazaar.test',
    );
    const bad = await people.call('admin', { method: 'GET', url: '/api/delivery-staff?page=0' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('disabling a delivery staff member', () => {
  it('ends their sessions and stops their sign-in; a second disable is 409, an employee id 404', async () => {
    const fields = staffInput();
    const created = await createStaff(fields);
    const login = await loginRequest(people.ctx.app, {
      area: 'delivery',
      identifier: fields.email!,
      password: created.generatedPassword,
    });
    const cookie = sessionCookieOf(login.headers['set-cookie'])!;
    const home = () =>
      people.ctx.app.inject({ method: 'GET', url: '/api/delivery/summary', headers: { cookie } });
    expect((await home()).statusCode).toBe(200);

    const response = await people.call('admin', {
      method: 'POST',
      url: `/api/delivery-staff/${created.deliveryStaff.id}/disable`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DeliveryStaff>().disabledAt).not.toBeNull();

    expect((await home()).statusCode).toBe(401);
    const again = await loginRequest(people.ctx.app, {
      area: 'delivery',
      identifier: fields.email!,
      password: created.generatedPassword,
    });
    expect(again.statusCode).not.toBe(200);
    expect(sessionCookieOf(again.headers['set-cookie'])).toBeUndefined();

    const audit = await auditRowsOf(people.ctx, 'delivery_staff', created.deliveryStaff.id);
    expect(audit.map((row) => row.action)).toEqual(['create', 'disable']);

    const before = await auditCount(people.ctx);
    const twice = await people.call('admin', {
      method: 'POST',
      url: `/api/delivery-staff/${created.deliveryStaff.id}/disable`,
    });
    expect(twice.statusCode).toBe(409);
    const [employee] = await people.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'employee@bazaar.test'));
    const notDelivery = await people.call('admin', {
      method: 'POST',
      url: `/api/delivery-staff/${employee!.id}/disable`,
    });
    expect(notDelivery.statusCode).toBe(404);
    expect(await auditCount(people.ctx)).toBe(before);
  });
});
