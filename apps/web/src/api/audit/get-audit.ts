import type { AuditPage, AuditQuery } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as auditEndpoints from '../endpoints/audit';

/**
 * `auditApi.listAuditTrail` (admin): the back office's changes, newest first, 20 a page; `from` and
 * `to` are `YYYY-MM-DD` India days, both included.
 */
export function getAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return callApi(auditEndpoints.listAuditTrail, { query: { ...query }, signal });
}

/** A page of the audit trail; the previous page stays shown while the next loads. */
export function useAudit(query: AuditQuery) {
  return useQuery({
    queryKey: ['audit', query] as const,
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
