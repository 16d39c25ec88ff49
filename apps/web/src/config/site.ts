import { SUPPORT_CONTACT } from '@bazaar/shared';

/**
 * Facts about the business shown in the header, footer, contact and about pages
 * (docs/catalog.md: registered office in Patna, contact phone and email, social links).
 * One place, so the footer and the contact page never disagree.
 */
export const SITE = {
  brand: 'Bazaar',
  tagline: 'Clothing from trusted sellers of Bihar',
  legalName: 'Bazaar Textiles',
  parentCompany: {
    name: 'Bazaar Textiles Pvt. Ltd.',
    url: 'https://bazaartextiles.in',
  },
  // The shared SUPPORT_CONTACT, which `supportApi.getSupportContact` answers too.
  office: SUPPORT_CONTACT.office,
  phone: SUPPORT_CONTACT.phone,
  email: SUPPORT_CONTACT.email,
  supportHours: SUPPORT_CONTACT.hours,
  social: {
    instagram: 'https://www.instagram.com/bazaartextiles',
    facebook: 'https://www.facebook.com/bazaartextiles',
    youtube: 'https://www.youtube.com/@bazaartextiles',
    twitter: 'https://twitter.com/bazaartextiles',
  },
  poweredBy: 'Bazaar Commerce',
} as const;

/** The spec's paths (docs/catalog.md "Routes"). Matched case-insensitively by the router. */
export const PATHS = {
  home: '/',
  customerLogin: '/CustomerLogin',
  customerRegistration: '/CustomerRegistration',
  customerProfile: '/CustomerProfile',
  customerAddresses: '/CustomerAddresses',
  myOrders: '/MyOrders',
  myBills: '/MyBills',
  customerCart: '/CustomerCart',
  checkout: '/Checkout',
  orderConfirmed: '/OrderConfirmed',
  wishlist: '/wishlist',
  logout: '/Logout',
  contactUs: '/ContactUS',
  aboutUs: '/AboutUS',
  employeeLogin: '/employeeLogin',
  deliveryBoy: '/deliveryboy',
  returnPolicy: '/returnPolicy',
  privacyPolicy: '/PrivacyPolicy',
  cancellationPolicy: '/CancellationPolicy',
  termCondition: '/TermCondition',
  productInfo: '/ProductInfo',
  showShopProduct: '/showShopProduct',
  /** A shop's page, `/shop/{id}-{slug}` (`shopPagePath` of @bazaar/shared). */
  shop: '/shop',
  sellerLogin: '/SellerLogin',
  supportAdminLogin: '/SupportAdminLogin',
  adminLogin: '/adminLogin',
  sellerRegistration: '/SellerRegistration',
  shopDetails: '/ShopDetailsStepperForm',
  forgotPassword: '/ForgotPassword',
  supportAdminForgotPassword: '/SupportAdminForgotPassword',
  deliveryForgotPassword: '/DeliveryForgotPassword',
  resetPassword: '/ResetPassword',
  verifyEmail: '/VerifyEmail',
  verifyEmailChange: '/VerifyEmailChange',
} as const;

/** `/ProductInfo?id=12` */
export function productInfoPath(productId: number): string {
  return `${PATHS.productInfo}?id=${productId}`;
}

/** The login page, coming back to `returnTo` afterwards: `/CustomerLogin?redirect=%2FProductInfo%3Fid%3D12`. */
export function loginPath(returnTo: string): string {
  return `${PATHS.customerLogin}?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * `/Checkout?buy=12`: "Buy now", checkout of that one product (quantity 1) without the cart
 * (docs/orders.md "Buy now").
 */
export function buyNowPath(productId: number): string {
  return `${PATHS.checkout}?buy=${productId}`;
}

/** `/OrderConfirmed?order=42`: the page after an order is placed. */
export function orderConfirmedPath(orderId: number): string {
  return `${PATHS.orderConfirmed}?order=${orderId}`;
}

/** `/MyOrders/42`: one order with its shipments. */
export function orderDetailPath(orderId: number): string {
  return `${PATHS.myOrders}/${orderId}`;
}
