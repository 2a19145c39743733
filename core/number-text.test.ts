import { describe, expect, it } from 'vitest';
import { groupedNumber } from './number-text';

describe('groupedNumber', () => {
  it('writes numbers as en-US does', () => {
    for (const value of [
      0, 1, 12, 999, 1000, 1234, 12_345, 123_456, 1_234_567, 10_000_000, -1, -1234, 3252.5, 1234.25,
      0.125, 42.1, 1000.001, 999_999.999, -0.5,
    ]) {
      expect(groupedNumber(value), String(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('rounds to three decimals', () => {
    expect(groupedNumber(1.23456)).toBe('1.235');
    expect(groupedNumber(2.0001)).toBe('2');
  });
});
