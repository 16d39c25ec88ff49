import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  PEOPLE_MESSAGES,
  type ApprovedRequest,
  type CustomerRequest,
  type CustomerRequestPage,
} from '@bazaar/shared';
import { wholesaleCustomers } from '../../../src/db/schema/index.js';
import { loginRequest } from '../../support/accounts.js';
import {
  auditCount,
  auditRowsOf,
  createPeopleContext,
  customerInput,
  errorOf,
  mailsTo,
  type PeopleContext,
} from './people-test-support.js';

/*
 * docs/back-office-people.md and
 * docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md: an employee's Create
 * Request, approved by an admin into a customer (with a generated password) or rejected with a
 * reason; audit rows for each.
 */

let people: PeopleContext;

beforeAll(async () => {
  people = await createPeopleContext();
});

afterAll(async () => {
  await people.ctx.close();
});

async function sendRequest(overrides = {}) {
  const input = customerInput(overrides);
  const response = await people.call('employee', {
    method: 'POST',
    url: '/api/customer-requests',
    payload: input,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { input, request: response.json<CustomerRequest>() };
}

describe('an employee asks for a customer', () => {
  it('creates a pending request, listed for the admin and in the employee’s own list, with an audit row', async () => {
    const { input, request } = await sendRequest();
    expect(request).toMatchObject({
      name: input.name,
      email: input.email,
      mobile: input.mobile,
      shopName: input.shopName,
      status: 'pending',
      requestedBy: { name: 'Rakesh Paswan' },
      decidedAt: null,
      customerId: null,
    });
    const pending = await people.call('admin', { method: 'GET', url: '/api/customer-requests' });
    expect(pending.json<CustomerRequestPage>().items.map((item) => item.id)).toContain(request.id);
    const mine = await people.call('employee', {
      method: 'GET',
      url: '/api/customer-requests/mine',
    });
    expect(mine.json<CustomerRequestPage>().items[0]!.id).toBe(request.id);

    const audit = await auditRowsOf(people.ctx, 'customer_request', request.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', actorRole: 'employee' });
  });

  it('refuses a bad mobile and a taken email without writing anything', async () => {
    const before = await auditCount(people.ctx);
    const badMobile = await people.call('employee', {
      method: 'POST',
      url: '/api/customer-requests',
      payload: customerInput({ mobile: '5123456789' }),
    });
    expect(badMobile.statusCode).toBe(400);
    expect(errorOf(badMobile).fields).toEqual({ mobile: PEOPLE_MESSAGES.mobileInvalid });
    const taken = await people.call('employee', {
      method: 'POST',
      url: '/api/customer-requests',
      payload: customerInput({ email: 'customer@bazaar.test' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).fields).toEqual({ email: ACCOUNT_MESSAGES.emailTaken });
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it('lets only employees send requests and see their own, and only admins decide', async () => {
    for (const caller of ['admin', 'customer', 'seller', 'delivery'] as const) {
      const send = await people.call(caller, {
        method: 'POST',
        url: '/api/customer-requests',
        payload: customerInput(),
      });
      expect(send.statusCode, caller).toBe(403);
      const mine = await people.call(caller, { method: 'GET', url: '/api/customer-requests/mine' });
      expect(mine.statusCode, caller).toBe(403);
    }
    for (const caller of ['employee', 'customer', 'seller', 'delivery'] as const) {
      for (const [method, url, payload] of [
        ['GET', '/api/customer-requests', undefined],
        ['POST', '/api/customer-requests/1/approve', undefined],
        ['POST', '/api/customer-requests/1/reject', { reason: 'No' }],
      ] as const) {
        const response = await people.call(caller, { method, url, payload });
        expect(response.statusCode, `${caller} ${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('the admin decides', () => {
  it('approves a request into a customer whose generated password logs in, once', async () => {
    const { input, request } = await sendRequest();
    const response = await people.call('admin', {
      method: 'POST',
      url: `/api/customer-requests/${request.id}/approve`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const approved = response.json<ApprovedRequest>();
    expect(approved.request).toMatchObject({
      status: 'approved',
      customerId: approved.customer.id,
    });
    expect(approved.customer).toMatchObject({ email: input.email, shopName: input.shopName });
    expect(approved.generatedPassword).toHaveLength(8);

    const [row] = await people.ctx.database.db
      .select()
      .from(wholesaleCustomers)
      .where(eq(wholesaleCustomers.id, approved.customer.id));
    expect(row!.createdBy).not.toBeNull();
    const login = await loginRequest(people.ctx.app, {
      area: 'customer',
      identifier: input.email,
      password: approved.generatedPassword,
    });
    expect(login.statusCode).toBe(200);
    expect(await mailsTo(people.ctx, input.email)).toHaveLength(1);

    expect(
      (await auditRowsOf(people.ctx, 'customer_request', request.id)).map((r) => r.action),
    ).toEqual(['create', 'approve']);
    expect(
      (await auditRowsOf(people.ctx, 'customer', approved.customer.id)).map((r) => r.action),
    ).toEqual(['create']);

    const again = await people.call('admin', {
      method: 'POST',
      url: `/api/customer-requests/${request.id}/approve`,
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(PEOPLE_MESSAGES.requestAlreadyDecided);

    const mine = await people.call('employee', {
      method: 'GET',
      url: '/api/customer-requests/mine',
    });
    expect(
      mine.json<CustomerRequestPage>().items.find((item) => item.id === request.id)?.status,
    ).toBe('approved');
  });

  it('rejects a request with a reason the employee sees; a decided request cannot be approved', async () => {
    const { request } = await sendRequest();
    const empty = await people.call('admin', {
      method: 'POST',
      url: `/api/customer-requests/${request.id}/reject`,
      payload: { reason: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    const response = await people.call('admin', {
      method: 'POST',
      url: `/api/customer-requests/${request.id}/reject`,
      payload: { reason: 'Shop already buys through Gaya branch' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<CustomerRequest>()).toMatchObject({
      status: 'rejected',
      rejectReason: 'Shop already buys through Gaya branch',
    });
    const before = await auditCount(people.ctx);
    const approve = await people.call('admin', {
      method: 'POST',
      url: `/api/customer-requests/${request.id}/approve`,
    });
    expect(approve.statusCode).toBe(409);
    expect(await auditCount(people.ctx)).toBe(before);
    const rejected = await people.call('admin', {
      method: 'GET',
      url: '/api/customer-requests?status=rejected',
    });
    expect(rejected.json<CustomerRequestPage>().items.map((item) => item.id)).toContain(request.id);
  });

  it('refuses to approve when the email was taken since the request, leaving it pending', async () => {
    const { input, request } = await sendRequest();
    const direct = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ email: input.email }),
    });
    expect(direct.statusCode).toBe(201);
    const before = await auditCount(people.ctx);
    const approve = await people.call('admin', {
      method: 'POST',
      url: `/api/customer-requests/${request.id}/approve`,
    });
    expect(approve.statusCode).toBe(409);
    expect(errorOf(approve).fields).toEqual({ email: ACCOUNT_MESSAGES.emailTaken });
    expect(await auditCount(people.ctx)).toBe(before);
    const pending = await people.call('admin', { method: 'GET', url: '/api/customer-requests' });
    expect(pending.json<CustomerRequestPage>().items.map((item) => item.id)).toContain(request.id);
  });

  it('answers 404 for an unknown request', async () => {
    const approve = await people.call('admin', {
      method: 'POST',
      url: '/api/customer-requests/999999/approve',
    });
    expect(approve.statusCode).toBe(404);
    const reject = await people.call('admin', {
      method: 'POST',
      url: '/api/customer-requests/999999/reject',
      payload: { reason: 'No' },
    });
    expect(reject.statusCode).toBe(404);
  });
});
