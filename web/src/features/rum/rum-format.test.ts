import { describe, expect, it } from 'vitest';
import { daysOf, percentText, sharePercents, windowText } from './rum-format';

describe('RUM figures as text', () => {
  it('gives the three shares as whole percents that add up to 100', () => {
    expect(sharePercents({ good: 1 / 3, needsImprovement: 1 / 3, poor: 1 / 3 })).toEqual({
      good: 34,
      needsImprovement: 33,
      poor: 33,
    });
    expect(sharePercents({ good: 2 / 6, needsImprovement: 1 / 6, poor: 3 / 6 })).toEqual({
      good: 33,
      needsImprovement: 17,
      poor: 50,
    });
    expect(sharePercents({ good: 1, needsImprovement: 0, poor: 0 })).toEqual({
      good: 100,
      needsImprovement: 0,
      poor: 0,
    });
    expect(sharePercents({ good: 0.125, needsImprovement: 0.5, poor: 0.375 })).toEqual({
      good: 13,
      needsImprovement: 50,
      poor: 37,
    });
  });

  it('writes a fraction as a whole percent', () => {
    expect(percentText(0.666)).toBe('67%');
    expect(percentText(0)).toBe('0%');
  });

  it('writes a window of UTC days as a range, and lists its days', () => {
    // ICU puts thin spaces around the range's dash.
    const text = (from: string, to: string) => windowText(from, to, 'en-US').replace(/\s/g, ' ');
    expect(text('2026-11-21', '2026-11-27')).toBe('Nov 21 – 27, 2026');
    expect(text('2026-12-30', '2027-01-05')).toBe('Dec 30, 2026 – Jan 5, 2027');
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysOf('2026-03-02', '2026-03-02')).toEqual(['2026-03-02']);
  });
});
