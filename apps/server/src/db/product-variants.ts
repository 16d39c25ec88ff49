import type { alias } from 'drizzle-orm/pg-core';
import { products } from './schema/index.js';

/** `products` under another name, for a query that reads variants beside another variant. */
export type ProductsTable = typeof products | ReturnType<typeof alias<typeof products, string>>;

/**
 * The columns of one variant of a design as every variant list answers it (`ProductVariant`:
 * the storefront's product page and the seller's design routes): id, SKU, size, colour, MRP and
 * price in paise, stock in units; read from `table` (`products` or an alias of it).
 */
export function productVariantColumnsOf(table: ProductsTable) {
  return {
    id: table.id,
    sku: table.sku,
    size: table.size,
    colour: table.colour,
    mrpPaise: table.mrpPaise,
    pricePaise: table.pricePaise,
    stockQuantity: table.stockQuantity,
  };
}

/** `productVariantColumnsOf(products)`. */
export const productVariantColumns = productVariantColumnsOf(products);
