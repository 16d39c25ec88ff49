import type { Role } from '@bazaar/shared';
import { PATHS } from '../../../config/site';

/** How one role's login screen differs from the others. */
export interface LoginArea {
  title: string;
  subtitle: string;
  /** The server accepts email or mobile everywhere; the label follows the spec's screen. */
  identifierLabel: string;
  forgotPasswordPath: string;
  /** Invitations under the form (sign up, the other shopping login). */
  links: { prompt: string; label: string; to: string }[];
}

/**
 * The six login screens (docs/accounts.md). Admin's "forgot
 * password" goes to /DeliveryForgotPassword as the spec says; the page serves every role.
 */
export const LOGIN_AREAS: Record<Role, LoginArea> = {
  customer: {
    title: 'Customer login',
    subtitle: 'Sign in to see your cart, wishlist and orders.',
    identifierLabel: 'Email',
    forgotPasswordPath: PATHS.forgotPassword,
    links: [
      { prompt: 'New to Bazaar?', label: 'Sign up', to: PATHS.customerRegistration },
      { prompt: 'Selling on Bazaar?', label: 'Seller login', to: PATHS.sellerLogin },
    ],
  },
  seller: {
    title: 'Seller login',
    subtitle: 'Manage your shop, products and orders.',
    identifierLabel: 'Email',
    forgotPasswordPath: PATHS.forgotPassword,
    links: [
      {
        prompt: 'Want to sell on Bazaar?',
        label: 'Register your shop',
        to: PATHS.sellerRegistration,
      },
      { prompt: 'Shopping?', label: 'Customer login', to: PATHS.customerLogin },
    ],
  },
  support_admin: {
    title: 'Support admin login',
    subtitle: 'Orders, stock and the product slider of your shop.',
    identifierLabel: 'Email or mobile',
    forgotPasswordPath: PATHS.supportAdminForgotPassword,
    links: [],
  },
  admin: {
    title: 'Admin login',
    subtitle: 'Customers, transactions, stock and employees of Bazaar Textiles.',
    identifierLabel: 'Email or mobile',
    forgotPasswordPath: PATHS.deliveryForgotPassword,
    links: [],
  },
  employee: {
    title: 'Employee login',
    subtitle: 'The back office for Bazaar Textiles employees.',
    identifierLabel: 'Email or mobile',
    forgotPasswordPath: PATHS.forgotPassword,
    links: [],
  },
  delivery: {
    title: 'Delivery login',
    subtitle: 'Deliveries assigned to you, and their history.',
    identifierLabel: 'Email or mobile',
    forgotPasswordPath: PATHS.deliveryForgotPassword,
    links: [],
  },
};

/**
 * The path to return to after login, when `redirect` is a path on this site (`/x`, not `//x`,
 * `/\x` or a full URL); otherwise null.
 */
export function safeRedirectPath(redirect: string | null): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return null;
  if (redirect.includes('\\') || [...redirect].some((char) => char < ' ')) return null;
  try {
    const url = new URL(redirect, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `/ForgotPassword?area=seller`: the forgot-password page knows which login to link back to. */
export function forgotPasswordHref(role: Role): string {
  return `${LOGIN_AREAS[role].forgotPasswordPath}?area=${role}`;
}
