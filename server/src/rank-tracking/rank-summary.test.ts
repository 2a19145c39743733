import { describe, expect, it } from 'vitest';
import type { RankCheck } from '@core/schemas/rank-tracking';
import { positionChange, sparkline } from './rank-summary';

const at = (iso: string, position: number | null, state: RankCheck['state'] = 'ranked') => ({
  checkedAt: iso,
  state,
  position,
  url: null,
  provider: 'serpapi' as const,
  depthReached: 100,
  competitors: {},
});

describe('rank summary', () => {
  it('compares by UTC day: a check earlier in the day than yesterday’s still counts as a day', () => {
    const ranked = [at('2026-11-20T23:00:00Z', 9), at('2026-11-21T01:00:00Z', 7)];
    expect(positionChange(ranked, 1)).toBe(2);
    expect(positionChange(ranked, 7)).toBeNull();
    expect(positionChange([at('2026-11-21T01:00:00Z', 3), at('2026-11-22T01:00:00Z', 8)], 1)).toBe(
      -5,
    );
  });

  it('draws each day’s last check, null for a day not ranked or unknown', () => {
    const line = sparkline(
      [
        at('2026-11-20T06:00:00Z', 4),
        at('2026-11-20T18:00:00Z', null, 'failed'),
        at('2026-11-21T06:00:00Z', null, 'not_in_top'),
        at('2026-11-22T06:00:00Z', 5),
      ],
      new Date('2026-11-22T12:00:00Z'),
    );
    expect(line).toHaveLength(30);
    expect(line.slice(-4)).toEqual([null, null, null, 5]);
  });
});
