import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, CreatedCustomer } from '@bazaar/shared';
import { auditLog, users } from '../../../src/db/schema/index.js';
import { auditRecordOf } from '../../../src/modules/audit/audit.service.js';
import {
  createPeopleContext,
  customerInput,
  type PeopleContext,
} from '../customers/people-test-support.js';

/* docs/back-office-people.md: the admin browses the audit trail, newest first, filtered. */

let people: PeopleContext;
let customerId: number;
const input = customerInput();
const requested = customerInput();

beforeAll(async () => {
  people = await createPeopleContext();
  const created = await people.call('admin', {
    method: 'POST',
    url: '/api/customers',
    payload: input,
  });
  customerId = created.json<CreatedCustomer>().customer.id;
  await people.call('employee', {
    method: 'PATCH',
    url: `/api/customers/${customerId}`,
    payload: {
      name: 'Edited By Employee',
      // Same email: a new one adds its own pending-change entry (email-change.integration.test.ts).
      email: input.email,
      mobile: '7000000999',
      shopName: 'Edited Shop',
    },
  });
  await people.call('employee', {
    method: 'POST',
    url: '/api/customer-requests',
    payload: requested,
  });
});

afterAll(async () => {
  await people.ctx.close();
});

async function audit(query = ''): Promise<AuditPage> {
  const response = await people.call('admin', { method: 'GET', url: `/api/audit${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>();
}

describe('the audit trail', () => {
  it('lists who, role, when, record, action, before and after, newest first', async () => {
    const page = await audit();
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 3, totalPages: 1 });
    expect(page.items.map((row) => [row.entity, row.action, row.actorRole])).toEqual([
      ['customer_request', 'create', 'employee'],
      ['customer', 'update', 'employee'],
      ['customer', 'create', 'admin'],
    ]);
    const update = page.items[1]!;
    expect(update).toMatchObject({
      entityId: String(customerId),
      actorName: 'Rakesh Paswan',
      before: expect.objectContaining({ id: customerId }),
      after: expect.objectContaining({ name: 'Edited By Employee', shopName: 'Edited Shop' }),
    });
    expect(Date.parse(update.at)).not.toBeNaN();
  });

  it('names what changed in words and the people whose ids the record holds', async () => {
    const [request, update, create] = (await audit()).items;
    expect(request!.record).toBe(`Customer request ${requested.shopName} (${requested.name})`);
    expect(update!.record).toBe('Customer Edited Shop (Edited By Employee)');
    expect(create!.record).toBe(`Customer ${input.shopName} (${input.name})`);
    const [employee] = await people.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'employee@bazaar.test'));
    const requestedBy = (request!.after as { requestedBy: string }).requestedBy;
    expect(requestedBy).toBe(employee!.id);
    expect(request!.people).toEqual({ [employee!.id]: 'Rakesh Paswan' });
    // The customer's own account (by its name now: the employee renamed it) and the admin
    // who created it.
    const after = create!.after as { userId: string; createdBy: string };
    expect(create!.people).toEqual({
      [after.userId]: 'Edited By Employee',
      [after.createdBy]: 'Anil Sinha',
    });
  });

  it('words bills, payments, stock and people without their raw ids', () => {
    const record = (entity: string, entityId: string, after: unknown, before: unknown = null) =>
      auditRecordOf({ entity, entityId, before, after });
    expect(record('bill', '153', { amountPaise: 100 })).toBe('Bill 00153');
    expect(record('payment', '9', { billId: 153, amountPaise: 100 })).toBe('Payment to Bill 00153');
    expect(
      record('stock', '7', { item: 'Shirt-Box', category: 'Silver', type: "Men's", quantity: 3 }),
    ).toBe("Stock Shirt-Box Silver Men's");
    expect(record('stock', '7', { quantity: 3 })).toBe('Stock');
    expect(record('employee', 'Yx2kQ9vT0mLr8sPw3nBz', null, { name: 'Birju Mahto' })).toBe(
      'Employee Birju Mahto',
    );
    expect(record('tax_document', '4', { number: 'BZ/26-27/00042' })).toBe(
      'Tax document BZ/26-27/00042',
    );
    expect(record('security_setting', 'require_staff_two_factor', {})).toBe('Security setting');
  });

  it('filters by entity, actor and India calendar days', async () => {
    expect((await audit('?entity=customer')).total).toBe(2);
    expect((await audit('?entity=employee')).total).toBe(0);
    const [employee] = await people.ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'employee@bazaar.test'));
    expect((await audit(`?actor=${employee!.id}`)).total).toBe(2);

    // A row stamped 2024-03-05 23:30 IST (18:00 UTC) belongs to March 5 in India.
    await people.ctx.database.db.insert(auditLog).values({
      actorRole: 'admin',
      actorName: 'Anil Sinha',
      entity: 'stock',
      entityId: '7',
      action: 'update',
      before: { quantity: 5 },
      after: { quantity: 7 },
      at: new Date('2024-03-05T18:00:00Z'),
    });
    expect((await audit('?from=2024-03-05&to=2024-03-05')).items.map((row) => row.entity)).toEqual([
      'stock',
    ]);
    expect((await audit('?from=2024-03-06&to=2024-03-06')).total).toBe(0);
    expect((await audit('?to=2024-03-04')).total).toBe(0);
    expect((await audit('?from=2024-03-05')).total).toBe(4);
  });

  it('pages 20 rows at a time', async () => {
    await people.ctx.database.db.insert(auditLog).values(
      Array.from({ length: 25 }, (_, index) => ({
        actorRole: 'admin',
        actorName: 'Anil Sinha',
        entity: 'bill',
        entityId: String(index + 1),
        action: 'create',
        after: { amountPaise: 100 * (index + 1) },
      })),
    );
    const first = await audit('?entity=bill');
    expect(first.items).toHaveLength(20);
    expect(first.totalPages).toBe(2);
    const second = await audit('?entity=bill&page=2');
    expect(second.items).toHaveLength(5);
  });

  it('refuses bad filters and everyone but the admin', async () => {
    for (const query of ['?from=5-3-2024', '?entity=shoes', '?page=0', '?to=2024-13-45']) {
      const response = await people.call('admin', { method: 'GET', url: `/api/audit${query}` });
      expect(response.statusCode, query).toBe(400);
    }
    for (const caller of ['employee', 'customer', 'seller', 'delivery'] as const) {
      const response = await people.call(caller, { method: 'GET', url: '/api/audit' });
      expect(response.statusCode, caller).toBe(403);
    }
    expect((await people.call(null, { method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });
});
