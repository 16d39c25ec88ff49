import type { WholesaleCustomer } from '@bazaar/shared';

/**
 * The spec's search box "filters by customer name, mobile or shop name"
 * (docs/back-office-bills.md), but every row of this screen belongs to the one customer: text
 * matching the customer keeps every bill; any other text searches the bills themselves (Bill-No or
 * an item name, on the server).
 */
export function billSearchOf(
  search: string,
  customer: Pick<WholesaleCustomer, 'name' | 'mobile' | 'shopName'> | undefined,
): string {
  const text = search.trim().toLowerCase();
  if (!text || !customer) return text;
  const matchesCustomer = [customer.name, customer.mobile, customer.shopName].some((field) =>
    field.toLowerCase().includes(text),
  );
  return matchesCustomer ? '' : text;
}
