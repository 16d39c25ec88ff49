import type { Dashboard } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { reportKeys } from './report-keys';

/**
 * `GET /api/reports/dashboard` (admin): customer count, total credit, received and GST (paise)
 * and the last 12 Indian calendar months, oldest first.
 */
export function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiFetch<Dashboard>('/api/reports/dashboard', { signal });
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
