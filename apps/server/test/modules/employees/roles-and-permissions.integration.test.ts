import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMPLOYEE_JOB_TITLES,
  EMPLOYEE_PERMISSIONS,
  type ApprovedBillCancelRequest,
  type BillCancelRequest,
  type BillCancelRequestList,
  type BillCancelRequestPage,
  type BillDetail,
  type EmployeePermission,
  type EmployeePermissionsTable,
  type SessionResponse,
} from '@bazaar/shared';
import { auditLog, customerLedger, stockItems, users } from '../../../src/db/schema/index.js';
import { createTestApp, type TestContext } from '../../support/test-app.js';
import {
  callWith,
  insertStockRow,
  insertWholesaleCustomer,
  signInEveryRole,
  type StaffCookies,
} from '../bills/bills-test-support.js';
import { createStaff, type TestStaff } from '../fulfilment/shop-office-test-support.js';

/*
 * docs/back-office-people.md "Roles and permissions" and docs/back-office-bills.md "Cancel
 * requests": the admin decides what each job title may do, the server refuses the rest with
 * 403 naming it, the admin is never limited; an employee's cancel waits for the admin.
 */

let ctx: TestContext;
let as: StaffCookies;
let helper: TestStaff;
let salesMan: TestStaff;
let customerId: number;
let shirtId: number;

const shirt = { item: 'Shirt-Box', category: 'Silver', type: "Men's" } as const;
const db = () => ctx.database.db;

/** An employee of a job title, signed in. */
async function employeeWithTitle(jobTitle: string): Promise<TestStaff> {
  const staff = await createStaff(ctx.app, db(), 'employee');
  await db().update(users).set({ jobTitle }).where(eq(users.id, staff.id));
  return staff;
}

