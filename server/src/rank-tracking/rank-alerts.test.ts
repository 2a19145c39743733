import { describe, expect, it } from 'vitest';
import { RANK_TRACKING_MESSAGES as M } from '@core/messages';
import type { RankCheck } from '@core/schemas/rank-tracking';
import { rankChanges } from './rank-alerts';

const check = (state: RankCheck['state'], position: number | null, depthReached = 100) => ({
  checkedAt: '2026-11-22T12:00:00.000Z',
  state,
  position,
  url: null,
  provider: 'serpapi' as const,
  depthReached,
  competitors: {},
});
const all = { move: 5, top3: true, top10: true };

describe('rankChanges', () => {
  it('names moves of at least N either way and crossings of the top 3 and top 10', () => {
    expect(rankChanges(check('ranked', 14), check('ranked', 8), all)).toEqual([
      M.moved('#14', '#8'),
      M.enteredTop(10),
    ]);
    expect(rankChanges(check('ranked', 2), check('ranked', 4), all)).toEqual([M.leftTop(3)]);
    expect(rankChanges(check('ranked', 40), check('ranked', 44), all)).toEqual([]);
    expect(rankChanges(check('ranked', 9), check('not_in_top', null), all)).toEqual([
      M.moved('#9', 'not in the top 100'),
      M.leftTop(10),
    ]);
    expect(
      rankChanges(check('ranked', 14), check('ranked', 8), { ...all, move: null, top10: false }),
    ).toEqual([]);
  });

  it('says nothing for a failed or partial check, or against one', () => {
    for (const current of [check('failed', null, 0), check('partial', null, 60)]) {
      expect(rankChanges(check('ranked', 3), current, all)).toEqual([]);
    }
    expect(rankChanges(check('partial', null, 60), check('ranked', 3), all)).toEqual([]);
    expect(rankChanges(null, check('ranked', 3), all)).toEqual([]);
  });
});
