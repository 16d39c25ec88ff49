/**
 * Aadhaar number check (UIDAI): 12 digits, the first not 0 or 1, the last a Verhoeff check digit
 * over the first 11. Used by the support-admin and employee forms and their routes.
 */

const MULTIPLICATION = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
] as const;

const PERMUTATION = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
] as const;

const INVERSE = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9] as const;

function verhoeffChecksum(digits: string, withCheckDigit: boolean): number {
  let check = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((char, index) => {
    const position = withCheckDigit ? index : index + 1;
    check = MULTIPLICATION[check]![PERMUTATION[position % 8]![Number(char)]!]!;
  });
  return check;
}

/** The Verhoeff check digit for a string of digits (e.g. the first 11 of an Aadhaar number). */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error('A Verhoeff check needs digits only');
  return INVERSE[verhoeffChecksum(digits, false)]!;
}

/** True when `value` is 12 digits, starts 2-9 and its last digit is the Verhoeff check digit. */
export function isValidAadhaar(value: string): boolean {
  return /^[2-9]\d{11}$/.test(value) && verhoeffChecksum(value, true) === 0;
}

/**
 * An Aadhaar number as the back office shows it to anyone but its holder: only its last four
 * digits ('XXXX XXXX 0124'). Takes the full number or just those four digits.
 * @example maskedAadhaar('234567890124') // 'XXXX XXXX 0124'
 */
export function maskedAadhaar(value: string): string {
  return `XXXX XXXX ${value.slice(-4)}`;
}
