import { lazyAreaPage, type AreaPageEntry } from './types';

const home = lazyAreaPage(() => import('../../areas/shop/orders/shop-home-page'), 'ShopHomePage');
const ordersPage = () => import('../../areas/shop/orders/shop-orders-page');
const newOrders = lazyAreaPage(ordersPage, 'NewOrdersPage');
const returnOrders = lazyAreaPage(ordersPage, 'ReturnOrdersPage');
const orderHistory = lazyAreaPage(ordersPage, 'OrderHistoryPage');

/**
 * The shop office's orders, support admins, customers and support (issue 4 items 1, 2, 5, 6, 7,
 * 9; docs/shop-office.md), and the admin's support inbox: the seller's and support admin's Home
 * tiles, the three order lists of each, Create Admin, Total Customer, Support.
 */
export const PAGES: AreaPageEntry[] = [
  { path: '/Home', roles: ['seller'], Page: home },
  { path: '/SupportAdminHome', roles: ['support_admin'], Page: home },
  { path: '/NewOrder', roles: ['seller'], Page: newOrders },
  { path: '/OrderStatus', roles: ['seller'], Page: returnOrders },
  { path: '/OrderHistory', roles: ['seller'], Page: orderHistory },
  { path: '/SupportAdminNewOrder', roles: ['support_admin'], Page: newOrders },
  { path: '/SupportAdminReturnOrderInfo', roles: ['support_admin'], Page: returnOrders },
  { path: '/SupportAdminOrderHistory', roles: ['support_admin'], Page: orderHistory },
  {
    path: '/SupportAdminRegistration',
    roles: ['seller'],
    Page: lazyAreaPage(
      () => import('../../areas/shop/people/support-admins-page'),
      'SupportAdminsPage',
    ),
  },
  {
    path: '/AllCustomerInfo',
    roles: ['seller'],
    Page: lazyAreaPage(() => import('../../areas/shop/people/customers-page'), 'ShopCustomersPage'),
  },
  {
    path: '/support',
    roles: ['seller'],
    Page: lazyAreaPage(() => import('../../areas/shop/people/support-page'), 'SellerSupportPage'),
  },
  {
    path: '/supportInbox',
    roles: ['admin'],
    Page: lazyAreaPage(
      () => import('../../areas/back-office/support-inbox/support-inbox-page'),
      'SupportInboxPage',
    ),
  },
];
