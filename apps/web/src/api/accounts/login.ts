import type { LoginRequest, LoginResponse, SessionResponse } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';
import { sessionKeys } from './session';

// Apart from session.ts, which the header loads on every page: the mutation code stays out of
// the home page's JavaScript.

/**
 * Signs in (`accountsApi.login`): `{ user }`, or `{ twoFactorRequired: true }` when the account
 * uses two-step sign-in (then `loginTwoFactor`). @throws ApiError 400 (captcha), 401, 403, 429.
 */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return callApi(accountsEndpoints.login, { body });
}

/** Signs in and stores the new session in the query cache (once there is one). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('user' in answer) {
        queryClient.setQueryData(sessionKeys.all, { user: answer.user } satisfies SessionResponse);
      } else {
        // The password was right: the browser's earlier session has ended on the server.
        queryClient.setQueryData(sessionKeys.all, { user: null } satisfies SessionResponse);
      }
    },
  });
}
