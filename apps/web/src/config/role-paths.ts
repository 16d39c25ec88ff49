import type { Role } from '@bazaar/shared';
import { AREAS, areaLinks } from './areas';
import { PATHS } from './site';

/*
 * The login and home path of each role, for code in the first download (router, guards, header).
 * The shared ROLE_AREAS holds the same table, but its module defines the account zod schemas, and
 * importing it would put zod in the home page's JavaScript; role-paths.test.ts keeps the two equal.
 */

/** Where each role signs in (accounts.md, "Roles and areas"). */
export const LOGIN_PATHS: Record<Role, string> = {
  customer: PATHS.customerLogin,
  seller: PATHS.sellerLogin,
  support_admin: PATHS.supportAdminLogin,
  admin: PATHS.adminLogin,
  employee: PATHS.employeeLogin,
  delivery: PATHS.deliveryBoy,
};

/** Where each role lands after signing in: the storefront, or its area's Home. */
export function homePathOf(role: Role): string {
  if (role === 'customer') return PATHS.home;
  return areaLinks(AREAS[role]).find((entry) => entry.page === 'home')?.path ?? PATHS.home;
}
