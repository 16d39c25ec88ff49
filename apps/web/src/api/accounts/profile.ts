import type { Profile, ProfileUpdate, SessionResponse } from '@bazaar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as accountsEndpoints from '../endpoints/accounts';
import { sessionKeys } from './session';

export const profileKeys = { all: ['account', 'profile'] as const };

/** The signed-in user's own profile (`accountsApi.getProfile`). @throws ApiError 401. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return callApi(accountsEndpoints.getProfile, { signal });
}

/** The signed-in user's profile, cached under `profileKeys.all`. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.all,
    queryFn: ({ signal }) => getProfile(signal),
  });
}

/** The signed-in user's profile (every profile page). */
export function useProfile() {
  return useQuery(profileQueryOptions());
}

/**
 * Saves only the fields to change (`accountsApi.updateProfile`). @throws ApiError 400 with
 * `fields` (e.g. `mobile`, `address.pincode`), 409 (`fields.mobile` taken).
 */
export function updateProfile(body: ProfileUpdate): Promise<Profile> {
  return callApi(accountsEndpoints.updateProfile, { body });
}

/** Saves profile fields; the answer replaces the cached profile, and a new name the session's. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.all, profile);
      queryClient.setQueryData<SessionResponse>(sessionKeys.all, (session) =>
        session?.user
          ? { user: { ...session.user, name: profile.name, mobile: profile.mobile } }
          : session,
      );
    },
  });
}
