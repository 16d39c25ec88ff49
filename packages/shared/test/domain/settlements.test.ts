import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTLEMENT_RATES,
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
      { grossPaise: 289_900, taxableValuePaise: 276_096, interState: false, registered: true },
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
      { grossPaise: 129_999, taxableValuePaise: 123_808, interState: true, registered: true },
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
      { grossPaise: 50_000, taxableValuePaise: 50_000, interState: false, registered: false },
      DEFAULT_SETTLEMENT_RATES,
    );
    expect(entry.tcsCgstPaise + entry.tcsSgstPaise + entry.tcsIgstPaise).toBe(0);
    expect(entry.tdsPaise).toBe(50);
  });

  it('reverses to exact negatives, zeros staying 0', () => {
    const entry = settlementComponentsOf(
      { grossPaise: 149_900, taxableValuePaise: 142_762, interState: false, registered: true },
      DEFAULT_SETTLEMENT_RATES,
    );
    const reversal = reversedComponents(entry);
    expect(reversal.netPaise).toBe(-entry.netPaise);
    expect(Object.is(reversal.commissionPaise, 0)).toBe(true);
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
