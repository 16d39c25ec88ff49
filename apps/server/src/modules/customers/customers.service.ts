import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  BACK_OFFICE_PAGE_SIZE,
  PEOPLE_MESSAGES,
  gstStateCodeOf,
  gstinMatchesState,
  gstinStateMismatchMessage,
  type CreatedCustomer,
  type CustomerInputSchema,
  type CustomerPage,
  type CustomerRequest,
  type CustomerRequestPage,
  type CustomerRequestStatus,
  type CustomerSummary,
  type CustomerUpdateSchema,
  type WholesaleCustomer,
  LEDGER_MESSAGES,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, refusal } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import { lookupPincode } from '../accounts/accounts.service.js';
import {
  cancelEmailChange,
  mailEmailChange,
  recordEmailChange,
  type RecordedEmailChangeMail,
  type VerifiedEmailChange,
} from '../accounts/index.js';
import { recordAudit } from '../audit/audit.service.js';
import { customerDues, openBillsCreditPaise, type CustomerDues } from '../bills/bills.service.js';
import * as repo from './customers.repo.js';
import {
  assertAccountFree,
  conflictFromUniqueViolation,
  insertGeneratedAccount,
  mailGeneratedPassword,
  newGeneratedCredential,
} from './generated-account.js';

export type CustomerFields = z.output<typeof CustomerInputSchema>;
/** A new customer's fields with its ledger's starting point (NewCustomerInputSchema). */
export type NewCustomerInputFields = CustomerFields & {
  openingBalancePaise: number;
  creditLimitPaise: number | null;
};
/** Opening balance and credit limit (paise): absent for a customer made from a request. */
type LedgerStart = { openingBalancePaise?: number; creditLimitPaise?: number | null };
export type CustomerPatch = z.output<typeof CustomerUpdateSchema>;
/** The fields a customer is created from: a validated form, or an approved request. */
type NewCustomerFields = Pick<
  repo.RequestRow,
  | 'name'
  | 'email'
  | 'mobile'
  | 'altMobile'
  | 'shopName'
  | 'gstin'
  | 'locality'
  | 'landmark'
  | 'city'
  | 'pincode'
  | 'state'
  | 'country'
>;

export interface CustomersServiceDeps {
  db: Db;
  mailer: Mailer;
  /** Site origin for the login link in the password mail. */
  publicUrl: string;
}

/** The customer's own fields of a customer or request row. */
function customerFieldsOf(row: NewCustomerFields): NewCustomerFields {
  const { name, email, mobile, altMobile, shopName, gstin } = row;
  const { locality, landmark, city, pincode, state, country } = row;
  return {
    name,
    email,
    mobile,
    altMobile,
    shopName,
    gstin,
    locality,
    landmark,
    city,
    pincode,
    state,
    country,
  };
}

/*
 * India Post's directory predates some reorganisations and spells a few states its own way; these
 * are the GST codes of its names that gstStateCodeOf does not know, and the codes each directory
 * code also stands for today (Telangana was part of Andhra Pradesh, Ladakh of Jammu and Kashmir).
 */
const DIRECTORY_STATE_CODES: Record<string, string> = {
  chattisgarh: '22',
  orissa: '21',
  pondicherry: '34',
  uttaranchal: '05',
  'daman and diu': '26',
  'dadra and nagar haveli': '26',
};
const DIRECTORY_CODE_ALSO: Record<string, string[]> = { '37': ['36'], '01': ['38'] };

/**
 * A customer's pincode must be one India Post knows and lie in the customer's state (wholesale
 * customers may be anywhere in India: docs/gst.md "Place of supply").
 * @throws AppError VALIDATION_FAILED on `pincode` when unknown or in another state.
 */
export function assertPincodeInState(pincode: string, state: string): void {
  const info = lookupPincode(pincode);
  if (!info) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.pincodeUnknown, {
      pincode: ACCOUNT_MESSAGES.pincodeUnknown,
    });
  }
  const wanted = gstStateCodeOf(state);
  const found =
    gstStateCodeOf(info.state) ??
    DIRECTORY_STATE_CODES[info.state.toLowerCase().replace(/&/g, 'and')];
  if (!wanted || !found) return;
  if (found === wanted || DIRECTORY_CODE_ALSO[found]?.includes(wanted)) return;
  const message = `Pincode ${pincode} is in ${info.state}, not ${state}`;
  throw new AppError('VALIDATION_FAILED', message, { pincode: message });
}

