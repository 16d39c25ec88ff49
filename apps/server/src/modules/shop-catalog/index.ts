/*
 * What other modules use of the shop catalog (docs/architecture.md "Boundaries"): the one way a
 * marketplace product's stock changes, with its history (orders take and give back units).
 */
export {
  ProductStockShortError,
  recordProductStockMovements,
  type ProductStockChange,
  type ProductStockMovement,
} from './product-stock-ledger.js';
export { productExists, setProductRating } from './product-rating.js';
