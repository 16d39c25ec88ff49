import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadMantineStyles } from '../components/mantine-styles-loader';
import type { AreaPageName } from '../config/areas';

/**
 * Loads a page's chunk only when its route is first visited; pages are named exports, so the
 * loader picks the export by name.
 */
function lazyAreaPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    // Mantine's remaining styles first (already there inside a staff area's shell).
    const styles = loadMantineStyles();
    const page = await load();
    await styles;
    return { default: page[name] };
  });
}

const profile = () => import('../areas/account/profile/profile-page');
const adminHome = () => import('../areas/back-office/reports/admin-home-page');
const totalTransaction = () => import('../areas/back-office/reports/total-transaction-page');
const gstReturns = () => import('../areas/back-office/gst-returns/gst-returns-page');
const people = () => import('../areas/back-office/people');
const transaction = () => import('../areas/back-office/bills/transaction-page');
const productStock = () => import('../areas/back-office/stock/product-stock-page');
const supportInbox = () => import('../areas/back-office/support-inbox/support-inbox-page');
const securitySettings = () => import('../areas/account/security/security-settings-page');
const shopHome = () => import('../areas/shop/orders/shop-home-page');
const shopOrders = () => import('../areas/shop/orders/shop-orders-page');
const catalogLists = () => import('../areas/shop/catalog/list-pages');
const addProduct = () => import('../areas/shop/catalog/add-product-page');
const allStock = () => import('../areas/shop/catalog/all-stock-page');
const slider = () => import('../areas/shop/catalog/slider-pages');
const supportAdmins = () => import('../areas/shop/people/support-admins-page');
const shopCustomers = () => import('../areas/shop/people/customers-page');
const sellerStatement = () => import('../areas/shop/settlements/statement-page');
const settlements = () => import('../areas/back-office/settlements/settlements-page');
const sellerSupport = () => import('../areas/shop/people/support-page');
const shopReviews = () => import('../areas/shop/reviews/shop-reviews-page');
const adminReviews = () => import('../areas/back-office/reviews/admin-reviews-page');
const deliveryHome = () => import('../areas/delivery/delivery-home-page');
const newDeliveries = () => import('../areas/delivery/new-deliveries-page');
const deliveryHistory = () => import('../areas/delivery/delivery-history-page');

/**
 * The component of every page named in the staff areas' route table (config/areas.ts), each a
 * lazy chunk. Only app/ composes areas, so this is where a page is tied to its area's module; a
 * name missing here fails the type check.
 */
export const AREA_PAGE_COMPONENTS: Record<AreaPageName, LazyExoticComponent<ComponentType>> = {
  ProfilePage: lazyAreaPage(profile, 'ProfilePage'),
  AdminHomePage: lazyAreaPage(adminHome, 'AdminHomePage'),
  CreateCustomerPage: lazyAreaPage(people, 'CreateCustomerPage'),
  AdminCustomerListPage: lazyAreaPage(people, 'AdminCustomerListPage'),
  CustomerRequestsPage: lazyAreaPage(people, 'CustomerRequestsPage'),
  CancelRequestsPage: lazyAreaPage(people, 'CancelRequestsPage'),
  EmployeePermissionsPage: lazyAreaPage(people, 'EmployeePermissionsPage'),
  TotalTransactionPage: lazyAreaPage(totalTransaction, 'TotalTransactionPage'),
  GstReturnsPage: lazyAreaPage(gstReturns, 'GstReturnsPage'),
  SettlementsPage: lazyAreaPage(settlements, 'SettlementsPage'),
  AdminTransactionIndex: lazyAreaPage(transaction, 'AdminTransactionIndex'),
  AdminTransactionPage: lazyAreaPage(transaction, 'AdminTransactionPage'),
  ProductStockPage: lazyAreaPage(productStock, 'ProductStockPage'),
  CreateEmployeePage: lazyAreaPage(people, 'CreateEmployeePage'),
  EmployeeListPage: lazyAreaPage(people, 'EmployeeListPage'),
  DeliveryStaffPage: lazyAreaPage(people, 'DeliveryStaffPage'),
  ShopListPage: lazyAreaPage(people, 'ShopListPage'),
  AuditTrailPage: lazyAreaPage(people, 'AuditTrailPage'),
  AdminReviewsPage: lazyAreaPage(adminReviews, 'AdminReviewsPage'),
  ShopReviewsPage: lazyAreaPage(shopReviews, 'ShopReviewsPage'),
  SupportInboxPage: lazyAreaPage(supportInbox, 'SupportInboxPage'),
  SecuritySettingsPage: lazyAreaPage(securitySettings, 'SecuritySettingsPage'),
  TaxSettingsPage: lazyAreaPage(
    () => import('../areas/back-office/tax-settings'),
    'TaxSettingsPage',
  ),
  EmployeeHomePage: lazyAreaPage(people, 'EmployeeHomePage'),
  EmployeeCustomerListPage: lazyAreaPage(people, 'EmployeeCustomerListPage'),
  EmployeeTransactionIndex: lazyAreaPage(transaction, 'EmployeeTransactionIndex'),
  EmployeeTransactionPage: lazyAreaPage(transaction, 'EmployeeTransactionPage'),
  CreateRequestPage: lazyAreaPage(people, 'CreateRequestPage'),
  ShopHomePage: lazyAreaPage(shopHome, 'ShopHomePage'),
  NewOrdersPage: lazyAreaPage(shopOrders, 'NewOrdersPage'),
  ReturnOrdersPage: lazyAreaPage(shopOrders, 'ReturnOrdersPage'),
  OrderHistoryPage: lazyAreaPage(shopOrders, 'OrderHistoryPage'),
  NewProductPage: lazyAreaPage(catalogLists, 'NewProductPage'),
  AddColourPage: lazyAreaPage(catalogLists, 'AddColourPage'),
  AddProductPage: lazyAreaPage(addProduct, 'AddProductPage'),
  AllStockPage: lazyAreaPage(allStock, 'AllStockPage'),
  ProductSliderPage: lazyAreaPage(slider, 'ProductSliderPage'),
  SliderAddInfoPage: lazyAreaPage(slider, 'SliderAddInfoPage'),
  SliderViewInfoPage: lazyAreaPage(slider, 'SliderViewInfoPage'),
  SupportAdminsPage: lazyAreaPage(supportAdmins, 'SupportAdminsPage'),
  ShopCustomersPage: lazyAreaPage(shopCustomers, 'ShopCustomersPage'),
  SellerStatementPage: lazyAreaPage(sellerStatement, 'SellerStatementPage'),
  SellerSupportPage: lazyAreaPage(sellerSupport, 'SellerSupportPage'),
  DeliveryHomePage: lazyAreaPage(deliveryHome, 'DeliveryHomePage'),
  NewDeliveriesPage: lazyAreaPage(newDeliveries, 'NewDeliveriesPage'),
  DeliveryHistoryPage: lazyAreaPage(deliveryHistory, 'DeliveryHistoryPage'),
};
