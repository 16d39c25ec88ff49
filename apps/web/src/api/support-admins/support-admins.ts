import type { CreateSupportAdminInput } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as supportAdminsEndpoints from '../endpoints/support-admins';

export const supportAdminKeys = { all: ['support-admins'] as const };

/** The seller's support admins, active and disabled (`supportAdminsApi.listSupportAdmins`). */
export function useSupportAdmins() {
  return useQuery({
    queryKey: supportAdminKeys.all,
    queryFn: ({ signal }) => callApi(supportAdminsEndpoints.listSupportAdmins, { signal }),
  });
}

/**
 * Creates a support admin (`supportAdminsApi.createSupportAdmin`); answers the generated password
 * (shown once).
 * @throws ApiError 400 with field messages (under 18, Aadhaar...), 409 email or mobile taken.
 */
export function useCreateSupportAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSupportAdminInput) =>
      callApi(supportAdminsEndpoints.createSupportAdmin, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportAdminKeys.all }),
  });
}

/** They can no longer sign in (`supportAdminsApi.disableSupportAdmin`). */
export function useDisableSupportAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      callApi(supportAdminsEndpoints.disableSupportAdmin, { params: { userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportAdminKeys.all }),
  });
}
