import { describe, expect, it } from 'vitest';
import { RANK_TRACKING_MESSAGES } from '../messages';
import { RANK_BULK_MAX, type RankKeyword } from '../schemas/rank-tracking';
import { RANK_CSV_COLUMNS, rankKeywordsCsv, rankKeywordsFromCsv } from './csv';

const defaults = { device: 'desktop', country: 'us' } as const;

describe('rankKeywordsFromCsv', () => {
  it('reads each column by its header name, in any order, lists split on ; or |', () => {
    const csv = [
      'Tags,keyword,Domain,device,country,language,location,depth,competitors,notes',
      'brand|blog,best shoes,https://www.Example.com/shop,mobile,DE,de,"Berlin,Germany",50,rival.com; other.org,ignored',
    ].join('\n');
    expect(rankKeywordsFromCsv(csv, defaults)).toEqual({
      ok: true,
      keywords: [
        {
          keyword: 'best shoes',
          domain: 'example.com',
          device: 'mobile',
          country: 'de',
          language: 'de',
          location: 'Berlin,Germany',
          depth: 50,
          competitors: ['rival.com', 'other.org'],
          tags: ['brand', 'blog'],
          alerts: { move: null, top3: false, top10: false, features: false },
        },
      ],
    });
  });

  it("fills blank device, country, domain and depth from the form's settings", () => {
    const read = rankKeywordsFromCsv('keyword\nrunning shoes\n\n', {
      ...defaults,
      domain: 'shop.example',
      depth: 30,
    });
    expect(read).toMatchObject({
      ok: true,
      keywords: [
        {
          keyword: 'running shoes',
          domain: 'shop.example',
          device: 'desktop',
          country: 'us',
          depth: 30,
        },
      ],
    });
    if (read.ok) expect(read.keywords[0]).not.toHaveProperty('language', expect.anything());
  });

  it('names every bad row with its field and the API’s own message, adding none', () => {
    const csv = [
      'keyword,domain,depth,device',
      'a,example.com,100,mobile',
      ',example.com,,',
      'c,not a domain,,',
      'd,example.com,5,',
      'e,example.com,,tablet',
    ].join('\r\n');
    const read = rankKeywordsFromCsv(csv, defaults);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.errors).toEqual([
      RANK_TRACKING_MESSAGES.csvRow(2, `keyword: ${RANK_TRACKING_MESSAGES.noKeyword}`),
      RANK_TRACKING_MESSAGES.csvRow(3, `domain: ${RANK_TRACKING_MESSAGES.badDomain}`),
      RANK_TRACKING_MESSAGES.csvRow(4, `depth: ${RANK_TRACKING_MESSAGES.badDepth}`),
      expect.stringMatching(/^Row 5: device: /),
    ]);
  });

  it('refuses a file without a keyword column, without rows, or with too many rows', () => {
    expect(rankKeywordsFromCsv('domain\nexample.com', defaults)).toEqual({
      ok: false,
      errors: [RANK_TRACKING_MESSAGES.csvNoKeywordColumn],
    });
    expect(rankKeywordsFromCsv('keyword,domain\n', defaults)).toEqual({
      ok: false,
      errors: [RANK_TRACKING_MESSAGES.csvEmpty],
    });
    const many = [
      'keyword,domain',
      ...Array.from({ length: RANK_BULK_MAX + 1 }, (_, i) => `k${i},example.com`),
    ].join('\n');
    expect(rankKeywordsFromCsv(many, defaults)).toEqual({
      ok: false,
      errors: [RANK_TRACKING_MESSAGES.csvTooMany(RANK_BULK_MAX)],
    });
  });
});

const tracked: RankKeyword = {
  id: '6f1c1c1e-0000-4000-8000-000000000001',
  keyword: 'best shoes',
  domain: 'example.com',
  device: 'mobile',
  country: 'de',
  language: null,
  location: 'Berlin,Germany',
  depth: 50,
  competitors: ['rival.com', 'other.org'],
  tags: ['brand'],
  alerts: { move: 3, top3: false, top10: true, features: false },
  createdAt: '2026-11-01T00:00:00.000Z',
  latest: {
    checkedAt: '2026-11-20T06:00:00.000Z',
    state: 'ranked',
    position: 4,
    url: 'https://example.com/shoes',
    provider: 'serpapi',
    depthReached: 50,
    competitors: { 'rival.com': 2, 'other.org': null },
    features: [
      { kind: 'featured_snippet', owners: ['rival.com'] },
      { kind: 'people_also_ask', owners: ['example.com', 'rival.com'] },
      { kind: 'videos', owners: [] },
    ],
  },
  change: { d1: 1, d7: null, d30: -2 },
  best: { position: 2, checkedAt: '2026-11-10T06:00:00.000Z' },
  sparkline: [],
  sandbox: false,
};

describe('rankKeywordsCsv', () => {
  it('writes the settings, the latest check, the changes and the best; unknowns are empty', () => {
    const lines = rankKeywordsCsv([
      tracked,
      {
        ...tracked,
        keyword: 'new one',
        latest: null,
        best: null,
        change: { d1: null, d7: null, d30: null },
      },
    ]).split('\r\n');
    expect(lines[0]).toBe(
      [
        ...RANK_CSV_COLUMNS,
        'state',
        'position',
        'url',
        'checked_at',
        'provider',
        'change_1d',
        'change_7d',
        'change_30d',
        'best',
        'best_at',
        'serp_features',
        'features_owned',
      ]
        .map((c) => `"${c}"`)
        .join(','),
    );
    expect(lines[1]).toBe(
      '"best shoes","example.com","mobile","de",,"Berlin,Germany","50","rival.com; other.org","brand","ranked","4","https://example.com/shoes","2026-11-20T06:00:00.000Z","serpapi","1",,"-2","2","2026-11-10T06:00:00.000Z","Featured snippet; People also ask; Videos","People also ask"',
    );
    // Features unknown (not checked) are empty cells, not "none".
    expect(lines[2]).toMatch(/"not_checked",,,,,,,,,,,$/);
  });

  it('imports again as the same keywords', () => {
    const read = rankKeywordsFromCsv(rankKeywordsCsv([tracked]), {
      device: 'desktop',
      country: 'us',
    });
    expect(read).toMatchObject({
      ok: true,
      keywords: [
        {
          keyword: tracked.keyword,
          domain: tracked.domain,
          device: tracked.device,
          country: tracked.country,
          location: tracked.location,
          depth: tracked.depth,
          competitors: tracked.competitors,
          tags: tracked.tags,
        },
      ],
    });
    if (read.ok) expect(read.keywords[0]?.language).toBeUndefined();
  });
});
