import type { ShopList, ShopListEntry, ShopListKind } from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as shopCatalogEndpoints from '../endpoints/shop-catalog';
import { shopCatalogKeys } from './shop-catalog-keys';

/** Each pick-list's three calls: list (searched), add `{ name }`, delete by id. */
const LIST_CALLS: Record<
  ShopListKind,
  {
    list: (search: string, signal?: AbortSignal) => Promise<ShopList>;
    add: (name: string) => Promise<ShopListEntry>;
    remove: (id: number) => Promise<{ message: string }>;
  }
> = {
  colours: {
    list: (search, signal) =>
      callApi(shopCatalogEndpoints.listColours, { query: { search }, signal }),
    add: (name) => callApi(shopCatalogEndpoints.addColour, { body: { name } }),
    remove: (id) => callApi(shopCatalogEndpoints.deleteColour, { params: { id } }),
  },
  companies: {
    list: (search, signal) =>
      callApi(shopCatalogEndpoints.listCompanies, { query: { search }, signal }),
    add: (name) => callApi(shopCatalogEndpoints.addCompany, { body: { name } }),
    remove: (id) => callApi(shopCatalogEndpoints.deleteCompany, { params: { id } }),
  },
  'product-names': {
    list: (search, signal) =>
      callApi(shopCatalogEndpoints.listProductNames, { query: { search }, signal }),
    add: (name) => callApi(shopCatalogEndpoints.addProductName, { body: { name } }),
    remove: (id) => callApi(shopCatalogEndpoints.deleteProductName, { params: { id } }),
  },
};

/**
 * The shop's colours, companies or product names, A-Z, searched by name
 * (`shopCatalogApi.listColours`, `listCompanies`, `listProductNames`).
 */
export function getShopList(
  kind: ShopListKind,
  search: string,
  signal?: AbortSignal,
): Promise<ShopList> {
  return LIST_CALLS[kind].list(search.trim(), signal);
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
 * Adds `{ name }` to a pick-list (`shopCatalogApi.addColour`, `addCompany`, `addProductName`).
 * @throws ApiError 409 NAME_TAKEN when the name is taken (ignoring case), 400 for an empty or
 *   long name.
 */
export function addShopListEntry({
  kind,
  name,
}: {
  kind: ShopListKind;
  name: string;
}): Promise<ShopListEntry> {
  return LIST_CALLS[kind].add(name);
}

/**
 * Deletes a pick-list entry (`shopCatalogApi.deleteColour`, `deleteCompany`,
 * `deleteProductName`). @throws ApiError 404 when the entry is gone.
 */
export function deleteShopListEntry({ kind, id }: { kind: ShopListKind; id: number }) {
  return LIST_CALLS[kind].remove(id);
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
