/** Query keys of the wholesale stock: its pages and each item's history pages. */
export const stockKeys = {
  all: ['stock'] as const,
  list: (search: string, page: number, lowOnly = false) =>
    ['stock', 'list', search, page, lowOnly] as const,
  movements: (stockItemId: number, page: number) =>
    ['stock', 'movements', stockItemId, page] as const,
};
