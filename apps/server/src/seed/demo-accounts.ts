import { asc, inArray } from 'drizzle-orm';
import type { Role } from '@bazaar/shared';
import type { Db } from '../db/client.js';
import { addresses, authAccounts, shops, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/auth.js';

/** The password of every demo account (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'Bazaar@123';

/** One demo account; `shop` is the index of the demo shop (by id order) it belongs to. */
export interface DemoAccount {
  email: string;
  name: string;
  role: Role;
  mobile: string;
  gender: 'Male' | 'Female';
  shop?: number;
  dateOfBirth?: string;
  aadhaarNumber?: string;
  jobTitle?: string;
}

/**
 * Demo accounts for every role (listed in the README; docs/platform.md "Demo data"). Two sellers
 * and a support admin of the first shop let the shop scoping be tried by hand; the third seller has
 * no shop yet (the shop-details prompt).
 */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'admin@bazaar.test',
    name: 'Anil Sinha',
    role: 'admin',
    mobile: '9876500001',
    gender: 'Male',
  },
  {
    email: 'customer@bazaar.test',
    name: 'Priya Kumari',
    role: 'customer',
    mobile: '9876500002',
    gender: 'Female',
  },
  {
    email: 'seller@bazaar.test',
    name: 'Ramesh Agrawal',
    role: 'seller',
    mobile: '9876500003',
    gender: 'Male',
    shop: 0,
  },
  {
    email: 'seller2@bazaar.test',
    name: 'Sunita Devi',
    role: 'seller',
    mobile: '9876500004',
    gender: 'Female',
    shop: 1,
  },
  {
    email: 'support@bazaar.test',
    name: 'Manoj Yadav',
    role: 'support_admin',
    mobile: '9876500005',
    gender: 'Male',
    shop: 0,
    dateOfBirth: '1994-08-15',
    aadhaarNumber: '234567890124',
    jobTitle: 'Store Manager',
  },
  {
    email: 'employee@bazaar.test',
    name: 'Rakesh Paswan',
    role: 'employee',
    mobile: '9876500006',
    gender: 'Male',
    dateOfBirth: '1990-01-26',
    jobTitle: 'Sales Man',
  },
  {
    email: 'delivery@bazaar.test',
    name: 'Sonu Kumar',
    role: 'delivery',
    mobile: '9876500007',
    gender: 'Male',
  },
  {
    email: 'newseller@bazaar.test',
    name: 'Kavita Textiles',
    role: 'seller',
    mobile: '9876500008',
    gender: 'Female',
  },
];

/**
 * Inserts the demo accounts that do not exist yet (matched by email), verified, with the demo
 * password and a Patna address; one transaction. Runs after the demo catalog (sellers need its
 * shops); accounts whose shop is missing are skipped.
 * @returns how many accounts were created.
 */
export async function seedDemoAccounts(db: Db): Promise<{ created: number }> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((account) => account.email),
      ),
    );
  const have = new Set(existing.map((row) => row.email));
  const missing = DEMO_ACCOUNTS.filter((account) => !have.has(account.email));
  if (missing.length === 0) return { created: 0 };

  const shopIds = (
    await db.select({ id: shops.id }).from(shops).orderBy(asc(shops.id)).limit(2)
  ).map((row) => row.id);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let created = 0;
  await db.transaction(async (tx) => {
    for (const account of missing) {
      const shopId = account.shop === undefined ? null : shopIds[account.shop];
      if (shopId === undefined) continue;
      const id = crypto.randomUUID();
      const inserted = await tx
        .insert(users)
        .values({
          id,
          name: account.name,
          email: account.email,
          emailVerified: true,
          role: account.role,
          mobile: account.mobile,
          gender: account.gender,
          shopId,
          dateOfBirth: account.dateOfBirth ?? null,
          aadhaarNumber: account.aadhaarNumber ?? null,
          jobTitle: account.jobTitle ?? null,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length === 0) continue;
      await tx.insert(authAccounts).values({
        id: crypto.randomUUID(),
        accountId: id,
        providerId: 'credential',
        userId: id,
        password: passwordHash,
      });
      await tx.insert(addresses).values({
        userId: id,
        locality: 'Boring Road',
        landmark: 'Near A. N. College',
        city: 'Patna',
        pincode: '800001',
        isDefault: true,
      });
      created += 1;
    }
  });
  return { created };
}