async function permissionsTable(): Promise<EmployeePermissionsTable> {
  const response = await callWith(ctx.app, as.admin, {
    method: 'GET',
    url: '/api/employee-permissions',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmployeePermissionsTable>();
}

async function savePermissions(jobTitle: string, permissions: EmployeePermission[]) {
  return callWith(ctx.app, as.admin, {
    method: 'PUT',
    url: '/api/employee-permissions',
    payload: { titles: [{ jobTitle, permissions }] },
  });
}

const allBut = (...removed: EmployeePermission[]) =>
  EMPLOYEE_PERMISSIONS.filter((permission) => !removed.includes(permission));

async function newBill(cookie = as.admin, quantity = 2): Promise<BillDetail> {
  const response = await callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/customers/${customerId}/bills`,
    payload: {
      lines: [{ ...shirt, size: 'M', quantity, ratePaise: 50_000 }],
      gstApplied: true,
      receivedPaise: 10_000,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BillDetail>();
}

async function shirtsInStock(): Promise<number> {
  const [row] = await db()
    .select({ quantity: stockItems.quantity })
    .from(stockItems)
    .where(eq(stockItems.id, shirtId));
  return row!.quantity;
}

const takePayment = (cookie: string, billId: number) =>
  callWith(ctx.app, cookie, {
    method: 'POST',
    url: `/api/bills/${billId}/payments`,
    payload: { amountPaise: 1_000 },
  });

beforeAll(async () => {
  ctx = await createTestApp();
  as = await signInEveryRole(ctx.app, db());
  customerId = await insertWholesaleCustomer(db());
  shirtId = await insertStockRow(db(), { ...shirt, quantity: 100 });
  helper = await employeeWithTitle('Helper');
  salesMan = await employeeWithTitle('Sales Man');
});

afterAll(async () => {
  await ctx.close();
});

describe('permissions per job title', () => {
  it('starts with every job title allowed everything employees could do before', async () => {
    const table = await permissionsTable();
    expect(table.titles.map((row) => row.jobTitle)).toEqual([...EMPLOYEE_JOB_TITLES]);
    for (const row of table.titles) {
      expect([...row.permissions].sort()).toEqual([...EMPLOYEE_PERMISSIONS].sort());
      expect(row.updatedAt).toBeNull();
    }
  });

  it("saves the admin's change to Helper, audited, and leaves the other titles", async () => {
    const response = await savePermissions('Helper', allBut('takePayments', 'closeBills'));
    expect(response.statusCode, response.body).toBe(200);
    const helperRow = response
      .json<EmployeePermissionsTable>()
      .titles.find((row) => row.jobTitle === 'Helper')!;
    expect(helperRow.permissions).not.toContain('takePayments');
    expect(helperRow.permissions).not.toContain('closeBills');
    expect(helperRow.permissions).toContain('addPurchases');
    expect(helperRow.updatedByName).not.toBeNull();
    const salesRow = (await permissionsTable()).titles.find((row) => row.jobTitle === 'Sales Man')!;
    expect(salesRow.permissions).toContain('takePayments');

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'employee_permissions'), eq(auditLog.entityId, 'Helper')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({
      permissions: expect.arrayContaining(['takePayments']),
    });
    expect(audits[0]!.after).not.toMatchObject({
      permissions: expect.arrayContaining(['takePayments']),
    });

    // Saving the same again changes nothing and writes no audit row.
    await savePermissions('Helper', allBut('takePayments', 'closeBills'));
    const again = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'employee_permissions'), eq(auditLog.entityId, 'Helper')));
    expect(again).toHaveLength(1);
  });

  it('refuses a bad table: unknown title or permission, a title twice; and anyone but the admin', async () => {
    for (const payload of [
      { titles: [{ jobTitle: 'Manager', permissions: [] }] },
      { titles: [{ jobTitle: 'Helper', permissions: ['deleteEverything'] }] },
      {
        titles: [
          { jobTitle: 'Helper', permissions: [] },
          { jobTitle: 'Helper', permissions: [] },
        ],
      },
      { titles: [] },
      { titles: [{ jobTitle: 'Helper', permissions: [], extra: true }] },
    ]) {
      const response = await callWith(ctx.app, as.admin, {
        method: 'PUT',
        url: '/api/employee-permissions',
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const byEmployee = await callWith(ctx.app, salesMan.cookie, {
      method: 'PUT',
      url: '/api/employee-permissions',
      payload: { titles: [{ jobTitle: 'Sales Man', permissions: [...EMPLOYEE_PERMISSIONS] }] },
    });
    expect(byEmployee.statusCode).toBe(403);
  });

  it('refuses a Helper taking a payment with 403 naming the role; a Sales Man may', async () => {
    const bill = await newBill();
    const refused = await takePayment(helper.cookie, bill.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: { code: 'FORBIDDEN', message: 'Your role (Helper) may not take payments' },
    });
    const onAccount = await callWith(ctx.app, helper.cookie, {
      method: 'POST',
      url: `/api/customers/${customerId}/payments`,
      payload: { amountPaise: 1_000, mode: 'cash', allocation: 'oldest_first' },
    });
    expect(onAccount.statusCode).toBe(403);
    const closing = await callWith(ctx.app, helper.cookie, {
      method: 'POST',
      url: `/api/bills/${bill.id}/close`,
    });
    expect(closing.json().error.message).toBe('Your role (Helper) may not close bills');
    const unchanged = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: `/api/bills/${bill.id}`,
    });
    expect(unchanged.json<BillDetail>().receivedPaise).toBe(bill.receivedPaise);

    // What Helper may still do: add a purchase and read the bill.
    await newBill(helper.cookie, 1);
    expect(
      (await callWith(ctx.app, helper.cookie, { method: 'GET', url: `/api/bills/${bill.id}` }))
        .statusCode,
    ).toBe(200);

    const paid = await takePayment(salesMan.cookie, bill.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<BillDetail>().receivedPaise).toBe(bill.receivedPaise + 1_000);
  });

  it('never limits the admin, whatever the employees may do', async () => {
    for (const jobTitle of EMPLOYEE_JOB_TITLES) {
      expect((await savePermissions(jobTitle, [])).statusCode).toBe(200);
    }
    const bill = await newBill();
    expect((await takePayment(as.admin, bill.id)).statusCode).toBe(200);
    const ledger = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: `/api/customers/${customerId}/ledger`,
    });
    expect(ledger.statusCode).toBe(200);
    const refused = await callWith(ctx.app, salesMan.cookie, {
      method: 'GET',
      url: `/api/customers/${customerId}/ledger`,
    });
    expect(refused.json().error.message).toBe('Your role (Sales Man) may not see reports');
    for (const jobTitle of EMPLOYEE_JOB_TITLES) {
      await savePermissions(jobTitle, [...EMPLOYEE_PERMISSIONS]);
    }
    await savePermissions('Helper', allBut('takePayments', 'closeBills'));
  });

  it("tells the web app the employee's job title and permissions in the session", async () => {
    const helperSession = await callWith(ctx.app, helper.cookie, {
      method: 'GET',
      url: '/api/auth/session',
    });
    const user = helperSession.json<SessionResponse>().user!;
    expect(user.jobTitle).toBe('Helper');
    expect([...user.permissions!].sort()).toEqual(allBut('takePayments', 'closeBills').sort());
    const adminSession = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: '/api/auth/session',
    });
    expect(adminSession.json<SessionResponse>().user!.permissions).toBeUndefined();
  });
});

describe('cancel requests', () => {
  const ask = (cookie: string, billId: number, reason = 'Entered twice by mistake') =>
    callWith(ctx.app, cookie, {
      method: 'POST',
      url: `/api/bills/${billId}/cancel-requests`,
      payload: { reason },
    });

  it('keeps the bill unchanged while the request waits; a second request is 409', async () => {
    const bill = await newBill();
    const stock = await shirtsInStock();
    const response = await ask(salesMan.cookie, bill.id);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<BillCancelRequest>()).toMatchObject({
      billId: bill.id,
      status: 'pending',
      reason: 'Entered twice by mistake',
      requestedBy: { id: salesMan.id, name: salesMan.name },
    });
    const still = await callWith(ctx.app, salesMan.cookie, {
      method: 'GET',
      url: `/api/bills/${bill.id}`,
    });
    expect(still.json<BillDetail>().status).toBe('open');
    expect(await shirtsInStock()).toBe(stock);

    const second = await ask(helper.cookie, bill.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'A cancel request for this bill is already waiting for the admin',
    );
    // The admin cancels directly; an employee may not.
    const direct = await callWith(ctx.app, salesMan.cookie, {
      method: 'POST',
      url: `/api/bills/${bill.id}/cancel`,
      payload: { reason: 'Entered twice by mistake' },
    });
    expect(direct.statusCode).toBe(403);
    expect((await ask(salesMan.cookie, bill.id, 'no')).statusCode).toBe(400);
    expect((await ask(as.admin, bill.id)).statusCode).toBe(403);
  });

  it('cancels the bill on approval exactly as an admin cancel: stock back, ledger, audit', async () => {
    const bill = await newBill(as.admin, 3);
    const stock = await shirtsInStock();
    const request = (await ask(salesMan.cookie, bill.id)).json<BillCancelRequest>();
    const pending = await callWith(ctx.app, as.admin, {
      method: 'GET',
      url: '/api/bill-cancel-requests',
    });
    expect(pending.json<BillCancelRequestPage>().items.map((item) => item.id)).toContain(
      request.id,
    );

    const approved = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bill-cancel-requests/${request.id}/approve`,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const answer = approved.json<ApprovedBillCancelRequest>();
    expect(answer.request).toMatchObject({ status: 'approved', decidedByName: expect.any(String) });
    expect(answer.bill).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Entered twice by mistake',
      refundedPaise: bill.receivedPaise,
      duesPaise: 0,
    });
    expect(answer.bill.invoice?.status).toBe('cancelled');
    expect(await shirtsInStock()).toBe(stock + 3);
    const ledgerRows = await db()
      .select()
      .from(customerLedger)
      .where(eq(customerLedger.customerId, customerId));
    expect(ledgerRows.filter((row) => row.kind === 'cancellation')).toHaveLength(1);
    const audits = await db()
      .select({ entity: auditLog.entity, action: auditLog.action })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'bill'),
          eq(auditLog.entityId, String(bill.id)),
          eq(auditLog.action, 'cancel'),
        ),
      );
    expect(audits).toHaveLength(1);

    const onBill = await callWith(ctx.app, salesMan.cookie, {
      method: 'GET',
      url: `/api/bills/${bill.id}/cancel-requests`,
    });
    expect(onBill.json<BillCancelRequestList>().items[0]).toMatchObject({ status: 'approved' });
    const twice = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bill-cancel-requests/${request.id}/approve`,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('leaves the bill as it is on rejection, with the reason the employee sees', async () => {
    const bill = await newBill();
    const stock = await shirtsInStock();
    const request = (await ask(salesMan.cookie, bill.id)).json<BillCancelRequest>();
    const empty = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bill-cancel-requests/${request.id}/reject`,
      payload: { reason: '' },
    });
    expect(empty.statusCode).toBe(400);
    const rejected = await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bill-cancel-requests/${request.id}/reject`,
      payload: { reason: 'The customer took the goods' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<BillCancelRequest>()).toMatchObject({
      status: 'rejected',
      rejectReason: 'The customer took the goods',
    });
    const after = await callWith(ctx.app, salesMan.cookie, {
      method: 'GET',
      url: `/api/bills/${bill.id}`,
    });
    expect(after.json<BillDetail>().status).toBe('open');
    expect(await shirtsInStock()).toBe(stock);
    const seen = await callWith(ctx.app, salesMan.cookie, {
      method: 'GET',
      url: `/api/bills/${bill.id}/cancel-requests`,
    });
    expect(seen.json<BillCancelRequestList>().items[0]).toMatchObject({
      status: 'rejected',
      rejectReason: 'The customer took the goods',
    });
    // Rejected: the employee may ask again.
    expect((await ask(salesMan.cookie, bill.id, 'The customer sent it back')).statusCode).toBe(201);
  });

  it('refuses asking when the job title may not, and on a cancelled bill', async () => {
    await savePermissions('Helper', allBut('takePayments', 'closeBills', 'requestBillCancels'));
    const bill = await newBill();
    const refused = await ask(helper.cookie, bill.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your role (Helper) may not ask to cancel bills');
    await callWith(ctx.app, as.admin, {
      method: 'POST',
      url: `/api/bills/${bill.id}/cancel`,
      payload: { reason: 'Admin cancelled it directly' },
    });
    const cancelled = await ask(salesMan.cookie, bill.id);
    expect(cancelled.statusCode).toBe(422);
    expect(cancelled.json().error.reason).toBe('BILL_CANCELLED');
  });
});
