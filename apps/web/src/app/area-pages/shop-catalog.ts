import { lazyAreaPage, type AreaPageEntry } from './types';

const listPages = () => import('../../areas/shop/catalog/list-pages');
const addProduct = () => import('../../areas/shop/catalog/add-product-page');
const allStock = () => import('../../areas/shop/catalog/all-stock-page');
const sliderPages = () => import('../../areas/shop/catalog/slider-pages');

/**
 * The shop's catalog (issue 4 items 3-4; docs/shop-catalog.md): the seller's and the support
 * admin's Stock menus show the same pages: New Product (companies and product names), Add Color,
 * Add Product, All Product (All Stock), and the Product Slider (the seller's one page with Add
 * Info and View info tabs; the support admin's two menu entries).
 */
export const PAGES: AreaPageEntry[] = [
  { path: '/addNewProduct', roles: ['seller'], Page: lazyAreaPage(listPages, 'NewProductPage') },
  {
    path: '/SupportAdminAddNewProduct',
    roles: ['support_admin'],
    Page: lazyAreaPage(listPages, 'NewProductPage'),
  },
  { path: '/addColors', roles: ['seller'], Page: lazyAreaPage(listPages, 'AddColourPage') },
  {
    path: '/SupportAdminAddColor',
    roles: ['support_admin'],
    Page: lazyAreaPage(listPages, 'AddColourPage'),
  },
  { path: '/addProduct', roles: ['seller'], Page: lazyAreaPage(addProduct, 'AddProductPage') },
  {
    path: '/SupportAdminAddProduct',
    roles: ['support_admin'],
    Page: lazyAreaPage(addProduct, 'AddProductPage'),
  },
  { path: '/ShowAllProduct', roles: ['seller'], Page: lazyAreaPage(allStock, 'AllStockPage') },
  {
    path: '/ShowSupportAdminAllProduct',
    roles: ['support_admin'],
    Page: lazyAreaPage(allStock, 'AllStockPage'),
  },
  {
    path: '/add_to_product_slider',
    roles: ['seller'],
    Page: lazyAreaPage(sliderPages, 'ProductSliderPage'),
  },
  {
    path: '/SupportAdminAddToProductSlider',
    roles: ['support_admin'],
    Page: lazyAreaPage(sliderPages, 'SliderAddInfoPage'),
  },
  {
    path: '/SupportAdminShowSliderData',
    roles: ['support_admin'],
    Page: lazyAreaPage(sliderPages, 'SliderViewInfoPage'),
  },
];
