import type { Dashboard } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as reportsEndpoints from '../endpoints/reports';
import { reportKeys } from './report-keys';

/**
 * `reportsApi.getDashboard` (admin): customer count, total credit, received and GST (paise)
 * and the last 12 Indian calendar months, oldest first.
 */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return callApi(reportsEndpoints.getDashboard, { signal });
}

/** The admin home's figures. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: reportKeys.dashboard(),
    queryFn: ({ signal }) => getDashboard(signal),
  });
}

/** The admin home's figures, fetched when the page opens. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
