/** Query keys of reviews: a product's list per sort, an order's items, the office lists. */
export const reviewKeys = {
  all: ['reviews'] as const,
  product: (productId: number) => ['reviews', 'product', productId] as const,
  productList: (productId: number, sort: string) =>
    ['reviews', 'product', productId, sort] as const,
  order: (orderId: number) => ['reviews', 'order', orderId] as const,
  shop: (filter: string) => ['reviews', 'shop', filter] as const,
  admin: (filter: string) => ['reviews', 'admin', filter] as const,
};
