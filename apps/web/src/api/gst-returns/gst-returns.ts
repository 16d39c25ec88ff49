import type { Gstr1CsvSection, Gstr1Summary } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, endpointUrl } from '../api-client';
import * as gstReturnsEndpoints from '../endpoints/gst-returns';

/** A GSTR-1 period: a month `YYYY-MM` or a calendar quarter `YYYY-Qn` (docs/gst.md "GSTR-1"). */
export type Gstr1PeriodChoice = { period: string } | { quarter: string };

/** Query keys of the GST returns page. */
export const gstReturnKeys = {
  all: ['gst-returns'] as const,
  gstr1Summary: (choice: Gstr1PeriodChoice) => ['gst-returns', 'gstr1', choice] as const,
};

/**
 * `gstReturnsApi.getGstr1Summary` (admin): taxable value and tax by rate, documents issued and
 * cancelled, credit notes, net (paise) and the problems the checks found. 400 bad period.
 */
export function getGstr1Summary(
  choice: Gstr1PeriodChoice,
  signal?: AbortSignal,
): Promise<Gstr1Summary> {
  return callApi(gstReturnsEndpoints.getGstr1Summary, { query: choice, signal });
}

/** The summary of a period; the previous answer stays shown while the next loads. */
export function useGstr1Summary(choice: Gstr1PeriodChoice) {
  return useQuery(
    queryOptions({
      queryKey: gstReturnKeys.gstr1Summary(choice),
      queryFn: ({ signal }) => getGstr1Summary(choice, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** The URL the browser downloads the GSTR-1 JSON from (422 when the checks find problems). */
export function gstr1JsonUrl(choice: Gstr1PeriodChoice): string {
  return endpointUrl(gstReturnsEndpoints.downloadGstr1Json, { query: choice });
}

/** The URL of one section's offline-tool CSV. */
export function gstr1CsvUrl(choice: Gstr1PeriodChoice, section: Gstr1CsvSection): string {
  return endpointUrl(gstReturnsEndpoints.downloadGstr1Csv, { query: { ...choice, section } });
}
