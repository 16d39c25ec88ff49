import type { IrnInput, IssuedTaxDocument, TaxSettings, TaxSettingsInput } from '@bazaar/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, endpointUrl } from '../api-client';
import * as taxDocumentsEndpoints from '../endpoints/tax-documents';

/** Query keys of the tax settings and issued documents (docs/gst.md "Settings", "E-invoice"). */
export const taxDocumentKeys = {
  settings: ['settings', 'tax'] as const,
};

/** `taxDocumentsApi.getTaxSettings` (admin): the turnover (paise) and whether e-invoicing applies. */
export function getTaxSettings(signal?: AbortSignal): Promise<TaxSettings> {
  return callApi(taxDocumentsEndpoints.getTaxSettings, { signal });
}

export function useTaxSettings() {
  return useQuery(
    queryOptions({
      queryKey: taxDocumentKeys.settings,
      queryFn: ({ signal }) => getTaxSettings(signal),
    }),
  );
}

/** `taxDocumentsApi.updateTaxSettings` (admin): 400 with a field message on a bad turnover. */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxSettingsInput) =>
      callApi(taxDocumentsEndpoints.updateTaxSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(taxDocumentKeys.settings, settings),
  });
}

/** The URL the browser downloads a document's e-invoice JSON from. */
export function eInvoiceJsonUrl(documentId: number): string {
  return endpointUrl(taxDocumentsEndpoints.downloadEInvoiceJson, { params: { documentId } });
}

/**
 * `taxDocumentsApi.recordIrn` (admin): stores the IRP's answer; 409 cancelled or already has
 * an IRN. Every cached query is refreshed afterwards, since bills and their documents show it.
 */
export function useRecordIrn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, body }: { documentId: number; body: IrnInput }) =>
      callApi(taxDocumentsEndpoints.recordIrn, { params: { documentId }, body }),
    onSuccess: (_document: IssuedTaxDocument) => queryClient.invalidateQueries(),
  });
}
