import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTLEMENT_RATES,
  maskPan,
  panOfGstin,
  tdsPanOf,
  percentOfPaise,
  reversedComponents,
  settlementComponentsOf,
  settlementRatesOn,
} from '../../src/domain/settlements.js';

/* docs/settlements.md "Ledger entries": each component rounded to the paisa once, halves up. */

describe('percentOfPaise', () => {
  it.each([
    [100_000, 50, 10_000, 500], // 0.5 % of ₹1,000
    [276_096, 25, 10_000, 690], // 690.24
    [289_900, 10, 10_000, 290], // 289.9
    [312_345, 10, 10_000, 312], // 312.345
    [1_000, 5, 1_000, 5], // 5.0
    [100, 50, 10_000, 1], // 0.5: a half goes up
    [300, 50, 20_000, 1], // 0.75
    [-100, 50, 10_000, -1], // halves away from zero on a negative
  ])('%i paise x %i / %i is %i paise', (amount, bp, divisor, expected) => {
    expect(percentOfPaise(amount, bp, divisor)).toBe(expected);
  });

  it('keeps every digit of amounts near 2^53 paise', () => {
    expect(percentOfPaise(9_007_199_254_740_000, 10)).toBe(9_007_199_254_740);
  });
});

describe('settlementComponentsOf', () => {
  it('splits TCS into CGST and SGST within the state, each rounded on its own', () => {
    const entry = settlementComponentsOf(
      {
        grossPaise: 289_900,
        taxableValuePaise: 276_096,
        interState: false,
        registered: true,
        hasPan: true,
      },
      DEFAULT_SETTLEMENT_RATES,
    );
    expect(entry).toEqual({
      grossPaise: 289_900,
      taxableValuePaise: 276_096,
      commissionPaise: 0,
      commissionGstPaise: 0,
      tcsCgstPaise: 690,
      tcsSgstPaise: 690,
      tcsIgstPaise: 0,
      tdsPaise: 290,
      netPaise: 289_900 - 690 - 690 - 290,
    });
  });

  it('charges IGST at the whole rate across states, and 18 % GST on a commission', () => {
    const entry = settlementComponentsOf(
      {
        grossPaise: 129_999,
        taxableValuePaise: 123_808,
        interState: true,
        registered: true,
        hasPan: true,
      },
      { ...DEFAULT_SETTLEMENT_RATES, commissionBp: 1000 },
    );
    expect(entry.commissionPaise).toBe(13_000);
    expect(entry.commissionGstPaise).toBe(2_340);
    expect(entry.tcsIgstPaise).toBe(619); // 619.04
    expect(entry.tcsCgstPaise + entry.tcsSgstPaise).toBe(0);
    expect(entry.netPaise).toBe(129_999 - 13_000 - 2_340 - 619 - 130);
  });

  it('collects no TCS for an unregistered shop, TDS still', () => {
    const entry = settlementComponentsOf(
      {
        grossPaise: 50_000,
        taxableValuePaise: 50_000,
        interState: false,
        registered: false,
        hasPan: true,
      },
      DEFAULT_SETTLEMENT_RATES,
    );
    expect(entry.tcsCgstPaise + entry.tcsSgstPaise + entry.tcsIgstPaise).toBe(0);
    expect(entry.tdsPaise).toBe(50);
  });

  it('reverses to exact negatives, zeros staying 0', () => {
    const entry = settlementComponentsOf(
      {
        grossPaise: 149_900,
        taxableValuePaise: 142_762,
        interState: false,
        registered: true,
        hasPan: true,
      },
      DEFAULT_SETTLEMENT_RATES,
    );
    const reversal = reversedComponents(entry);
    expect(reversal.netPaise).toBe(-entry.netPaise);
    expect(Object.is(reversal.commissionPaise, 0)).toBe(true);
  });
});

describe('TDS with and without a PAN (sections 194-O and 206AA)', () => {
  it('deducts 0.1 % of the gross with a PAN and 5 % without, to the paisa', () => {
    const input = {
      grossPaise: 123_457,
      taxableValuePaise: 117_578,
      interState: false,
      registered: true,
    };
    const withPan = settlementComponentsOf({ ...input, hasPan: true }, DEFAULT_SETTLEMENT_RATES);
    const withoutPan = settlementComponentsOf(
      { ...input, hasPan: false },
      DEFAULT_SETTLEMENT_RATES,
    );
    expect(withPan.tdsPaise).toBe(123); // 123.457
    expect(withoutPan.tdsPaise).toBe(6_173); // 6,172.85 rounds half up
    expect(withoutPan.netPaise).toBe(123_457 - 294 - 294 - 6_173);
  });

  it('reads the PAN inside a regular GSTIN, and a recorded one only when the GSTIN has none', () => {
    expect(panOfGstin('10AABCP1234F1Z5')).toBe('AABCP1234F');
    expect(panOfGstin('10PTNA12345E1D9')).toBeNull(); // a TAN-based GSTIN of a deductor
    expect(panOfGstin(null)).toBeNull();
    expect(tdsPanOf('10AABCP1234F1Z5', 'ZZZZZ9999Z')).toBe('AABCP1234F');
    expect(tdsPanOf(null, 'abcde1234f')).toBe('ABCDE1234F');
    expect(tdsPanOf(null, null)).toBeNull();
    expect(maskPan('AABCP1234F')).toBe('******234F');
  });
});

describe('settlementRatesOn', () => {
  const rows = [
    { ...DEFAULT_SETTLEMENT_RATES, effectiveFrom: '2024-10-01' },
    { ...DEFAULT_SETTLEMENT_RATES, effectiveFrom: '2026-12-01', commissionBp: 500 },
  ];
  it('takes the latest row not after the day', () => {
    expect(settlementRatesOn(rows, '2026-11-30')!.commissionBp).toBe(0);
    expect(settlementRatesOn(rows, '2026-12-01')!.commissionBp).toBe(500);
    expect(settlementRatesOn(rows, '2024-09-30')).toBeUndefined();
  });
});
