import type { SessionResponse, SessionUser } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpointUrl } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';
import { takeFirstPageAnswer } from '../first-page-data';

export const sessionKeys = { all: ['session'] as const };

/** The signed-in user, or null (`accountsApi.getSession`). */
export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return callApi(accountsEndpoints.getSession, { signal });
}

/** The session query: read once per visit (5 minutes fresh), updated by login and logout. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => getSession(signal),
    // The server's first page carries the session answer under the endpoint's path.
    initialData: () =>
      takeFirstPageAnswer<SessionResponse>(endpointUrl(accountsEndpoints.getSession)),
    staleTime: 5 * 60_000,
  });
}

/**
 * The signed-in user (`user` is null when signed out; undefined while loading). `isError` is set
 * when the session could not be read at all (network or server failure), so a guard can offer a
 * retry instead of treating the visitor as signed out.
 */
export function useSession(): {
  user: SessionUser | null | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
} {
  const query = useQuery(sessionQueryOptions());
  const { refetch } = query;
  return {
    user: query.data?.user ?? (query.isPending ? undefined : null),
    isLoading: query.isPending,
    isError: query.isError && query.data === undefined,
    refetch: () => void refetch(),
  };
}

/** Ends the session on the server (`accountsApi.logout`). */
export function logout(): Promise<void> {
  return callApi(accountsEndpoints.logout);
}
