import { describe, expect, it } from 'vitest';
import example from '../../docs/ci/speed-budget.json';
import {
  budgetInputSchema,
  budgetLimitsFor,
  lighthouseBudgetFileSchema,
  pathMatches,
} from './budget';
import { budgetKept, budgetLimitText, judgeBudget } from './judge';

describe('Lighthouse budget paths', () => {
  it('match as Lighthouse matched them: a prefix, one * and an ending $', () => {
    const at = (pattern: string, path: string) =>
      pathMatches(pattern, `https://shop.example${path}`);
    expect(at('/', '/anything')).toBe(true);
    expect(at('/blog', '/blog/post?x=1')).toBe(true);
    expect(at('/blog', '/shop')).toBe(false);
    expect(at('/js$', '/js')).toBe(true);
    expect(at('/js$', '/js/app')).toBe(false);
    expect(at('/vendor*chunk', '/vendor/a/chunk-1')).toBe(true);
    expect(at('/store/*/details$', '/store/12/details')).toBe(true);
    expect(at('/store/*/details$', '/store/12/details/more')).toBe(false);
    expect(at('/search?q=*', '/search?q=dogs')).toBe(true);
  });
});

describe('budget files', () => {
  it('accept budget.json as Lighthouse CI does, and refuse what it refuses', () => {
    const file = [
      {
        path: '/',
        options: { firstPartyHostnames: ['*.example.com'] },
        resourceSizes: [{ resourceType: 'script', budget: 150 }],
        resourceCounts: [{ resourceType: 'third-party', budget: 5 }],
        timings: [{ metric: 'cumulative-layout-shift', budget: 0.1 }],
      },
    ];
    expect(lighthouseBudgetFileSchema.safeParse(file).success).toBe(true);
    const refused = [
      // `tolerance` left the format in Lighthouse 6.
      [{ timings: [{ metric: 'interactive', budget: 1, tolerance: 100 }] }],
      [{ resourceSizes: [{ resourceType: 'scripts', budget: 1 }] }],
      [{ path: 'no-slash' }],
      [{ path: '/a*b*c' }],
      [{ path: '/a$b' }],
      [
        {
          timings: [
            { metric: 'interactive', budget: 1 },
            { metric: 'interactive', budget: 2 },
          ],
        },
      ],
      [{ unknown: true }],
      { timings: [] },
    ];
    for (const bad of refused)
      expect(lighthouseBudgetFileSchema.safeParse(bad).success).toBe(false);
  });

  it('read the documented example as our own format', () => {
    expect(budgetInputSchema.safeParse(example).success).toBe(true);
  });

  it('read our own format or a file, whichever is given', () => {
    expect(budgetInputSchema.parse({ lcp: 2500, resourceSizes: { total: 400 } })).toEqual({
      lcp: 2500,
      resourceSizes: { total: 400 },
    });
    expect(budgetInputSchema.safeParse({ lcp: 2500, speed: 'fast' }).success).toBe(false);
  });

  it('apply the last matching entry to a URL, converted to our limits', () => {
    const file = lighthouseBudgetFileSchema.parse([
      { resourceSizes: [{ resourceType: 'total', budget: 500 }] },
      {
        path: '/pricing$',
        resourceSizes: [{ resourceType: 'image', budget: 200 }],
        timings: [{ metric: 'total-blocking-time', budget: 300 }],
      },
    ]);
    expect(budgetLimitsFor(file, 'https://a.example/pricing').map((l) => l.limit)).toEqual([
      'tbt',
      'resourceSizes.image',
    ]);
    expect(budgetLimitsFor(file, 'https://a.example/').map((l) => l.limit)).toEqual([
      'resourceSizes.total',
    ]);
    expect(budgetLimitsFor([{ path: '/blog' }], 'https://a.example/')).toEqual([]);
  });
});

describe('judging a budget', () => {
  const measured = {
    lab: { psi: 88, lcp: 2600, cls: 0.02, tbt: null },
    field: null,
    resources: {
      document: { requests: 1, bytes: 20_480 },
      script: { requests: 4, bytes: 153_600 },
      stylesheet: { requests: 1, bytes: 4096 },
      image: { requests: 3, bytes: 512_000 },
      media: { requests: 0, bytes: 0 },
      font: { requests: 0, bytes: 0 },
      other: { requests: 0, bytes: 0 },
      'third-party': { requests: 0, bytes: 0 },
      total: { requests: 9, bytes: 690_176 },
    },
  };

  it('keeps the score at least and the rest at most, sizes in KiB, and an unknown is neither', () => {
    const rows = judgeBudget(
      budgetLimitsFor(
        {
          performance: 90,
          lcp: 2500,
          cls: 0.1,
          tbt: 200,
          inp: 200,
          resourceSizes: { script: 150, total: 700 },
          resourceCounts: { image: 2 },
        },
        'https://a.example/',
      ),
      measured,
    );
    expect(rows.map((r) => [r.limit, r.value, r.pass])).toEqual([
      ['performance', 88, false],
      ['lcp', 2600, false],
      ['tbt', null, null],
      ['cls', 0.02, true],
      ['inp', null, null],
      ['resourceSizes.script', 150, true],
      ['resourceCounts.image', 3, false],
      ['resourceSizes.total', 674, true],
    ]);
    expect(rows.find((r) => r.limit === 'inp')!.note).toBe('No field data for this page.');
    expect(budgetKept(rows)).toBe(false);
    expect(budgetKept(rows.filter((r) => r.pass !== false))).toBe(true);
    expect(rows.map(budgetLimitText).slice(0, 2)).toEqual(['≥ 90', '≤ 2,500 ms']);
  });
});
