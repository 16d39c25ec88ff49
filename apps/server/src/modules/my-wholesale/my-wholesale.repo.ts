import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { wholesaleCustomers } from '../../db/schema/index.js';

/** Queries of the customer's own wholesale view (SQL only; the rules are in the service). */

/**
 * The wholesale customer record of a signed-in account (decision 10: `wholesale_customers.user_id`
 * is unique), or undefined for a plain marketplace customer.
 */
export async function customerOfUser(
  db: Db,
  userId: string,
): Promise<
  { id: number; name: string; shopName: string; openingBalancePaise: number } | undefined
> {
  const [row] = await db
    .select({
      id: wholesaleCustomers.id,
      name: wholesaleCustomers.name,
      shopName: wholesaleCustomers.shopName,
      openingBalancePaise: wholesaleCustomers.openingBalancePaise,
    })
    .from(wholesaleCustomers)
    .where(eq(wholesaleCustomers.userId, userId))
    .limit(1);
  return row;
}
