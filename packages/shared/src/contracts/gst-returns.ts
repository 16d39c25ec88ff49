import { defineEndpoint } from './endpoint.js';
import {
  Gstr1CsvQuerySchema,
  Gstr1PeriodQuerySchema,
  Gstr1SummarySchema,
} from '../schemas/gst-returns.js';

/**
 * GSTR-1 summary and exports (docs/gst.md "GSTR-1"): the wholesale business's return of outward
 * supplies from its issued tax invoices, bills of supply and credit notes. Admins only; the
 * period is `?period=YYYY-MM` or `?quarter=YYYY-Qn` (calendar quarter). Every endpoint may also
 * answer 401 (no session) and 403 (another role).
 */

/** Taxable value and tax by rate, documents issued and cancelled, credit notes, net, problems. */
export const getGstr1Summary = defineEndpoint({
  method: 'GET',
  path: '/api/gst-returns/gstr1/summary',
  tag: 'gst returns',
  summary: 'GSTR-1 summary of a month or quarter, with the problems found',
  query: Gstr1PeriodQuerySchema,
  responses: { 200: Gstr1SummarySchema },
  errors: [400, 401, 403],
});

/**
 * The GSTR-1 JSON of the portal's offline tool as an attachment `GSTR1_{gstin}_{MMYYYY}.json`
 * (application/json; not described here as it is a file). 422 GSTR1_HAS_PROBLEMS when the checks
 * find problems: the message lists them (the summary shows them one by one).
 */
export const downloadGstr1Json = defineEndpoint({
  method: 'GET',
  path: '/api/gst-returns/gstr1/json',
  tag: 'gst returns',
  summary: 'Download the GSTR-1 JSON for the GST portal',
  query: Gstr1PeriodQuerySchema,
  responses: {},
  errors: [400, 401, 403, 422],
});

/**
 * One section as the offline tool's CSV template (text/csv attachment
 * `GSTR1_{gstin}_{MMYYYY}_{section}.csv`): b2b, b2cl, b2cs, cdnr, cdnur, hsn_b2b, hsn_b2c, docs.
 */
export const downloadGstr1Csv = defineEndpoint({
  method: 'GET',
  path: '/api/gst-returns/gstr1/csv',
  tag: 'gst returns',
  summary: 'Download one GSTR-1 section as the offline tool CSV',
  query: Gstr1CsvQuerySchema,
  responses: {},
  errors: [400, 401, 403],
});
