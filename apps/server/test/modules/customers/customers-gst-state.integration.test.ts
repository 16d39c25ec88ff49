import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INDIAN_STATES,
  gstinStateMismatchMessage,
  type CreatedCustomer,
  type CustomerRequest,
  type WholesaleCustomer,
} from '@bazaar/shared';
import {
  auditCount,
  createPeopleContext,
  customerInput,
  errorOf,
  type PeopleContext,
} from './people-test-support.js';

/*
 * docs/gst.md "Place of supply": wholesale customers may be in any Indian state; a GSTIN must be
 * of the address's state (its first two digits are the state's GST code), on create, request and
 * edit alike.
 */

const UP_GSTIN = '09AABCU9603R1ZL';
const BIHAR_GSTIN = '10AABCU9603R1Z2';
const LUCKNOW = { city: 'Lucknow', pincode: '226001', state: 'Uttar Pradesh' } as const;

let people: PeopleContext;

beforeAll(async () => {
  people = await createPeopleContext();
});

afterAll(async () => {
  await people.ctx.close();
});

describe('customers outside Bihar', () => {
  it('creates a customer in Uttar Pradesh with a 09 GSTIN', async () => {
    const response = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ ...LUCKNOW, gstin: UP_GSTIN.toLowerCase() }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CreatedCustomer>().customer).toMatchObject({
      state: 'Uttar Pradesh',
      gstin: UP_GSTIN,
      city: 'Lucknow',
      pincode: '226001',
    });
  });

  it('refuses a 09 GSTIN on a Bihar address with a field message, writing nothing', async () => {
    const before = await auditCount(people.ctx);
    const response = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ gstin: UP_GSTIN }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      gstin: 'GSTIN 09AABCU9603R1ZL is registered in Uttar Pradesh; the address is in Bihar',
    });
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it('refuses a state that is not Indian, and a Bihar pincode on an Uttar Pradesh address', async () => {
    const foreign = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ state: 'Texas' }),
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign).fields).toEqual({ state: 'Please select a state of India' });

    const wrongPincode = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput({ state: 'Uttar Pradesh', gstin: UP_GSTIN }),
    });
    expect(wrongPincode.statusCode).toBe(400);
    expect(errorOf(wrongPincode).fields).toEqual({
      pincode: 'Pincode 800003 is in Bihar, not Uttar Pradesh',
    });
  });

  it("checks an employee's request the same way, and approving it keeps the state", async () => {
    const refused = await people.call('employee', {
      method: 'POST',
      url: '/api/customer-requests',
      payload: customerInput({ gstin: UP_GSTIN }),
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({
      gstin: gstinStateMismatchMessage(UP_GSTIN, 'Bihar'),
    });

    const sent = await people.call('employee', {
      method: 'POST',
      url: '/api/customer-requests',
      payload: customerInput({ ...LUCKNOW, gstin: UP_GSTIN }),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const request = sent.json<CustomerRequest>();
    expect(request).toMatchObject({ state: 'Uttar Pradesh', gstin: UP_GSTIN });
    const approved = await people.call('admin', {
      method: 'POST',
      url: `/api/customer-requests/${request.id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ customer: WholesaleCustomer }>().customer).toMatchObject({
      state: 'Uttar Pradesh',
      gstin: UP_GSTIN,
    });
  });

  it('edits a GSTIN only to one of the stored state, and can remove it', async () => {
    const created = await people.call('admin', {
      method: 'POST',
      url: '/api/customers',
      payload: customerInput(),
    });
    const customer = created.json<CreatedCustomer>().customer;
    const edit = (gstin: string) =>
      people.call('employee', {
        method: 'PATCH',
        url: `/api/customers/${customer.id}`,
        payload: {
          name: customer.name,
          email: customer.email,
          mobile: customer.mobile,
          altMobile: '',
          shopName: customer.shopName,
          gstin,
        },
      });
    const refused = await edit(UP_GSTIN);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({
      gstin: 'GSTIN 09AABCU9603R1ZL is registered in Uttar Pradesh; the address is in Bihar',
    });
    const saved = await edit(BIHAR_GSTIN);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<WholesaleCustomer>().gstin).toBe(BIHAR_GSTIN);
    const removed = await edit('');
    expect(removed.json<WholesaleCustomer>().gstin).toBeNull();
  });
});

describe('the state list', () => {
  it('offers every state with its GST code, Bihar among them', () => {
    expect(INDIAN_STATES).toContain('Bihar');
    expect(INDIAN_STATES).toContain('Uttar Pradesh');
    expect(INDIAN_STATES.length).toBeGreaterThanOrEqual(36);
  });
});
