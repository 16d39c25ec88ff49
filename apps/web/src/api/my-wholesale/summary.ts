import type { MyWholesaleSummary } from '@bazaar/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as myEndpoints from '../endpoints/my-wholesale';

/** The summary's query key; the page's other keys are in ./my-wholesale. */
export const MY_WHOLESALE_SUMMARY_KEY = ['my-wholesale', 'summary'] as const;

/**
 * `myWholesaleApi.getMyWholesaleSummary`: the totals, or the empty state (`customer` null) of a
 * plain marketplace account. The account menu asks it to decide whether to show My bills, so
 * it stays fresh for five minutes. A file of its own: the header is in the storefront's first
 * download (150 KB budget), the page's other hooks are not.
 */
export function useMyWholesaleSummary(enabled = true) {
  return useQuery({
    queryKey: MY_WHOLESALE_SUMMARY_KEY,
    queryFn: ({ signal }): Promise<MyWholesaleSummary> =>
      callApi(myEndpoints.getMyWholesaleSummary, { signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}
