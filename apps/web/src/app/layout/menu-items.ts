import { PATHS } from '../../config/site';

export interface MenuItem {
  label: string;
  to: string;
}

/** The logged-out menu, in the spec's order (marketplace.md section 2, "Header and menus"). */
export const LOGGED_OUT_MENU: readonly MenuItem[] = [
  { label: 'Home', to: PATHS.home },
  { label: 'Login', to: PATHS.customerLogin },
  { label: 'Sign up', to: PATHS.customerRegistration },
  { label: 'Contact US', to: PATHS.contactUs },
  { label: 'About US', to: PATHS.aboutUs },
];

/** Paths are matched case-insensitively, so is the active menu item. */
export function isActivePath(currentPath: string, itemPath: string): boolean {
  return currentPath.toLowerCase() === itemPath.toLowerCase();
}
