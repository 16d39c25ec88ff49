/**
 * GSTIN format and check character: one rule for the seller registration form, the server and
 * the demo data (docs/platform.md).
 *
 * A GSTIN is 15 characters: 2-digit state code (Bihar is 10), the holder's 10-character PAN,
 * an entity number (1-9, A-Z), the letter Z, and a check character computed over the first 14
 * with the GSTN's mod-36 scheme (Luhn-style, alternating weights 1 and 2).
 */

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Shape of a GSTIN without the check: state, PAN (5 letters, 4 digits, letter), entity, Z, check.
 */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character for the first 14 characters of a GSTIN (upper case).
 * @throws Error when `first14` is not 14 characters of 0-9/A-Z.
 */
export function gstinCheckCharacter(first14: string): string {
  if (first14.length !== 14) throw new Error('A GSTIN check needs exactly 14 characters');
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14.charAt(i));
    if (value < 0) throw new Error(`Invalid GSTIN character: ${first14.charAt(i)}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/** True when `gstin` has the GSTIN shape and a correct check character. */
export function isValidGstin(gstin: string): boolean {
  return GSTIN_PATTERN.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14);
}
