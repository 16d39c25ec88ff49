import { lazyAreaPage, type AreaPageEntry } from './types';

/**
 * The delivery staff area (issue 4 item 8; docs/delivery.md): Home with today's numbers, New
 * Delivery (deliveries to make and their next step), Delivery History with the cash per day.
 * Profile stays the shared profile page.
 */
export const PAGES: AreaPageEntry[] = [
  {
    path: '/deliveryBoyHome',
    roles: ['delivery'],
    Page: lazyAreaPage(() => import('../../areas/delivery/delivery-home-page'), 'DeliveryHomePage'),
  },
  {
    path: '/Deliveryordermoredetails',
    roles: ['delivery'],
    Page: lazyAreaPage(
      () => import('../../areas/delivery/new-deliveries-page'),
      'NewDeliveriesPage',
    ),
  },
  {
    path: '/DeliveryHistoryOrderDetails',
    roles: ['delivery'],
    Page: lazyAreaPage(
      () => import('../../areas/delivery/delivery-history-page'),
      'DeliveryHistoryPage',
    ),
  },
];
