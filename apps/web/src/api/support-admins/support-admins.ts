import type { CreateSupportAdminInput, CreatedSupportAdmin, SupportAdmin } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

export const supportAdminKeys = { all: ['support-admins'] as const };

/** `GET /api/shop/support-admins`: the seller's support admins, active and disabled. */
export function useSupportAdmins() {
  return useQuery({
    queryKey: supportAdminKeys.all,
    queryFn: ({ signal }) => apiFetch<SupportAdmin[]>('/api/shop/support-admins', { signal }),
  });
}

/**
 * `POST /api/shop/support-admins`: creates one; answers the generated password (shown once).
 * @throws ApiError 400 with field messages (under 18, Aadhaar...), 409 email or mobile taken.
 */
export function useCreateSupportAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSupportAdminInput) =>
      apiFetch<CreatedSupportAdmin>('/api/shop/support-admins', { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportAdminKeys.all }),
  });
}

/** `POST /api/shop/support-admins/{userId}/disable`: they can no longer sign in. */
export function useDisableSupportAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<SupportAdmin>(`/api/shop/support-admins/${encodeURIComponent(userId)}/disable`, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportAdminKeys.all }),
  });
}
