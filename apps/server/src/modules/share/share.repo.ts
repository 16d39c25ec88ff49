import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bills, wholesaleCustomers } from '../../db/schema/index.js';

/**
 * Drizzle queries of the share module (SQL only): whom a shared document goes to. A read model of
 * the customers and bills the back office writes (docs/documents.md "Sharing").
 */

const contactColumns = {
  id: wholesaleCustomers.id,
  name: wholesaleCustomers.name,
  shopName: wholesaleCustomers.shopName,
  mobile: wholesaleCustomers.mobile,
  email: wholesaleCustomers.email,
};

export type CustomerContact = NonNullable<Awaited<ReturnType<typeof findCustomerContact>>>;

/** The customer's name, shop, 10-digit mobile and email, or undefined. */
export async function findCustomerContact(db: Db, customerId: number) {
  const [row] = await db
    .select(contactColumns)
    .from(wholesaleCustomers)
    .where(eq(wholesaleCustomers.id, customerId));
  return row;
}

/** The customer of a bill, or undefined for an unknown bill. */
export async function findBillCustomer(db: Db, billId: number) {
  const [row] = await db
    .select(contactColumns)
    .from(bills)
    .innerJoin(wholesaleCustomers, eq(wholesaleCustomers.id, bills.customerId))
    .where(eq(bills.id, billId));
  return row;
}