/** @throws AppError VALIDATION_FAILED on `gstin` when it is not of the state's registration. */
function assertGstinOfState(gstin: string | null, state: string): void {
  if (gstin && !gstinMatchesState(gstin, state)) {
    const message = gstinStateMismatchMessage(gstin, state);
    throw new AppError('VALIDATION_FAILED', message, { gstin: message });
  }
}

/** A customer row with its money from the bills module: dues (paise) and bill count. */
type CustomerWithDues = repo.CustomerRow & CustomerDues;

/** The API view of a customer row (dates as ISO text, money in paise). */
function toCustomer(row: CustomerWithDues): WholesaleCustomer {
  return {
    id: row.id,
    ...customerFieldsOf(row),
    createdAt: row.createdAt.toISOString(),
    duesPaise: row.duesPaise,
    billCount: row.billCount,
    openingBalancePaise: row.openingBalancePaise,
    creditLimitPaise: row.creditLimitPaise,
  };
}

/** What the audit trail keeps of a customer: its fields, without bookkeeping columns. */
function auditSnapshot(row: repo.CustomerRow | CustomerWithDues) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = row;
  // Dues and bill count are the bills' business, not the customer record's.
  if ('duesPaise' in fields) {
    const { duesPaise: _dues, billCount: _bills, ...customer } = fields;
    return customer;
  }
  return fields;
}

function toRequest(row: repo.RequestWithRequester): CustomerRequest {
  return {
    id: row.id,
    ...customerFieldsOf(row),
    status: row.status as CustomerRequestStatus,
    requestedBy: { id: row.requestedBy, name: row.requesterName },
    decidedAt: row.decidedAt?.toISOString() ?? null,
    rejectReason: row.rejectReason,
    customerId: row.customerId,
    createdAt: row.createdAt.toISOString(),
  };
}

function requestSnapshot(row: repo.RequestRow) {
  const { createdAt: _created, ...fields } = row;
  return fields;
}

function pageMeta(page: number, total: number) {
  return {
    page,
    pageSize: BACK_OFFICE_PAGE_SIZE,
    total,
    totalPages: Math.ceil(total / BACK_OFFICE_PAGE_SIZE),
  } as const;
}

/**
 * Wholesale customers and employees' customer requests (docs/back-office-people.md;
 * docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md). Every change writes its
 * audit row in the same transaction; the generated password is mailed after the commit.
 */
