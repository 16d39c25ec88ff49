import type { ExportFormat, ExportList } from '@bazaar/shared';
import { useMutation } from '@tanstack/react-query';
import { fetchFile, saveDownloadedFile, type DownloadedFile } from '../api-client';
import * as exportsEndpoints from '../endpoints/exports';

/**
 * What the Exports section asks for (docs/back-office-reports.md "Exports"): a list as CSV or
 * Excel (bills and payments over `from`..`to`, Indian days `YYYY-MM-DD`), or the month's Tally
 * file (`YYYY-MM`).
 */
export type ExportRequest =
  | {
      list: Extract<ExportList, 'bills' | 'payments'>;
      format: ExportFormat;
      from: string;
      to: string;
    }
  | { list: Extract<ExportList, 'customers' | 'stock'>; format: ExportFormat }
  | { list: 'tally'; month: string };

/**
 * Fetches one export (`exportsApi.*`, admin).
 * @throws ApiError 400 with `fields` for a bad range or month; 401 / 403.
 */
export function fetchExport(request: ExportRequest): Promise<DownloadedFile> {
  switch (request.list) {
    case 'bills':
    case 'payments': {
      const query = { format: request.format, from: request.from, to: request.to };
      return request.list === 'bills'
        ? fetchFile(exportsEndpoints.exportBills, `bills.${request.format}`, { query })
        : fetchFile(exportsEndpoints.exportPayments, `payments.${request.format}`, { query });
    }
    case 'customers':
      return fetchFile(exportsEndpoints.exportCustomers, `customers.${request.format}`, {
        query: { format: request.format },
      });
    case 'stock':
      return fetchFile(exportsEndpoints.exportStock, `stock.${request.format}`, {
        query: { format: request.format },
      });
    case 'tally':
      return fetchFile(exportsEndpoints.exportTally, `tally_${request.month}.xml`, {
        query: { month: request.month },
      });
  }
}

/** Downloads an export and hands it to the browser; `isPending` while the file is prepared. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async (request: ExportRequest) => {
      saveDownloadedFile(await fetchExport(request));
    },
  });
}
