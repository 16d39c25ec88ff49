import crypto from 'node:crypto';
import type pg from 'pg';

/** How the load scripts name their customers: index -> e-mail, name and 10-digit mobile. */
export interface LoadCustomerNaming {
  email(index: number): string;
  name(index: number): string;
  mobile(index: number): string;
}

/**
 * Inserts `count` verified customers straight into the tables (users, a credential account with
 * `passwordHash`, one default address in Patna), for the scripts that put load on a server:
 * bench/soak.ts, bench/checkout.ts and scripts/crash-loop.ts. Signing up through the API would
 * need an email OTP per customer; these scripts measure shopping, not sign-up. The caller owns
 * `client` and its transaction.
 * @returns the customers' e-mails, in index order.
 */
export async function insertLoadCustomers(
  client: pg.ClientBase,
  count: number,
  passwordHash: string,
  naming: LoadCustomerNaming,
): Promise<string[]> {
  const emails: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = crypto.randomUUID();
    const email = naming.email(index);
    emails.push(email);
    await client.query(
      `insert into users (id, name, email, email_verified, role, mobile, gender)
       values ($1, $2, $3, true, 'customer', $4, 'Female')`,
      [id, naming.name(index), email, naming.mobile(index)],
    );
    await client.query(
      `insert into auth_accounts (id, account_id, provider_id, user_id, password)
       values ($1, $2, 'credential', $2, $3)`,
      [crypto.randomUUID(), id, passwordHash],
    );
    await client.query(
      `insert into addresses (user_id, locality, landmark, city, pincode, is_default)
       values ($1, 'Boring Road', 'Near A. N. College', 'Patna', '800001', true)`,
      [id],
    );
  }
  return emails;
}
