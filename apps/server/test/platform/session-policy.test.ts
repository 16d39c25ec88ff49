import { describe, expect, it } from 'vitest';
import { SESSION_LIMITS, sessionOutlived } from '../../src/platform/session-policy.js';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe('sessionOutlived', () => {
  it('keeps a staff session that is used and younger than a working day', () => {
    const session = { createdAt: ago(11 * 60 * MINUTE), updatedAt: ago(10 * MINUTE) };
    expect(sessionOutlived('admin', session, now)).toBe(false);
  });

  it('ends a staff session idle for over 2 hours', () => {
    const session = { createdAt: ago(3 * 60 * MINUTE), updatedAt: ago(121 * MINUTE) };
    expect(sessionOutlived('seller', session, now)).toBe(true);
  });

  it('ends a staff session 12 hours after sign-in however busy', () => {
    const session = {
      createdAt: ago(SESSION_LIMITS.staff.absoluteMs + MINUTE),
      updatedAt: ago(MINUTE),
    };
    expect(sessionOutlived('delivery', session, now)).toBe(true);
  });

  it('gives customers 7 idle days and 30 days in all', () => {
    expect(
      sessionOutlived(
        'customer',
        { createdAt: ago(3 * 86_400_000), updatedAt: ago(2 * 86_400_000) },
        now,
      ),
    ).toBe(false);
    expect(
      sessionOutlived(
        'customer',
        { createdAt: ago(9 * 86_400_000), updatedAt: ago(8 * 86_400_000) },
        now,
      ),
    ).toBe(true);
    expect(
      sessionOutlived('customer', { createdAt: ago(31 * 86_400_000), updatedAt: ago(MINUTE) }, now),
    ).toBe(true);
  });
});
