import { describe, expect, it } from 'vitest';
import {
  GSTIN_STATE_MESSAGE,
  SAMPLE_GSTIN,
  ShopDetailsSchema,
} from '../../src/schemas/accounts.js';
import { isValidGstin } from '../../src/domain/gstin.js';

/* docs/gst.md "Marketplace": a shop in Bihar registers a Bihar GSTIN (state code 10). */

const details = (gstin: string) => ({
  gstin,
  shopCategory: 'Cloth',
  shopDescription: 'Cotton shirts since 1998',
});

describe('the shop GSTIN', () => {
  it('accepts a Bihar GSTIN and refuses a valid one of Uttar Pradesh (09)', () => {
    expect(ShopDetailsSchema.safeParse(details('10AABCS1429B1Z9')).success).toBe(true);
    const refused = ShopDetailsSchema.safeParse(details('09AABCS1429B1ZS'));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(GSTIN_STATE_MESSAGE);
    expect(GSTIN_STATE_MESSAGE).toContain('starting 10');
  });

  it("shows a placeholder that passes the form's own checks", () => {
    expect(isValidGstin(SAMPLE_GSTIN)).toBe(true);
    expect(ShopDetailsSchema.safeParse(details(SAMPLE_GSTIN)).success).toBe(true);
  });
});
