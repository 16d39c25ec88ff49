import { ROLE_AREAS, ROLES, type Role } from '@bazaar/shared';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { loadMantineStyles } from '../components/mantine-styles-loader';
import { PATHS } from '../config/site';
import { HomePage } from '../areas/storefront/home/home-page';
import { preloadHomePage } from '../areas/storefront/home/home-page';
import { lazyComponent } from '../components/lazy-component';
import { useSession } from '../api/accounts/session';
import { RequireRole } from './guards/require-role';
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
const ComingSoonPage = lazyPage(
  () => import('../areas/storefront/misc/coming-soon-page'),
  'ComingSoonPage',
);
const LogoutPage = lazyPage(() => import('../areas/storefront/misc/logout-page'), 'LogoutPage');
const LoginPage = lazyPage(() => import('../areas/account/login/login-page'), 'LoginPage');
const ForgotPasswordPage = lazyPage(
  () => import('../areas/account/password/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../areas/account/password/reset-password-page'),
  'ResetPasswordPage',
);
const VerifyEmailChangePage = lazyPage(
  () => import('../areas/account/email-change/verify-email-change-page'),
  'VerifyEmailChangePage',
);
const VerifyEmailPage = lazyPage(
  () => import('../areas/account/password/verify-email-page'),
  'VerifyEmailPage',
);
const ProfilePage = lazyPage(() => import('../areas/account/profile/profile-page'), 'ProfilePage');
const WishlistPage = lazyPage(
  () => import('../areas/customer/wishlist/wishlist-page'),
  'WishlistPage',
);
const AddressesPage = lazyPage(
  () => import('../areas/customer/addresses/addresses-page'),
  'AddressesPage',
);
const ShopDetailsPage = lazyPage(
  () => import('../areas/account/registration/shop-details-page'),
  'ShopDetailsPage',
);
const CartPage = lazyPage(() => import('../areas/customer/cart/cart-page'), 'CartPage');
const GuestCartPage = lazyPage(
  () => import('../areas/customer/cart/guest-cart-page'),
  'GuestCartPage',
);

/**
 * `/CustomerCart` for everyone who may shop: a visitor sees the browser's cart (docs/shopping.md
 * "Guest cart"), a customer the server's; other roles get the guard's answer (403 page).
 */
function CartGate() {
  const { user, isLoading, isError } = useSession();
  if (!isLoading && !isError && !user) return <GuestCartPage />;
  return <RequireRole role="customer" />;
}
const CheckoutPage = lazyPage(
  () => import('../areas/customer/checkout/checkout-page'),
  'CheckoutPage',
);
const OrderConfirmedPage = lazyPage(
  () => import('../areas/customer/checkout/order-confirmed-page'),
  'OrderConfirmedPage',
);
const MyOrdersPage = lazyPage(
  () => import('../areas/customer/orders/my-orders-page'),
  'MyOrdersPage',
);
const MyBillsPage = lazyPage(
  () => import('../areas/customer/my-bills/my-bills-page'),
  'MyBillsPage',
);
const OrderDetailPage = lazyPage(
  () => import('../areas/customer/orders/order-detail-page'),
  'OrderDetailPage',
);
const NotFoundPage = lazyPage(
  () => import('../areas/storefront/misc/not-found-page'),
  'NotFoundPage',
);

/** Public routes that later work fills in. */
const COMING_SOON: { path: string; title: string; description: string }[] = [];

/**
 * Every role's login screen (accounts.md): one page, told which role it is. `/adminLogin` also
 * answers `/AdminLogin` (matching ignores case); `/DeliveryLogin` is an alias of the footer's
 * `/deliveryboy`.
 */
const LOGIN_ROUTES: { path: string; role: Role }[] = [
  ...ROLES.map((role) => ({ path: ROLE_AREAS[role].loginPath, role })),
  { path: '/DeliveryLogin', role: 'delivery' },
];

/**
 * The spec's storefront routes (docs/catalog.md "Routes"); the staff areas' routes follow
 * (`areaRoutes` in area-routes.tsx). React Router matches paths case-insensitively unless a
 * route says `caseSensitive`, so `/aboutus` and `/termCondition` work as well. Only the home
 * page and the shell are in the first download; every other page is lazy.
 */
export const routes: RouteObject[] = [
  {
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
      { path: PATHS.logout, element: <LogoutPage /> },
      ...LOGIN_ROUTES.map(({ path, role }) => ({
        path,
        element: <LoginPage key={role} role={role} />,
      })),
      // The spec's logout and redirect target of the admin profile (docs/accounts.md).
      { path: '/userLogin', element: <Navigate to={ROLE_AREAS.admin.loginPath} replace /> },
      { path: PATHS.forgotPassword, element: <ForgotPasswordPage /> },
      { path: PATHS.supportAdminForgotPassword, element: <ForgotPasswordPage /> },
      { path: PATHS.deliveryForgotPassword, element: <ForgotPasswordPage /> },
      { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: PATHS.verifyEmail, element: <VerifyEmailPage /> },
      { path: PATHS.verifyEmailChange, element: <VerifyEmailChangePage /> },
      {
        element: <CartGate />,
        children: [{ path: PATHS.customerCart, element: <CartPage /> }],
      },
      {
        element: <RequireRole role="customer" />,
        children: [
          { path: PATHS.customerProfile, element: <ProfilePage /> },
          { path: PATHS.wishlist, element: <WishlistPage /> },
          { path: PATHS.customerAddresses, element: <AddressesPage /> },
          { path: PATHS.checkout, element: <CheckoutPage /> },
          { path: PATHS.orderConfirmed, element: <OrderConfirmedPage /> },
          { path: PATHS.myOrders, element: <MyOrdersPage /> },
          { path: `${PATHS.myOrders}/:orderId`, element: <OrderDetailPage /> },
          { path: PATHS.myBills, element: <MyBillsPage /> },
        ],
      },
      {
        element: <RequireRole role="seller" allowSellerWithoutShop />,
        children: [{ path: PATHS.shopDetails, element: <ShopDetailsPage /> }],
      },
      // Registration routes (registration helper)
      {
        path: PATHS.customerRegistration,
        Component: lazyPage(
          () => import('../areas/account/registration/registration-pages'),
          'CustomerRegistrationPage',
        ),
      },
      {
        path: PATHS.sellerRegistration,
        Component: lazyPage(
          () => import('../areas/account/registration/registration-pages'),
          'SellerRegistrationPage',
        ),
      },
      // (end of registration routes)
      ...COMING_SOON.map(({ path, title, description }) => ({
        path,
        element: <ComingSoonPage title={title} description={description} />,
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
