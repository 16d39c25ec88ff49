import {
  buildGstr1,
  gstr1Csv,
  gstr1PeriodOf,
  summarizeGstr1,
  validateGstr1,
  type Gstr1CsvSection,
  type Gstr1Input,
  type Gstr1Json,
  type Gstr1PeriodQuery,
  type Gstr1Summary,
} from '@bazaar/shared';
import { loadBusinessConfig, type BusinessConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { refusal } from '../../platform/errors.js';
import * as repo from './gst-returns.repo.js';

/** A file to send: its name, content type and text. */
export interface ReturnFile {
  fileName: string;
  contentType: string;
  body: string;
}

export interface GstReturnsService {
  /** The summary of a period with the problems found (amounts paise). */
  gstr1Summary(query: Gstr1PeriodQuery): Promise<Gstr1Summary>;
  /**
   * The GSTR-1 JSON file `GSTR1_{gstin}_{MMYYYY}.json`.
   * @throws AppError 422 GSTR1_HAS_PROBLEMS listing the problems when the checks find any.
   */
  gstr1JsonFile(query: Gstr1PeriodQuery): Promise<ReturnFile>;
  /** One section as the offline tool's CSV, `GSTR1_{gstin}_{MMYYYY}_{section}.csv`. */
  gstr1CsvFile(query: Gstr1PeriodQuery, section: Gstr1CsvSection): Promise<ReturnFile>;
}

/** How many problems the 422 message names before '... and N more'. */
const PROBLEMS_IN_MESSAGE = 10;

/**
 * GSTR-1 of the wholesale business (docs/gst.md "GSTR-1"): reads the period's issued documents
 * (supplier 'business') and builds the return with the shared pure builders. `business`
 * defaults to the BUSINESS_* configuration (its GSTIN is the return's).
 */
export function createGstReturnsService(deps: {
  db: Db;
  business?: BusinessConfig;
}): GstReturnsService {
  const { db } = deps;
  const business = deps.business ?? loadBusinessConfig();

  async function inputOf(query: Gstr1PeriodQuery): Promise<Gstr1Input> {
    const period = gstr1PeriodOf(query.period ?? query.quarter ?? '');
    const key = repo.BUSINESS_SUPPLIER_KEY;
    const [documents, lines] = await Promise.all([
      repo.documentsOfPeriod(db, key, period.from, period.to),
      repo.lineSumsOfPeriod(db, key, period.from, period.to),
    ]);
    return { gstin: business.seller.gstin, period, documents, lines };
  }

  const baseName = (json: Pick<Gstr1Json, 'gstin' | 'fp'>) => `GSTR1_${json.gstin}_${json.fp}`;

  return {
    async gstr1Summary(query) {
      return summarizeGstr1(await inputOf(query));
    },

    async gstr1JsonFile(query) {
      const input = await inputOf(query);
      const json = buildGstr1(input);
      const problems = validateGstr1(input, json);
      if (problems.length > 0) {
        const listed = problems.slice(0, PROBLEMS_IN_MESSAGE).map((problem) => problem.message);
        const more = problems.length - listed.length;
        throw refusal(
          'GSTR1_HAS_PROBLEMS',
          `GSTR-1 has ${problems.length} problem(s): ${listed.join('; ')}${more > 0 ? `; and ${more} more` : ''}`,
        );
      }
      return {
        fileName: `${baseName(json)}.json`,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(json),
      };
    },

    async gstr1CsvFile(query, section) {
      const input = await inputOf(query);
      return {
        fileName: `${baseName({ gstin: input.gstin, fp: input.period.fp })}_${section}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: gstr1Csv(input, section),
      };
    },
  };
}
