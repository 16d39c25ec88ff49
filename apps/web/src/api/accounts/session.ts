import { SESSION_API_PATH, type SessionResponse, type SessionUser } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { takeFirstPageAnswer } from '../first-page-data';

export const sessionKeys = { all: ['session'] as const };

/** `GET /api/auth/session`: the signed-in user, or null. */
export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiFetch<SessionResponse>(SESSION_API_PATH, { signal });
}

/** The session query: read once per visit (5 minutes fresh), updated by login and logout. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => getSession(signal),
    initialData: () => takeFirstPageAnswer<SessionResponse>(SESSION_API_PATH),
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

/** `POST /api/auth/logout`: ends the session on the server. */
export function logout(): Promise<void> {
  return apiFetch<void>('/api/auth/logout', { method: 'POST' });
}
