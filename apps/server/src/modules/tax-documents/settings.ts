import { eq, sql } from 'drizzle-orm';
import {
  E_INVOICE_TURNOVER_THRESHOLD_PAISE,
  eInvoicingApplies,
  type TaxSettings,
  type TaxSettingsInput,
} from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import { businessSettings } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/access.js';
import { recordAudit } from '../audit/audit.service.js';
import { ANNUAL_TURNOVER_SETTING, annualTurnoverPaise } from './tax-documents.service.js';

/**
 * The business's tax settings (docs/gst.md "Settings"): the aggregate annual turnover that
 * decides whether new B2B invoices need an e-invoice (IRN) and print 6-digit HSN. Money is
 * integer paise. issueTaxDocument reads the same setting when it issues a document.
 */

async function settingUpdatedAt(db: Db | Tx, key: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ updatedAt: businessSettings.updatedAt })
    .from(businessSettings)
    .where(eq(businessSettings.key, key));
  return row?.updatedAt;
}

async function settingsOf(db: Db | Tx): Promise<TaxSettings> {
  const turnover = await annualTurnoverPaise(db);
  const updatedAt = await settingUpdatedAt(db, ANNUAL_TURNOVER_SETTING);
  return {
    annualTurnoverPaise: turnover,
    eInvoiceThresholdPaise: E_INVOICE_TURNOVER_THRESHOLD_PAISE,
    eInvoiceRequired: eInvoicingApplies(turnover),
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

/** `GET /api/settings/tax`: the turnover (0 when never entered) and whether e-invoicing applies. */
export function getTaxSettings(db: Db): Promise<TaxSettings> {
  return settingsOf(db);
}

/**
 * `PUT /api/settings/tax`: stores the turnover (paise) under ANNUAL_TURNOVER_SETTING with an
 * audit row of before and after, in one transaction. Documents already issued keep what they
 * say; those issued from now on follow the new value.
 */
export async function saveTaxSettings(
  db: Db,
  actor: AuthUser,
  input: TaxSettingsInput,
): Promise<TaxSettings> {
  return db.transaction(async (tx) => {
    const before = await annualTurnoverPaise(tx);
    await tx
      .insert(businessSettings)
      .values({
        key: ANNUAL_TURNOVER_SETTING,
        value: input.annualTurnoverPaise,
        updatedBy: actor.id,
      })
      .onConflictDoUpdate({
        target: businessSettings.key,
        set: { value: input.annualTurnoverPaise, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      actor,
      entity: 'business_setting',
      entityId: ANNUAL_TURNOVER_SETTING,
      action: 'update',
      before: { annualTurnoverPaise: before },
      after: { annualTurnoverPaise: input.annualTurnoverPaise },
    });
    return settingsOf(tx);
  });
}
