import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskedAadhaar } from '../../src/domain/aadhaar.js';
import { formatDisplayDate } from '../../src/domain/dates.js';
import {
  formatIndianNumber,
  formatRupees,
  formatRupeesShort,
  paiseToRupees,
  rupeesToPaise,
} from '../../src/domain/money.js';
import { previewText } from '../../src/domain/prices.js';

describe('money', () => {
  it('formats paise as rupees with Indian grouping', () => {
    expect(formatRupees(12_000_000)).toBe('₹1,20,000.00');
    expect(formatRupees(129_950)).toBe('₹1,299.50');
    expect(formatRupeesShort(129_900)).toBe('₹1,299');
    expect(formatRupeesShort(129_950)).toBe('₹1,299.50');
    expect(formatRupeesShort(1_000_000_000)).toBe('₹1,00,00,000');
    expect(formatRupees(5)).toBe('₹0.05');
    expect(formatRupees(-120_000)).toBe('-₹1,200.00');
    expect(formatIndianNumber(123_456)).toBe('1,23,456');
    expect(formatIndianNumber(999)).toBe('999');
  });

  it('groups digits exactly as Intl.NumberFormat en-IN does, without calling it', () => {
    const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const wholeRupees = new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      maximumFractionDigits: 0,
    });
    const count = new Intl.NumberFormat('en-IN');
    // Up to ₹1,000 crore: beyond that, Intl's side (paise / 100 as a float) is the one off.
    const amount = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: -1e12, max: 1e12 }),
    );
    fc.assert(
      fc.property(amount, (paise) => {
        expect(formatRupees(paise)).toBe(rupees.format(paise / 100));
        const short = paise % 100 === 0 ? wholeRupees : rupees;
        expect(formatRupeesShort(paise)).toBe(short.format(paise / 100));
        expect(formatIndianNumber(paise)).toBe(count.format(paise));
      }),
      { numRuns: 2_000 },
    );
  });

  it('round-trips whole paise through rupees', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });
});

describe('card texts', () => {
  it('cuts descriptions to 15 characters with an ellipsis, without a dangling space', () => {
    expect(previewText('Soft cotton', 15)).toBe('Soft cotton');
    expect(previewText('Exactly fifteen', 15)).toBe('Exactly fifteen');
    expect(previewText('Cotton Shorts in parrot green', 15)).toBe('Cotton Shorts i...');
    expect(previewText('Patiala Salwar Suit in magenta', 15)).toBe('Patiala Salwar...');
  });
});

describe('dates', () => {
  it("shows dates like 'Mar 5, 2024' in Indian time", () => {
    expect(formatDisplayDate('2024-03-05T10:00:00Z')).toBe('Mar 5, 2024');
    // 20:00 UTC on 5 March is already 6 March in India.
    expect(formatDisplayDate(new Date('2024-03-05T20:00:00Z'))).toBe('Mar 6, 2024');
  });

  it('formats every instant as Intl.DateTimeFormat does in Asia/Kolkata', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'Asia/Kolkata',
    });
    // Instants from 1971 to 2100, in milliseconds since 1970 (day boundaries included by chance
    // and by the explicit midnight cases).
    fc.assert(
      fc.property(fc.integer({ min: 365 * 86_400_000, max: 4_102_444_800_000 }), (ms) => {
        expect(formatDisplayDate(new Date(ms))).toBe(intl.format(new Date(ms)));
      }),
      { numRuns: 2_000 },
    );
    expect(formatDisplayDate('2025-12-31T18:29:59.999Z')).toBe('Dec 31, 2025');
    expect(formatDisplayDate('2025-12-31T18:30:00Z')).toBe('Jan 1, 2026');
  });
});

describe('Aadhaar numbers', () => {
  it("shows only the last four digits outside the holder's own profile", () => {
    expect(maskedAadhaar('234567890124')).toBe('XXXX XXXX 0124');
    expect(maskedAadhaar('0124')).toBe('XXXX XXXX 0124');
  });
});
