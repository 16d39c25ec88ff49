import { products } from './schema/index.js';

/**
 * The columns of one variant of a design as every variant list answers it (`ProductVariant`:
 * the storefront's product page and the seller's design routes): id, SKU, size, colour, MRP and
 * price in paise, stock in units.
 */
export const productVariantColumns = {
  id: products.id,
  sku: products.sku,
  size: products.size,
  colour: products.colour,
  mrpPaise: products.mrpPaise,
  pricePaise: products.pricePaise,
  stockQuantity: products.stockQuantity,
};
