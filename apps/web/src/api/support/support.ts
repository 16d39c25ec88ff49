import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as supportEndpoints from '../endpoints/support';

/** The web reads the contact details from the shared SUPPORT_CONTACT, not from the API. */
export const supportKeys = {
  messages: ['support', 'messages'] as const,
  page: (unread: boolean, page: number) => ['support', 'messages', unread, page] as const,
};

/** The admin's inbox (`supportApi.listSupportMessages`), newest first, 10 a page. */
export function useSupportMessages(unread: boolean, page: number) {
  return useQuery({
    queryKey: supportKeys.page(unread, page),
    queryFn: ({ signal }) =>
      callApi(supportEndpoints.listSupportMessages, {
        query: { unread: unread ? 'true' : undefined, page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Marks a message read (`supportApi.markSupportMessageRead`); the inbox pages reload. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(supportEndpoints.markSupportMessageRead, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: supportKeys.messages }),
  });
}
