import { describe, expect, it } from 'vitest';
import { formatCount, formatUsd, formatUtc } from './ops-format';

describe('ops figures', () => {
  it('keeps fractions of a cent below a dollar and cents above', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.003)).toBe('$0.0030');
    expect(formatUsd(15)).toBe('$15.00');
    expect(formatUsd(1234.5)).toBe('$1234.50');
  });

  it('groups counts and reads times in UTC', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatUtc('2026-11-27T04:11:24.123Z')).toBe('2026-11-27 04:11:24 UTC');
  });
});
