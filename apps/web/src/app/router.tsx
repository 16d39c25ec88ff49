import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadMantineStyles } from '../components/mantine-styles-loader';
import { PATHS } from '../config/site';
import { HomePage } from '../areas/storefront/home/home-page';
import { preloadHomePage } from '../areas/storefront/home/home-page';
import { lazyComponent } from '../components/lazy-component';
import { RouteErrorPage } from './layout/route-error-page';
import { StorefrontLayout } from './layout/storefront-layout';

/**
 * A page whose chunk is loaded only when its route is first visited (lazyComponent). Pages are
 * named exports, so the loader picks the export by name; Mantine's remaining styles load first,
 * so the page's own stylesheet comes after them.
 */
export function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazyComponent(async () => {
    const styles = loadMantineStyles();
    const page = await load();
    await styles;
    return page[name];
  });
}

const ProductInfoPage = lazyPage(
  () => import('../areas/storefront/product-info/product-info-page'),
  'ProductInfoPage',
);
/**
 * Starts loading the lazy chunks the page at `pathname` shows at once (the home page's carousel
 * and, for a search in the URL, its grid; a product's page), which the server has already asked
 * the browser to preload (`firstPageNeeds` in @bazaar/shared). The browser calls it at the app's
 * start and does not wait: a chunk that is in by the first render renders at once instead of
 * suspending. The server awaits it before rendering the page (entry-server.tsx).
 * @returns settled when the chunks have run; a failed chunk is reported by the page itself when
 *   it renders (its error boundary), so the promise never rejects.
 */
export async function preloadFirstPageChunks(pathname: string): Promise<void> {
  const page = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const loading =
    page === '/'
      ? preloadHomePage()
      : page === PATHS.productInfo.toLowerCase()
        ? ProductInfoPage.preload()
        : undefined;
  await loading?.catch(() => undefined);
}

const ShopPage = lazyPage(() => import('../areas/storefront/shop/shop-page'), 'ShopPage');
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
const NotFoundPage = lazyPage(
  () => import('../areas/storefront/misc/not-found-page'),
  'NotFoundPage',
);

/** The root route's id: the account pages' routes are added under it (app.tsx). */
export const STOREFRONT_ROUTE_ID = 'storefront';

/**
 * The storefront's routes in the first download: the pages a visitor reaches from the home page,
 * a product's page and the footer (docs/catalog.md "Routes"). Sign-in, registration and the
 * customer's pages (account-routes.tsx) and the staff areas' routes (area-routes.tsx) are chunks
 * of their own, added to the browser router on the first navigation to a path these routes do
 * not match exactly (app.tsx); only their definitions wait, each page is a lazy chunk anyway.
 * React Router matches paths case-insensitively unless a route says `caseSensitive`, so
 * `/aboutus` and `/termCondition` work as well.
 */
export const routes: RouteObject[] = [
  {
    id: STOREFRONT_ROUTE_ID,
    path: '/',
    element: <StorefrontLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: PATHS.productInfo, element: <ProductInfoPage /> },
      // A shop's page: the readable `/shop/{id}-{slug}`; the spec's `?id=` path moves there.
      { path: `${PATHS.shop}/:shopRef`, element: <ShopPage /> },
      { path: PATHS.showShopProduct, element: <ShopPage /> },
      { path: PATHS.contactUs, element: <ContactPage /> },
      { path: PATHS.aboutUs, element: <AboutPage /> },
      { path: PATHS.returnPolicy, element: <ReturnPolicyPage /> },
      { path: PATHS.privacyPolicy, element: <PrivacyPolicyPage /> },
      { path: PATHS.cancellationPolicy, element: <CancellationPolicyPage /> },
      // Also answers the spec's '/termCondition': matching ignores case.
      { path: PATHS.termCondition, element: <TermsPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
