import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { purchaseItemHsnClass } from '@bazaar/shared';
import type { Db } from '../../../src/db/client.js';
import {
  stockItems,
  stockMovements,
  users,
  wholesaleCustomers,
} from '../../../src/db/schema/index.js';
import { DEMO_PASSWORD, seedDemoAccounts } from '../../../src/seed/demo-accounts.js';
import { signIn } from '../../support/accounts.js';
import { insertShop } from '../../support/fixtures.js';

/** Test helpers of the bills and stock modules: staff sessions, wholesale customers, stock. */

/** Session cookies of the demo accounts of every role. */
export interface StaffCookies {
  admin: string;
  employee: string;
  customer: string;
  seller: string;
  delivery: string;
  supportAdmin: string;
}

/** Seeds two shops and the demo accounts, and signs in one account of every role. */
export async function signInEveryRole(app: FastifyInstance, db: Db): Promise<StaffCookies> {
  await insertShop(db, { name: 'Patna Fashion House' });
  await insertShop(db, { name: 'Gaya Garments' });
  await seedDemoAccounts(db);
  const as = (role: Parameters<typeof signIn>[1], email: string) =>
    signIn(app, role, email, DEMO_PASSWORD);
  return {
    admin: await as('admin', 'admin@bazaar.test'),
    employee: await as('employee', 'employee@bazaar.test'),
    customer: await as('customer', 'customer@bazaar.test'),
    seller: await as('seller', 'seller@bazaar.test'),
    delivery: await as('delivery', 'delivery@bazaar.test'),
    supportAdmin: await as('support_admin', 'support@bazaar.test'),
  };
}

/** Sends a request with a session cookie. */
export function callWith(
  app: FastifyInstance,
  cookie: string,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...options.headers, cookie } });
}

let customerCounter = 0;

/**
 * Inserts a wholesale customer with its own (customer) account; answers the customer id. A small
 * fixture of its own, so these tests do not depend on the customers module. The address is in
 * Patna, Bihar unless `address` says otherwise; no GSTIN unless given.
 */
export async function insertWholesaleCustomer(
  db: Db,
  shopName = 'Sinha Cloth Store',
  address: {
    state?: string;
    city?: string;
    pincode?: string;
    gstin?: string | null;
    /** The ledger's opening balance, paise (docs/back-office-ledger.md). */
    openingBalancePaise?: number;
  } = {},
) {
  customerCounter += 1;
  const userId = crypto.randomUUID();
  const mobile = `97${String(customerCounter).padStart(8, '0')}`;
  const email = `wholesale${customerCounter}-${Date.now()}@example.in`;
  await db.insert(users).values({
    id: userId,
    name: `Wholesale ${customerCounter}`,
    email,
    emailVerified: true,
    role: 'customer',
    mobile,
    gender: 'Male',
  });
  const [row] = await db
    .insert(wholesaleCustomers)
    .values({
      userId,
      name: `Wholesale ${customerCounter}`,
      email,
      mobile,
      shopName,
      locality: 'Khemnichak',
      landmark: 'Near the temple',
      city: address.city ?? 'Patna',
      pincode: address.pincode ?? '800020',
      state: address.state ?? 'Bihar',
      gstin: address.gstin ?? null,
      openingBalancePaise: address.openingBalancePaise ?? 0,
    })
    .returning({ id: wholesaleCustomers.id });
  return row!.id;
}

/**
 * Inserts a stock row with an `opening` ledger row (so quantity = ledger sum holds); answers its
 * id. Item x category x type x size (default 'M') must not exist yet. HSN class by default
 * `purchaseItemHsnClass`.
 */
export async function insertStockRow(
  db: Db,
  row: {
    item: string;
    category: string;
    type: string;
    size?: string;
    quantity: number;
    pricePaise?: number;
    costPaise?: number;
    lowStockAt?: number;
    sku?: string;
    hsnClass?: string;
  },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(stockItems)
      .values({
        ...row,
        size: row.size ?? 'M',
        hsnClass: row.hsnClass ?? purchaseItemHsnClass(row.item),
        pricePaise: row.pricePaise ?? 25_000,
      })
      .returning({ id: stockItems.id });
    await tx.insert(stockMovements).values({
      stockItemId: inserted!.id,
      kind: 'opening',
      change: row.quantity,
      quantityAfter: row.quantity,
      actorId: null,
    });
    return inserted!.id;
  });
}
