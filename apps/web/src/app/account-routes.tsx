import { ROLE_AREAS, ROLES, type Role } from '@bazaar/shared';
import { Navigate, type RouteObject } from 'react-router';
import { useSession } from '../api/accounts/session';
import { PATHS } from '../config/site';
import { RequireRole } from './guards/require-role';
import { lazyPage } from './router';

const LogoutPage = lazyPage(() => import('../areas/storefront/misc/logout-page'), 'LogoutPage');
const ComingSoonPage = lazyPage(
  () => import('../areas/storefront/misc/coming-soon-page'),
  'ComingSoonPage',
);
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
 * The storefront's sign-in, registration and customer pages (docs/catalog.md "Routes",
 * docs/accounts.md), children of the storefront's layout route (`STOREFRONT_ROUTE_ID`). This
 * module is a chunk of its own, added to the browser router (app.tsx) on the first navigation to
 * a path the first download's routes (router.tsx) do not match exactly, as the staff areas'
 * routes are: their definitions, and the lists of chunks each of their pages needs, stay out of
 * the storefront's first download (docs/performance.md).
 */
export function accountRoutes(): RouteObject[] {
  return [
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
    ...COMING_SOON.map(({ path, title, description }) => ({
      path,
      element: <ComingSoonPage title={title} description={description} />,
    })),
  ];
}
