import type { SessionUser } from '@bazaar/shared';
import { PATHS } from '../../config/site';

export interface MenuItem {
  label: string;
  to: string;
}

/** A dropdown of links (the customer's "My Account"). */
export interface MenuGroup {
  label: string;
  items: readonly MenuItem[];
}

/** Logging out is an action, not a page. */
export interface LogoutItem {
  label: string;
  logout: true;
}

export type HeaderMenuEntry = MenuItem | MenuGroup | LogoutItem;

/** The logged-out menu, in the spec's order. */
export const LOGGED_OUT_MENU: readonly MenuItem[] = [
  { label: 'Home', to: PATHS.home },
  { label: 'Login', to: PATHS.customerLogin },
  { label: 'Sign up', to: PATHS.customerRegistration },
  { label: 'Contact US', to: PATHS.contactUs },
  { label: 'About US', to: PATHS.aboutUs },
];

const MY_ACCOUNT: MenuGroup = {
  label: 'My Account',
  items: [
    { label: 'My Profile', to: PATHS.customerProfile },
    { label: 'My Orders', to: PATHS.myOrders },
  ],
};

/**
 * My Account of a wholesale customer's account (docs/back-office-ledger.md "The customer's own
 * view"): My bills beside My Orders.
 */
const MY_ACCOUNT_WHOLESALE: MenuGroup = {
  label: 'My Account',
  items: [...MY_ACCOUNT.items, { label: 'My bills', to: PATHS.myBills }],
};

const LOGOUT: LogoutItem = { label: 'Logout', logout: true };

/** The logged-in customer's menu, in the spec's order. */
export const CUSTOMER_MENU: readonly HeaderMenuEntry[] = [
  MY_ACCOUNT,
  { label: 'Cart', to: PATHS.customerCart },
  { label: 'Wishlist', to: PATHS.wishlist },
  LOGOUT,
  { label: 'Contact US', to: PATHS.contactUs },
  { label: 'About US', to: PATHS.aboutUs },
];

/** What the menu knows beyond the session: the account is a wholesale customer's. */
export interface MenuExtras {
  wholesale?: boolean;
}

/**
 * The header menu for the session: logged out, customer (with My bills when `wholesale`), or a
 * staff user (seller, admin, ...) browsing the storefront, who gets a way back to their own area
 * and Logout.
 */
export function headerMenu(
  user: SessionUser | null,
  extras: MenuExtras = {},
): readonly HeaderMenuEntry[] {
  if (!user) return LOGGED_OUT_MENU;
  if (user.role === 'customer') {
    return extras.wholesale ? [MY_ACCOUNT_WHOLESALE, ...CUSTOMER_MENU.slice(1)] : CUSTOMER_MENU;
  }
  return [
    { label: 'Home', to: PATHS.home },
    { label: 'Contact US', to: PATHS.contactUs },
    { label: 'About US', to: PATHS.aboutUs },
    { label: 'My area', to: user.homePath },
    LOGOUT,
  ];
}

/**
 * The mobile side menu mirrors the header, groups opened out, and adds Forgot Password for
 * logged-in users.
 */
export function drawerMenu(
  user: SessionUser | null,
  extras: MenuExtras = {},
): readonly (MenuItem | LogoutItem)[] {
  const flat = headerMenu(user, extras).flatMap<MenuItem | LogoutItem>((entry) =>
    'items' in entry ? entry.items : [entry],
  );
  if (!user) return flat;
  const logoutAt = flat.findIndex((entry) => 'logout' in entry);
  const forgot: MenuItem = { label: 'Forgot Password', to: PATHS.forgotPassword };
  return [...flat.slice(0, logoutAt), forgot, ...flat.slice(logoutAt)];
}

/** True for the Logout entry. */
export function isLogout(entry: HeaderMenuEntry): entry is LogoutItem {
  return 'logout' in entry;
}

/** Paths are matched case-insensitively, so is the active menu item. */
export function isActivePath(currentPath: string, itemPath: string): boolean {
  return currentPath.toLowerCase() === itemPath.toLowerCase();
}
