import type { BillRow } from '@bazaar/shared';
import { useQuery } from '@tanstack/react-query';
import { billKeys } from './bill-keys';
import { getCustomerBills } from './get-customer-bills';

/**
 * Every open bill of a customer, oldest first by bill date (the Take payment dialog's bills): the
 * open pages of `billsApi.listCustomerBills` read one after another, 10 a page.
 * @throws ApiError 404 for an unknown customer.
 */
export async function getOpenBills(customerId: number, signal?: AbortSignal): Promise<BillRow[]> {
  const rows: BillRow[] = [];
  for (let page = 1; ; page += 1) {
    const result = await getCustomerBills(customerId, { status: 'open', search: '', page }, signal);
    rows.push(...result.items);
    if (page >= result.totalPages) break;
  }
  return rows.sort((a, b) => Date.parse(a.purchasedAt) - Date.parse(b.purchasedAt) || a.id - b.id);
}

/** The customer's open bills while `enabled` (the dialog is open); always fetched afresh. */
export function useOpenBills(customerId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...billKeys.customer(customerId), 'open-bills'] as const,
    queryFn: ({ signal }) => getOpenBills(customerId, signal),
    enabled,
    staleTime: 0,
  });
}
