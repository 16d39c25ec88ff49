import type { SupportMessage, SupportMessagePage } from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';

/** The web reads the contact details from the shared SUPPORT_CONTACT, not from the API. */
export const supportKeys = {
  messages: ['support', 'messages'] as const,
  page: (unread: boolean, page: number) => ['support', 'messages', unread, page] as const,
};

/** `GET /api/support/messages?unread=&page=`: the admin's inbox, newest first, 10 a page. */
export function useSupportMessages(unread: boolean, page: number) {
  return useQuery({
    queryKey: supportKeys.page(unread, page),
    queryFn: ({ signal }) =>
      apiFetch<SupportMessagePage>(
        withQuery('/api/support/messages', { unread: unread ? 'true' : undefined, page }),
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/support/messages/{id}/read`: marks a message read; the inbox pages reload. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiFetch<SupportMessage>(`/api/support/messages/${id}/read`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.messages }),
  });
}
