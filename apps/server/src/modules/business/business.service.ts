import {
  BACK_OFFICE_PAGE_SIZE,
  BusinessProfileFieldsSchema,
  type AdminShopPage,
  type BusinessProfile,
  type BusinessProfileFields,
  type BusinessProfileUpdateSchema,
} from '@bazaar/shared';
import type { z } from 'zod';
import { loadBusinessConfig, type BusinessConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import type { AuthUser } from '../../platform/access.js';
import type { FileStorage } from '../../platform/storage.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './business.repo.js';

export type BusinessProfilePatch = z.output<typeof BusinessProfileUpdateSchema>;

export interface BusinessServiceDeps {
  db: Db;
  storage: FileStorage;
  /** The invoices' seller of record; defaults to `loadBusinessConfig()` (BUSINESS_* env). */
  business?: BusinessConfig;
}

/**
 * The business profile (the admin profile's shop fields) and the admin's shop list
 * (docs/back-office-people.md "Business profile", "Shop list").
 *
 * The profile is stored as one JSON value in business_settings. Tax invoices keep reading their
 * seller from the configuration (BUSINESS_*), never from here: the profile starts as a copy of
 * that seller, and every answer carries `invoiceSeller` so the page shows where the two differ.
 */
export function createBusinessService(deps: BusinessServiceDeps) {
  const { db, storage } = deps;
  const seller = (deps.business ?? loadBusinessConfig()).seller;

  /** What the profile reads as before any save: the invoices' seller of record. */
  const defaults: BusinessProfileFields = {
    shopName: seller.name,
    shopCategory: 'Cloth',
    gstin: seller.gstin,
    address: seller.address,
    city: seller.city,
    state: seller.state,
    country: 'India',
    pincode: seller.pincode,
    description: '',
  };

  /** Stored fields over the defaults; a stored value that no longer parses is ignored. */
  async function fieldsOf(queryable: Db | Tx) {
    const row = await repo.findBusinessProfile(queryable);
    const stored = BusinessProfileFieldsSchema.partial().safeParse(row?.value ?? {});
    return {
      fields: { ...defaults, ...(stored.success ? stored.data : {}) },
      updatedAt: row?.updatedAt ?? null,
    };
  }

  function answer(fields: BusinessProfileFields, updatedAt: Date | null): BusinessProfile {
    return {
      ...fields,
      invoiceSeller: {
        name: seller.name,
        gstin: seller.gstin,
        address: seller.address,
        city: seller.city,
        state: seller.state,
        pincode: seller.pincode,
      },
      updatedAt: updatedAt?.toISOString() ?? null,
    };
  }

  return {
    /** `GET /api/business-profile`: the stored fields (defaults: the invoice seller's). */
    async getProfile(): Promise<BusinessProfile> {
      const { fields, updatedAt } = await fieldsOf(db);
      return answer(fields, updatedAt);
    },

    /**
     * `PATCH /api/business-profile`: merges the given fields into the stored profile and writes
     * one audit row (entity business_setting, id business_profile, before and after of the
     * changed fields only) in the same transaction. The body is already checked by
     * BusinessProfileUpdateSchema (400 otherwise). Invoices are not affected.
     */
    async updateProfile(actor: AuthUser, patch: BusinessProfilePatch): Promise<BusinessProfile> {
      return db.transaction(async (tx) => {
        await repo.lockBusinessProfile(tx);
        const { fields: before } = await fieldsOf(tx);
        const after: BusinessProfileFields = { ...before, ...patch };
        await repo.saveBusinessProfile(tx, after, actor.id);
        const changed = Object.keys(patch) as (keyof BusinessProfileFields)[];
        await recordAudit(tx, {
          actor,
          entity: 'business_setting',
          entityId: repo.BUSINESS_PROFILE_SETTING,
          action: 'update',
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        });
        const saved = await fieldsOf(tx);
        return answer(saved.fields, saved.updatedAt);
      });
    },

    /**
     * `GET /api/shops?search=&page=`: the marketplace's shops, 10 a page by name; `search` a
     * case-insensitive part of the name. Address is the shop's locality, area its landmark.
     */
    async listShops(input: { search: string; page: number }): Promise<AdminShopPage> {
      const { rows, total } = await repo.listShops(db, {
        search: input.search,
        limit: BACK_OFFICE_PAGE_SIZE,
        offset: (input.page - 1) * BACK_OFFICE_PAGE_SIZE,
      });
      return {
        items: rows.map((row) => ({
          id: row.id,
          name: row.name,
          ownerName: row.ownerName,
          address: row.locality,
          area: row.landmark,
          city: row.city,
          state: row.state,
          country: row.country,
          pincode: row.pincode,
          description: row.description,
          imageUrl: row.imagePath ? storage.urlFor(row.imagePath) : null,
        })),
        page: input.page,
        pageSize: BACK_OFFICE_PAGE_SIZE,
        total,
        totalPages: Math.ceil(total / BACK_OFFICE_PAGE_SIZE),
      };
    },
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
