import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_GSTIN,
  SELLER_OF_RECORD,
  type AdminShopPage,
  type BusinessProfile,
} from '@bazaar/shared';
import { insertShop } from '../../support/fixtures.js';
import {
  auditCount,
  auditRowsOf,
  createPeopleContext,
  errorOf,
  type PeopleCaller,
  type PeopleContext,
} from '../customers/people-test-support.js';

/*
 * docs/back-office-people.md "Business profile" and "Shop list": the admin edits the business's
 * shop fields one at a time (checked, audited; invoices keep the configured seller) and lists
 * the marketplace's shops with a case-insensitive name search. Only the admin.
 */

let people: PeopleContext;

beforeAll(async () => {
  people = await createPeopleContext();
});

afterAll(async () => {
  await people.ctx.close();
});

function patchProfile(payload: unknown, caller: PeopleCaller | null = 'admin') {
  return people.call(caller, {
    method: 'PATCH',
    url: '/api/business-profile',
    payload: payload as Record<string, unknown>,
  });
}

describe('the business profile', () => {
  it('reads as the invoices seller of record before any save', async () => {
    const response = await people.call('admin', { method: 'GET', url: '/api/business-profile' });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<BusinessProfile>();
    expect(profile).toMatchObject({
      shopName: SELLER_OF_RECORD.name,
      gstin: SELLER_OF_RECORD.gstin,
      address: SELLER_OF_RECORD.address,
      city: SELLER_OF_RECORD.city,
      pincode: SELLER_OF_RECORD.pincode,
      country: 'India',
      updatedAt: null,
    });
    expect(profile.invoiceSeller.name).toBe(SELLER_OF_RECORD.name);
  });

  it('saves one field, keeps the others and writes one audit row of that field', async () => {
    const response = await patchProfile({ shopName: '  Maa Durga Textiles ', pincode: '800020' });
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json<BusinessProfile>();
    expect(profile.shopName).toBe('Maa Durga Textiles');
    expect(profile.pincode).toBe('800020');
    expect(profile.gstin).toBe(SELLER_OF_RECORD.gstin);
    expect(profile.updatedAt).not.toBeNull();
    // Invoices still print the configured seller.
    expect(profile.invoiceSeller.name).toBe(SELLER_OF_RECORD.name);

    const gst = await patchProfile({ gstin: SAMPLE_GSTIN.toLowerCase(), shopCategory: 'Sport' });
    expect(gst.statusCode, gst.body).toBe(200);
    expect(gst.json<BusinessProfile>()).toMatchObject({
      shopName: 'Maa Durga Textiles',
      gstin: SAMPLE_GSTIN,
      shopCategory: 'Sport',
    });

    const rows = await auditRowsOf(people.ctx, 'business_setting', 'business_profile');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      action: 'update',
      actorRole: 'admin',
      before: { shopName: SELLER_OF_RECORD.name, pincode: SELLER_OF_RECORD.pincode },
      after: { shopName: 'Maa Durga Textiles', pincode: '800020' },
    });
    expect(rows[1]!.after).toEqual({ gstin: SAMPLE_GSTIN, shopCategory: 'Sport' });

    // The audit trail names the record in words.
    const trail = await people.call('admin', {
      method: 'GET',
      url: '/api/audit?entity=business_setting',
    });
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json<{ items: { record: string }[] }>().items[0]?.record).toBe(
      'Business setting Shop details',
    );

    const read = await people.call('admin', { method: 'GET', url: '/api/business-profile' });
    expect(read.json<BusinessProfile>().shopCategory).toBe('Sport');
  });

  it('refuses bad values with field messages and writes nothing', async () => {
    const before = await auditCount(people.ctx);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ gstin: '10ABCDE1234F1ZA' }, 'gstin', 'Invalid GST No'],
      [{ pincode: '80001' }, 'pincode', 'Pincode must be 6 digits'],
      [{ pincode: '080001' }, 'pincode', 'Pincode must be 6 digits'],
      [{ shopName: '   ' }, 'shopName', 'Shop name is required'],
      [{ shopCategory: 'Food' }, 'shopCategory', 'Please select a shop category'],
      [{ state: 'Atlantis' }, 'state', 'Please select a state of India'],
      [{ description: 'x'.repeat(501) }, 'description', 'Description is too long'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await patchProfile(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).fields?.[field]).toBe(message);
    }
    expect((await patchProfile({})).statusCode).toBe(400);
    const unknown = await patchProfile({ mobile: '9876543210' });
    expect(unknown.statusCode).toBe(400);
    expect(await auditCount(people.ctx)).toBe(before);
  });

  it('is the admin’s only', async () => {
    for (const caller of ['employee', 'customer', 'seller', 'delivery'] as const) {
      const read = await people.call(caller, { method: 'GET', url: '/api/business-profile' });
      expect(read.statusCode, caller).toBe(403);
      expect((await patchProfile({ city: 'Gaya' }, caller)).statusCode, caller).toBe(403);
    }
    expect((await patchProfile({ city: 'Gaya' }, null)).statusCode).toBe(401);
  });
});

