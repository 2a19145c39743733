import { describe, expect, it } from 'vitest';
import { RANK_TRACKING_MESSAGES as M } from '@core/messages';
import type { RankCheck } from '@core/schemas/rank-tracking';
import type { SerpFeature } from '@core/schemas/serp-features';
import { rankChanges } from './rank-alerts';

const check = (state: RankCheck['state'], position: number | null, depthReached = 100) => ({
  checkedAt: '2026-11-22T12:00:00.000Z',
  state,
  position,
  url: null,
  provider: 'serpapi' as const,
  depthReached,
  competitors: {},
  features: null,
});
const DOMAIN = 'scoops.example';
const all = { move: 5, top3: true, top10: true, features: false };

describe('rankChanges', () => {
  it('names moves of at least N either way and crossings of the top 3 and top 10', () => {
    expect(rankChanges(check('ranked', 14), check('ranked', 8), all, DOMAIN)).toEqual([
      M.moved('#14', '#8'),
      M.enteredTop(10),
    ]);
    expect(rankChanges(check('ranked', 2), check('ranked', 4), all, DOMAIN)).toEqual([
      M.leftTop(3),
    ]);
    expect(rankChanges(check('ranked', 40), check('ranked', 44), all, DOMAIN)).toEqual([]);
    expect(rankChanges(check('ranked', 9), check('not_in_top', null), all, DOMAIN)).toEqual([
      M.moved('#9', 'not in the top 100'),
      M.leftTop(10),
    ]);
    expect(
      rankChanges(
        check('ranked', 14),
        check('ranked', 8),
        { ...all, move: null, top10: false },
        DOMAIN,
      ),
    ).toEqual([]);
  });

  it('says nothing for a failed or partial check, or against one', () => {
    for (const current of [check('failed', null, 0), check('partial', null, 60)]) {
      expect(rankChanges(check('ranked', 3), current, all, DOMAIN)).toEqual([]);
    }
    expect(rankChanges(check('partial', null, 60), check('ranked', 3), all, DOMAIN)).toEqual([]);
    expect(rankChanges(null, check('ranked', 3), all, DOMAIN)).toEqual([]);
  });

  it('names the SERP features the domain won and lost, only when asked and both are known', () => {
    const withFeatures = (features: SerpFeature[] | null) => ({
      ...check('ranked', 3),
      features,
    });
    const before = withFeatures([
      { kind: 'featured_snippet', owners: ['rival.example'] },
      { kind: 'people_also_ask', owners: ['scoops.example', 'rival.example'] },
      { kind: 'videos', owners: ['scoops.example'] },
    ]);
    const after = withFeatures([
      // www. is the same site as the tracked domain.
      { kind: 'featured_snippet', owners: ['scoops.example'] },
      { kind: 'people_also_ask', owners: ['scoops.example'] },
      { kind: 'local_pack', owners: ['www.scoops.example'] },
    ]);
    const features = { ...all, features: true };
    expect(rankChanges(before, after, features, DOMAIN)).toEqual([
      M.wonFeature('Featured snippet'),
      M.wonFeature('Local pack'),
      M.lostFeature('Videos'),
    ]);
    expect(rankChanges(before, after, all, DOMAIN)).toEqual([]);
    // Features unknown on one side (a check made before they were recorded): no claim.
    expect(rankChanges(withFeatures(null), after, features, DOMAIN)).toEqual([]);
  });
});
