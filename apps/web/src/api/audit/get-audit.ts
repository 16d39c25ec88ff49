import type { AuditPage, AuditQuery } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';

/**
 * `GET /api/audit?entity=&actor=&from=&to=&page=` (admin): newest first, 20 a page; `from` and
 * `to` are `YYYY-MM-DD` India days, both included.
 */
export function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return apiFetch<AuditPage>(withQuery('/api/audit', { ...query }), { signal });
}

/** A page of the audit trail; the previous page stays shown while the next loads. */
export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: ['audit', query] as const,
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
