export * from './constants.js';
export * from './domain/money.js';
export * from './domain/prices.js';
export * from './domain/dates.js';
export * from './schemas/errors.js';
export * from './schemas/catalog.js';
export * from './schemas/contact.js';