export function createCustomersService(deps: CustomersServiceDeps) {
  const { db, mailer, publicUrl } = deps;

  /**
   * Creates the customer and its account (role customer, verified, generated password) inside
   * `tx`, with its audit row. The caller has checked the pincode and that email and mobile are
   * free; a race on them surfaces as a unique violation.
   */
  async function insertCustomerWithAccount(
    tx: Tx,
    actor: AuthUser,
    input: NewCustomerFields & LedgerStart,
    passwordHash: string,
  ): Promise<repo.CustomerRow> {
    const userId = await insertGeneratedAccount(
      tx,
      { name: input.name, email: input.email, mobile: input.mobile, role: 'customer' },
      passwordHash,
    );
    const customer = await repo.insertCustomer(tx, {
      userId,
      ...customerFieldsOf(input),
      // The ledger's opening row is written by its trigger (docs/back-office-ledger.md).
      openingBalancePaise: input.openingBalancePaise ?? 0,
      creditLimitPaise: input.creditLimitPaise ?? null,
      createdBy: actor.id,
    });
    await recordAudit(tx, {
      actor,
      entity: 'customer',
      entityId: customer.id,
      action: 'create',
      after: auditSnapshot(customer),
    });
    return customer;
  }

  /** Customer rows with their dues and bill counts, from the bills module. */
  async function withDues(
    queryable: Db | Tx,
    rows: repo.CustomerRow[],
  ): Promise<CustomerWithDues[]> {
    const dues = await customerDues(
      queryable,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, ...(dues.get(row.id) ?? { duesPaise: 0, billCount: 0 }) }));
  }

  async function requireCustomer(id: number): Promise<CustomerWithDues> {
    const customer = await repo.findCustomer(db, id);
    if (!customer) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.customerNotFound);
    return (await withDues(db, [customer]))[0]!;
  }

  return {
    /**
     * Creates a wholesale customer with its own login (docs/back-office-people.md), its opening
     * balance (paise, fixed from now on: the ledger's first row) and optional credit limit
     * (docs/back-office-ledger.md). 201 `{ customer, generatedPassword }`: the password is shown
     * once and mailed.
     * @throws AppError 400 pincode unknown or not in the customer's state, GSTIN of another
     *   state; 409 email or mobile taken (field message on `email` / `mobile`).
     */
    async createCustomer(actor: AuthUser, input: NewCustomerInputFields): Promise<CreatedCustomer> {
      assertGstinOfState(input.gstin, input.state);
      assertPincodeInState(input.pincode, input.state);
      await assertAccountFree(db, input);
      const credential = await newGeneratedCredential();
      let customer: repo.CustomerRow;
      try {
        customer = await db.transaction((tx) =>
          insertCustomerWithAccount(tx, actor, input, credential.passwordHash),
        );
      } catch (error) {
        conflictFromUniqueViolation(error);
      }
      await mailGeneratedPassword(mailer, {
        to: customer.email,
        name: customer.name,
        role: 'customer',
        password: credential.password,
        publicUrl,
      });
      return {
        customer: toCustomer({ ...customer, duesPaise: 0, billCount: 0 }),
        generatedPassword: credential.password,
      };
    },

    /**
     * The customer list of the admin and the employees (docs/back-office-people.md): 10 a page,
     * newest first; `search` matches every word case-insensitively in name, mobile, shop name,
     * locality, landmark or city. Each row carries its dues (paise) and bill count.
     */
    async listCustomers(input: { search: string; page: number }): Promise<CustomerPage> {
      const { rows, total } = await repo.listCustomers(db, {
        search: input.search,
        limit: BACK_OFFICE_PAGE_SIZE,
        offset: (input.page - 1) * BACK_OFFICE_PAGE_SIZE,
      });
      return { items: (await withDues(db, rows)).map(toCustomer), ...pageMeta(input.page, total) };
    },

    /**
     * One customer: the transaction screen's header (name, shop, mobile, locality, landmark,
     * city) and its dues. @throws AppError 404 'Customer not found'.
     */
    async getCustomer(id: number): Promise<WholesaleCustomer> {
      return toCustomer(await requireCustomer(id));
    },

    /**
     * The customer list's Edit modal (docs/back-office-people.md): name, email, mobile, alt mobile,
     * shop name; the customer's account gets the same name and mobile in the same transaction,
     * with an audit row of before and after. The GSTIN changes when given and must be of the
     * customer's state (docs/gst.md "Place of supply").
     * A new email does not change the sign-in email (docs/security.md "Changing a customer's
     * email"): it is recorded as pending with an `email_change_requested` audit row, the new
     * address gets a 24-hour link and the old one a notice naming the staff member; the answer
     * keeps the current email until the customer opens the link. Saving with the current email
     * withdraws a pending change (`email_change_cancelled`). `creditLimitPaise` (paise; null
     * removes it, absent keeps it) is the admin's to change (docs/back-office-ledger.md).
     * @throws AppError 400 on `gstin` when it is of another state; 403 'Only the admin sets a
     *   credit limit' when an employee changes it; 404; 409 email or mobile used by another
     *   account.
     */
    async updateCustomer(
      actor: AuthUser,
      id: number,
      patch: CustomerPatch,
    ): Promise<WholesaleCustomer> {
      const current = await requireCustomer(id);
      if (
        actor.role !== 'admin' &&
        patch.creditLimitPaise !== undefined &&
        patch.creditLimitPaise !== current.creditLimitPaise
      ) {
        throw new AppError('FORBIDDEN', LEDGER_MESSAGES.creditLimitAdminOnly);
      }
      if (patch.gstin !== undefined) assertGstinOfState(patch.gstin, current.state);
      await assertAccountFree(db, {
        email: patch.email,
        mobile: patch.mobile,
        exceptUserId: current.userId,
      });
      let result: { customer: CustomerWithDues; emailChange?: RecordedEmailChangeMail };
      try {
        result = await db.transaction(async (tx) => {
          const locked = await repo.findCustomer(tx, id, { forUpdate: true });
          if (!locked) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.customerNotFound);
          const [before] = await withDues(tx, [locked]);
          if (!before) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.customerNotFound);
          const emailChanging = patch.email.toLowerCase() !== before.email.toLowerCase();
          // The sign-in email stays until the new address is verified (accounts/email-change.ts).
          const email = emailChanging ? before.email : patch.email;
          const after = await repo.updateCustomer(tx, id, { ...patch, email });
          await repo.updateAccount(tx, before.userId, {
            name: patch.name,
            email,
            mobile: patch.mobile,
          });
          await recordAudit(tx, {
            actor,
            entity: 'customer',
            entityId: id,
            action: 'update',
            before: auditSnapshot(before),
            after: auditSnapshot(after),
          });
          const customer = { ...after, duesPaise: before.duesPaise, billCount: before.billCount };
          if (!emailChanging) {
            // Saving the current email withdraws a pending change (staff undoing a mistaken or
            // disputed one): its link stops working.
            const withdrawn = await cancelEmailChange(tx, before.userId);
            if (withdrawn) {
              await recordAudit(tx, {
                actor,
                entity: 'customer',
                entityId: id,
                action: 'email_change_cancelled',
                before: { email: before.email, pendingEmail: withdrawn },
                after: { email: before.email },
              });
            }
            return { customer };
          }
          const recorded = await recordEmailChange(tx, {
            userId: before.userId,
            newEmail: patch.email,
          });
          await recordAudit(tx, {
            actor,
            entity: 'customer',
            entityId: id,
            action: 'email_change_requested',
            before: { email: before.email },
            after: { email: patch.email.toLowerCase(), expiresAt: recorded.expiresAt },
          });
          return {
            customer,
            emailChange: {
              name: after.name,
              oldEmail: before.email,
              newEmail: patch.email.toLowerCase(),
              changedBy: actor.name,
              token: recorded.token,
              publicUrl,
            },
          };
        });
      } catch (error) {
        conflictFromUniqueViolation(error);
      }
      if (result.emailChange) await mailEmailChange(mailer, result.emailChange);
      return toCustomer(result.customer);
    },

    /**
     * Follows a verified email change of a customer's account (accounts/email-change.ts calls it
     * inside the verifying transaction): the customer row takes the new address, with an
     * `email_change_verified` audit row whose actor is the customer. Accounts that are not
     * wholesale customers are left alone.
     */
    async applyVerifiedEmail(tx: Tx, change: VerifiedEmailChange): Promise<void> {
      const locked = await repo.findCustomerByUserId(tx, change.userId, { forUpdate: true });
      if (!locked) return;
      await repo.updateCustomer(tx, locked.id, { email: change.newEmail });
      await recordAudit(tx, {
        actor: { id: change.userId, role: change.role as AuthUser['role'], name: change.name },
        entity: 'customer',
        entityId: locked.id,
        action: 'email_change_verified',
        before: { email: change.oldEmail },
        after: { email: change.newEmail },
      });
    },

    /** The employee home's tiles: how many customers, and the dues of open bills (paise). */
    async summary(): Promise<CustomerSummary> {
      const [totalCustomers, totalCreditPaise] = await Promise.all([
        repo.countCustomers(db),
        openBillsCreditPaise(db),
      ]);
      return { totalCustomers, totalCreditPaise };
    },

    /**
     * An employee's Create Request (docs/back-office-people.md "Screens"): the
     * customer's fields, kept pending for an admin. 201 with the request.
     * @throws AppError 400 pincode or GSTIN (as createCustomer); 409 email or mobile already an account or customer.
     */
    async createRequest(actor: AuthUser, input: CustomerFields): Promise<CustomerRequest> {
      assertGstinOfState(input.gstin, input.state);
      assertPincodeInState(input.pincode, input.state);
      await assertAccountFree(db, input);
      const id = await db.transaction(async (tx) => {
        const request = await repo.insertRequest(tx, {
          ...customerFieldsOf(input),
          requestedBy: actor.id,
        });
        await recordAudit(tx, {
          actor,
          entity: 'customer_request',
          entityId: request.id,
          action: 'create',
          after: requestSnapshot(request),
        });
        return request.id;
      });
      return toRequest((await repo.findRequest(db, id))!);
    },

    /** Requests with a status (pending by default), newest first, 10 a page (admin). */
    async listRequests(input: {
      status: CustomerRequestStatus;
      page: number;
    }): Promise<CustomerRequestPage> {
      const { rows, total } = await repo.listRequests(db, {
        status: input.status,
        limit: BACK_OFFICE_PAGE_SIZE,
        offset: (input.page - 1) * BACK_OFFICE_PAGE_SIZE,
      });
      return { items: rows.map(toRequest), ...pageMeta(input.page, total) };
    },

    /** The signed-in employee's own requests, every status, newest first, 10 a page. */
    async listMyRequests(actor: AuthUser, page: number): Promise<CustomerRequestPage> {
      const { rows, total } = await repo.listRequests(db, {
        requestedBy: actor.id,
        limit: BACK_OFFICE_PAGE_SIZE,
        offset: (page - 1) * BACK_OFFICE_PAGE_SIZE,
      });
      return { items: rows.map(toRequest), ...pageMeta(page, total) };
    },

    /**
     * Approves a pending request: creates the customer exactly like createCustomer, marks the
     * request approved and writes both audit rows, in one transaction; mails the password after.
     * @throws AppError 404 'Customer request not found'; 409 already decided, or email / mobile
     *   taken since the request was made (the request stays pending).
     */
    async approveRequest(actor: AuthUser, requestId: number) {
      const pending = await repo.findRequest(db, requestId);
      if (!pending) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.requestNotFound);
      if (pending.status !== 'pending') {
        throw refusal('REQUEST_ALREADY_DECIDED', PEOPLE_MESSAGES.requestAlreadyDecided);
      }
      await assertAccountFree(db, pending);
      const credential = await newGeneratedCredential();
      let result: { customer: repo.CustomerRow; request: repo.RequestRow };
      try {
        result = await db.transaction(async (tx) => {
          const locked = await repo.findRequest(tx, requestId, { forUpdate: true });
          if (locked?.status !== 'pending') {
            throw refusal('REQUEST_ALREADY_DECIDED', PEOPLE_MESSAGES.requestAlreadyDecided);
          }
          const customer = await insertCustomerWithAccount(
            tx,
            actor,
            locked,
            credential.passwordHash,
          );
          const request = await repo.decideRequest(tx, requestId, {
            status: 'approved',
            decidedBy: actor.id,
            customerId: customer.id,
          });
          await recordAudit(tx, {
            actor,
            entity: 'customer_request',
            entityId: requestId,
            action: 'approve',
            before: requestSnapshot(locked),
            after: requestSnapshot(request!),
          });
          return { customer, request: request! };
        });
      } catch (error) {
        conflictFromUniqueViolation(error);
      }
      await mailGeneratedPassword(mailer, {
        to: result.customer.email,
        name: result.customer.name,
        role: 'customer',
        password: credential.password,
        publicUrl,
      });
      return {
        request: toRequest({ ...result.request, requesterName: pending.requesterName }),
        customer: toCustomer({ ...result.customer, duesPaise: 0, billCount: 0 }),
        generatedPassword: credential.password,
      };
    },

    /**
     * Rejects a pending request with a reason (shown to the employee), with its audit row.
     * @throws AppError 404; 409 already decided.
     */
    async rejectRequest(
      actor: AuthUser,
      requestId: number,
      reason: string,
    ): Promise<CustomerRequest> {
      const request = await db.transaction(async (tx) => {
        const locked = await repo.findRequest(tx, requestId, { forUpdate: true });
        if (!locked) throw new AppError('NOT_FOUND', PEOPLE_MESSAGES.requestNotFound);
        if (locked.status !== 'pending') {
          throw refusal('REQUEST_ALREADY_DECIDED', PEOPLE_MESSAGES.requestAlreadyDecided);
        }
        const decided = await repo.decideRequest(tx, requestId, {
          status: 'rejected',
          decidedBy: actor.id,
          rejectReason: reason,
        });
        await recordAudit(tx, {
          actor,
          entity: 'customer_request',
          entityId: requestId,
          action: 'reject',
          before: requestSnapshot(locked),
          after: requestSnapshot(decided!),
        });
        return { ...decided!, requesterName: locked.requesterName };
      });
      return toRequest(request);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
