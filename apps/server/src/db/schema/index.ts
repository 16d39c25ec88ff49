export * from './shops.js';
export * from './catalog-lists.js';
export * from './products.js';
export * from './misc.js';
export * from './accounts.js';
export * from './shopping.js';
export * from './orders.js';
export * from './payments.js';
