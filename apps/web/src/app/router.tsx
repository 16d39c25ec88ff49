import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PATHS } from '../config/site';
import { HomePage } from '../areas/storefront/home/home-page';
import { RouteErrorPage } from './layout/route-error-page';
import { StorefrontLayout } from './layout/storefront-layout';

/**
 * Loads a page's chunk only when its route is first visited. Pages are named exports, so the
 * loader picks the export by name.
 */
function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const ProductInfoPage = lazyPage(
  () => import('../areas/storefront/product-info/product-info-page'),
  'ProductInfoPage',
);
const ContactPage = lazyPage(
  () => import('../areas/storefront/contact/contact-page'),
  'ContactPage',
);
const AboutPage = lazyPage(() => import('../areas/storefront/about/about-page'), 'AboutPage');
const ReturnPolicyPage = lazyPage(
  () => import('../areas/storefront/policies/return-policy-page'),
  'ReturnPolicyPage',
);
const PrivacyPolicyPage = lazyPage(
  () => import('../areas/storefront/policies/privacy-policy-page'),
  'PrivacyPolicyPage',
);
const CancellationPolicyPage = lazyPage(
  () => import('../areas/storefront/policies/cancellation-policy-page'),
  'CancellationPolicyPage',
);
const TermsPage = lazyPage(() => import('../areas/storefront/policies/terms-page'), 'TermsPage');
const ComingSoonPage = lazyPage(
  () => import('../areas/storefront/misc/coming-soon-page'),
  'ComingSoonPage',
);
const LogoutPage = lazyPage(() => import('../areas/storefront/misc/logout-page'), 'LogoutPage');
const NotFoundPage = lazyPage(
  () => import('../areas/storefront/misc/not-found-page'),
  'NotFoundPage',
);

/** Public routes that later work fills in (login, registration, account, staff entries). */
const COMING_SOON: { path: string; title: string; description: string }[] = [
  {
    path: PATHS.customerLogin,
    title: 'Login',
    description: 'Sign in to see your cart, wishlist and orders.',
  },
  // Until the registration helper's route above replaces it (earlier siblings win a tie).
  {
    path: PATHS.customerRegistration,
    title: 'Sign up',
    description: 'Create a customer account or register your shop.',
  },
  {
    path: PATHS.employeeLogin,
    title: 'Employee login',
    description: 'The back office for Bazaar Textiles employees.',
  },
  {
    path: PATHS.deliveryBoy,
    title: 'Delivery boy',
    description: 'Deliveries assigned to you, and their status.',
  },
  {
    path: PATHS.customerProfile,
    title: 'My profile',
    description: 'Your name, address and contact details.',
  },
  {
    path: PATHS.myOrders,
    title: 'My orders',
    description: 'Everything you have ordered, and where it is now.',
  },
  { path: PATHS.customerCart, title: 'Cart', description: 'The products you are about to buy.' },
  { path: PATHS.wishlist, title: 'Wishlist', description: 'Products you saved for later.' },
  {
    path: PATHS.showShopProduct,
    title: 'Shop products',
    description: 'Every product of one shop.',
  },
];

/**
 * The spec's routes (marketplace.md section 2). React Router matches paths case-insensitively
 * unless a route says `caseSensitive`, so `/aboutus` and `/termCondition` work as well.
 * Only the home page and the shell are in the first download; every other page is lazy.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <StorefrontLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: PATHS.productInfo, element: <ProductInfoPage /> },
      { path: PATHS.contactUs, element: <ContactPage /> },
      { path: PATHS.aboutUs, element: <AboutPage /> },
      { path: PATHS.returnPolicy, element: <ReturnPolicyPage /> },
      { path: PATHS.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: PATHS.cancellationPolicy, element: <CancellationPolicyPage /> },
      // Also answers the spec's '/termCondition': matching ignores case.
      { path: PATHS.termCondition, element: <TermsPage /> },
      { path: PATHS.logout, element: <LogoutPage /> },
      // Registration routes (registration helper)
      // (end of registration routes)
      ...COMING_SOON.map(({ path, title, description }) => ({
        path,
        element: <ComingSoonPage title={title} description={description} />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
