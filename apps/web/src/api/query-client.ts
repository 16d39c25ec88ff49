import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { sessionKeys } from './accounts/session';
import { isApiError } from './api-client';

/** Client errors (4xx) will not change on a retry; network and server errors may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * The one QueryClient of the web app. Any 401 (the session ended on the server: logged out
 * elsewhere, expired, password changed on another device) re-reads the session, so the guards
 * send the visitor to the login page instead of leaving a page that can no longer load. So does
 * a 403 TWO_FACTOR_SETUP_REQUIRED (the admin has just required two-step sign-in for staff): the
 * guard then sends the user to the setup on the profile page.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (
      isApiError(error, 401) ||
      (isApiError(error, 403) && error.code === 'TWO_FACTOR_SETUP_REQUIRED')
    ) {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
