import { describe, expect, it } from 'vitest';
import {
  TransactionsQuerySchema,
  addMonths,
  indianDateOf,
  intervalRange,
  lastMonths,
  monthLabelOf,
  monthsBetween,
  rangeLabelOf,
} from '@bazaar/shared';
import { splitRange } from '../../../src/modules/reports/reports.repo.js';

/* The calendar rules of the reports (docs/back-office-reports.md "Decisions"), without a database. */

describe('report calendar', () => {
  it('takes the Indian date of an instant (23:30 IST on Mar 31 is still March 31)', () => {
    expect(indianDateOf(new Date('2024-03-31T18:00:00Z'))).toBe('2024-03-31');
    expect(indianDateOf(new Date('2024-03-31T18:30:00Z'))).toBe('2024-04-01');
  });

  it('turns every interval into whole days ending today', () => {
    const today = '2026-11-22';
    expect(intervalRange('7 DAY', today)).toEqual({ from: '2026-11-16', to: today });
    expect(intervalRange('15 DAY', today)).toEqual({ from: '2026-11-08', to: today });
    expect(intervalRange('1 MONTH', today)).toEqual({ from: '2026-10-23', to: today });
    expect(intervalRange('3 MONTH', today)).toEqual({ from: '2026-08-23', to: today });
    expect(intervalRange('1 YEAR', today)).toEqual({ from: '2025-11-23', to: today });
    expect(intervalRange('3 YEAR', today)).toEqual({ from: '2023-11-23', to: today });
    expect(intervalRange('1 MONTH', '2024-03-31')).toEqual({
      from: '2024-03-01',
      to: '2024-03-31',
    });
  });

  it('clamps month arithmetic to the month length', () => {
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2023-03-31', -1)).toBe('2023-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
  });

  it('lists months and labels them', () => {
    expect(lastMonths('2026-02-10')).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsBetween('2025-11-30', '2026-01-01')).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(monthLabelOf('2024-03')).toBe('Mar 2024');
    expect(rangeLabelOf({ from: '2025-11-23', to: '2026-11-22' })).toBe(
      'Nov 23, 2025 – Nov 22, 2026',
    );
  });

  it('splits a range into whole months and the part months at either end', () => {
    expect(splitRange('2023-11-23', '2026-11-22')).toEqual({
      months: { firstMonth: '2023-12-01', endMonth: '2026-11-01' },
      days: [
        ['2023-11-23', '2023-11-30'],
        ['2026-11-01', '2026-11-22'],
      ],
    });
    expect(splitRange('2024-03-01', '2024-04-30')).toEqual({
      months: { firstMonth: '2024-03-01', endMonth: '2024-05-01' },
      days: [],
    });
    expect(splitRange('2024-03-05', '2024-04-10')).toEqual({
      days: [['2024-03-05', '2024-04-10']],
    });
    expect(splitRange('2024-03-05', '2024-03-05')).toEqual({
      days: [['2024-03-05', '2024-03-05']],
    });
  });

  it('accepts exactly three years and no more', () => {
    expect(
      TransactionsQuerySchema.safeParse({ from: '2021-01-01', to: '2023-12-31' }).success,
    ).toBe(true);
    expect(
      TransactionsQuerySchema.safeParse({ from: '2021-01-01', to: '2024-01-01' }).success,
    ).toBe(false);
    expect(
      TransactionsQuerySchema.safeParse({ from: '2024-02-29', to: '2024-02-29' }).success,
    ).toBe(true);
  });
});
