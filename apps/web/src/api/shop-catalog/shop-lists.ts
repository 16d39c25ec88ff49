import type { ShopList, ShopListEntry, ShopListKind } from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { shopCatalogKeys } from './shop-catalog-keys';

/** `GET /api/shop/{kind}?search=`: the shop's colours, companies or product names, A-Z. */
export function getShopList(
  kind: ShopListKind,
  search: string,
  signal?: AbortSignal,
): Promise<ShopList> {
  return apiFetch<ShopList>(withQuery(`/api/shop/${kind}`, { search: search.trim() }), { signal });
}

/** One pick-list, filtered by a name search; the previous answer stays while typing. */
export function shopListQueryOptions(kind: ShopListKind, search = '') {
  return {
    queryKey: shopCatalogKeys.list(kind, search.trim()),
    queryFn: ({ signal }: { signal: AbortSignal }) => getShopList(kind, search, signal),
    placeholderData: keepPreviousData,
  };
}

/** The shop's list of `kind` (all of it when `search` is empty). */
export function useShopList(kind: ShopListKind, search = '') {
  return useQuery(shopListQueryOptions(kind, search));
}

/**
 * `POST /api/shop/{kind}` `{ name }`.
 * @throws ApiError 409 when the name is taken (ignoring case), 400 for an empty or long name.
 */
export function addShopListEntry({
  kind,
  name,
}: {
  kind: ShopListKind;
  name: string;
}): Promise<ShopListEntry> {
  return apiFetch<ShopListEntry>(`/api/shop/${kind}`, { method: 'POST', body: { name } });
}

/** `DELETE /api/shop/{kind}/{id}`. @throws ApiError 404 when the entry is gone. */
export function deleteShopListEntry({ kind, id }: { kind: ShopListKind; id: number }) {
  return apiFetch<{ message: string }>(`/api/shop/${kind}/${id}`, { method: 'DELETE' });
}

/** Add or delete an entry; the list of that kind reloads. */
export function useShopListMutations(kind: ShopListKind) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: shopCatalogKeys.lists(kind) });
  return {
    add: useMutation({ mutationFn: (name: string) => addShopListEntry({ kind, name }), onSuccess }),
    remove: useMutation({
      mutationFn: (id: number) => deleteShopListEntry({ kind, id }),
      onSuccess,
    }),
  };
}