describe('the shop list', () => {
  beforeAll(async () => {
    await insertShop(people.ctx.database.db, {
      name: 'Ganga SAREE Bhandar',
      description: 'Silk and cotton sarees',
      landmark: 'Near Gandhi Maidan',
    });
    await insertShop(people.ctx.database.db, { name: 'Saree_Point 100%' });
  });

  function listShops(query: string, caller: PeopleCaller | null = 'admin') {
    return people.call(caller, { method: 'GET', url: `/api/shops?${query}` });
  }

  it('finds shops by a case-insensitive part of the name', async () => {
    const response = await listShops('search=saree');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<AdminShopPage>();
    expect(page.items.map((shop) => shop.name)).toEqual([
      'Ganga SAREE Bhandar',
      'Saree_Point 100%',
    ]);
    expect(page.items[0]).toMatchObject({
      ownerName: 'Ramesh Kumar',
      address: 'Boring Road',
      area: 'Near Gandhi Maidan',
      city: 'Patna',
      state: 'Bihar',
      country: 'India',
      pincode: '800001',
      description: 'Silk and cotton sarees',
      imageUrl: null,
    });
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2, totalPages: 1 });
  });

  it('takes LIKE wildcards literally and answers an empty page when nothing matches', async () => {
    const percent = (await listShops('search=0%25')).json<AdminShopPage>();
    expect(percent.items.map((shop) => shop.name)).toEqual(['Saree_Point 100%']);
    const underscore = (await listShops('search=e_p')).json<AdminShopPage>();
    expect(underscore.items.map((shop) => shop.name)).toEqual(['Saree_Point 100%']);
    const none = (await listShops('search=zzzz')).json<AdminShopPage>();
    expect(none).toMatchObject({ items: [], total: 0, totalPages: 0 });
  });

  it('pages by 10 and refuses a bad page', async () => {
    for (let i = 0; i < 9; i += 1) await insertShop(people.ctx.database.db);
    const first = (await listShops('page=1')).json<AdminShopPage>();
    const total = first.total;
    expect(total).toBeGreaterThanOrEqual(13);
    expect(first.items).toHaveLength(10);
    const second = (await listShops('page=2')).json<AdminShopPage>();
    expect(second.items).toHaveLength(total - 10);
    expect(second.items.map((s) => s.id)).not.toContain(first.items[0]!.id);
    expect((await listShops('page=0')).statusCode).toBe(400);
  });

  it('is the admin’s only', async () => {
    for (const caller of ['employee', 'customer', 'seller', 'delivery'] as const) {
      expect((await listShops('', caller)).statusCode, caller).toBe(403);
    }
    expect((await listShops('', null)).statusCode).toBe(401);
  });
});
