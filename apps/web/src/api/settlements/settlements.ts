import type {
  Payout,
  PayoutInput,
  SellerStatement,
  SettlementRatesInput,
  SettlementRatesList,
  ShopBalance,
  ShopBalances,
} from '@bazaar/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi, endpointUrl } from '../api-client';
import * as settlementsEndpoints from '../endpoints/settlements';

/** Query keys of the settlement screens (docs/settlements.md). */
export const settlementKeys = {
  all: ['settlements'] as const,
  ownStatement: (month: string) => ['settlements', 'own', month] as const,
  shopStatement: (shopId: number, month: string) => ['settlements', 'shop', shopId, month] as const,
  balances: () => ['settlements', 'balances'] as const,
  rates: () => ['settlements', 'rates'] as const,
};

/** `settlementsApi.getShopStatement` (seller): the session's shop's statement of `month`. */
export function getShopStatement(month: string, signal?: AbortSignal): Promise<SellerStatement> {
  return callApi(settlementsEndpoints.getShopStatement, { query: { month }, signal });
}

/** The seller's statement of a month; the previous month stays shown while the next loads. */
export function useShopStatement(month: string) {
  return useQuery(
    queryOptions({
      queryKey: settlementKeys.ownStatement(month),
      queryFn: ({ signal }) => getShopStatement(month, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `settlementsApi.getAdminShopStatement` (admin): one shop's statement of `month`. 404 shop. */
export function useAdminShopStatement(shopId: number | null, month: string) {
  return useQuery(
    queryOptions({
      queryKey: settlementKeys.shopStatement(shopId ?? 0, month),
      queryFn: ({ signal }) =>
        callApi(settlementsEndpoints.getAdminShopStatement, {
          params: { shopId: shopId ?? 0 },
          query: { month },
          signal,
        }),
      enabled: shopId !== null,
      placeholderData: keepPreviousData,
    }),
  );
}

/** `settlementsApi.listShopBalances` (admin): every shop's earned, paid and owed (paise). */
export function useShopBalances() {
  return useQuery(
    queryOptions({
      queryKey: settlementKeys.balances(),
      queryFn: ({ signal }): Promise<ShopBalances> =>
        callApi(settlementsEndpoints.listShopBalances, { signal }),
    }),
  );
}

/**
 * `settlementsApi.recordPayout` (admin): marks a payout paid to a shop; refreshes balances and
 * statements. 400 fields, 404 shop, 409 UTR already recorded, 422 more than is owed.
 */
export function useRecordPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, body }: { shopId: number; body: PayoutInput }): Promise<Payout> =>
      callApi(settlementsEndpoints.recordPayout, { params: { shopId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}

/** The URL the seller's browser downloads the month's statement CSV from. */
export function statementCsvUrl(month: string): string {
  return endpointUrl(settlementsEndpoints.downloadShopStatementCsv, { query: { month } });
}

/** The URL of the month's GSTR-8 figures per seller GSTIN (admin). */
export function gstr8CsvUrl(month: string): string {
  return endpointUrl(settlementsEndpoints.downloadGstr8Csv, { query: { month } });
}

/** `settlementsApi.listSettlementRates` (admin): the rate rows, newest first, and today's. */
export function useSettlementRates() {
  return useQuery(
    queryOptions({
      queryKey: settlementKeys.rates(),
      queryFn: ({ signal }): Promise<SettlementRatesList> =>
        callApi(settlementsEndpoints.listSettlementRates, { signal }),
    }),
  );
}

/**
 * `settlementsApi.addSettlementRates` (admin): a new rate row from a day on (basis points);
 * refreshes the rates. 400 fields; 409 SETTLEMENT_RATE_REFUSED (past day, a day holding a row,
 * or one before the latest row's).
 */
export function useAddSettlementRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettlementRatesInput) =>
      callApi(settlementsEndpoints.addSettlementRates, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settlementKeys.rates() }),
  });
}

/**
 * `settlementsApi.setShopPan` (admin): records or clears (null) a shop's PAN for TDS; refreshes
 * balances and statements. 400 PAN; 404 shop; 409 SHOP_PAN_FROM_GSTIN.
 */
export function useSetShopPan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, pan }: { shopId: number; pan: string | null }): Promise<ShopBalance> =>
      callApi(settlementsEndpoints.setShopPan, { params: { shopId }, body: { pan } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
  });
}
