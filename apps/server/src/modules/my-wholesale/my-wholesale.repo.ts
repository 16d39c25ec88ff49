import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bills, taxDocuments, wholesaleCustomers } from '../../db/schema/index.js';

/** Queries of the customer's own wholesale view (SQL only; the rules are in the service). */

/**
 * The wholesale customer record of a signed-in account (decision 10: `wholesale_customers.user_id`
 * is unique), or undefined for a plain marketplace customer.
 */
export async function customerOfUser(
  db: Db,
  userId: string,
): Promise<
  | {
      id: number;
      name: string;
      shopName: string;
      openingBalancePaise: number;
      openingReceivedPaise: number;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: wholesaleCustomers.id,
      name: wholesaleCustomers.name,
      shopName: wholesaleCustomers.shopName,
      openingBalancePaise: wholesaleCustomers.openingBalancePaise,
      openingReceivedPaise: wholesaleCustomers.openingReceivedPaise,
    })
    .from(wholesaleCustomers)
    .where(eq(wholesaleCustomers.userId, userId))
    .limit(1);
  return row;
}

/**
 * The customer of the bill a credit note was issued against, or undefined when `documentId` is
 * not a credit note of a bill.
 */
export async function creditNoteCustomerId(
  db: Db,
  documentId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ customerId: bills.customerId })
    .from(taxDocuments)
    .innerJoin(bills, eq(bills.id, taxDocuments.billId))
    .where(and(eq(taxDocuments.id, documentId), eq(taxDocuments.kind, 'credit_note')))
    .limit(1);
  return row?.customerId;
}
