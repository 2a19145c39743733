import { describe, expect, it } from 'vitest';
import type { Insight } from '@core/speed';
import {
  bytesText,
  durationText,
  insightBand,
  insightState,
  noInsightsText,
  partitionInsights,
  savingsText,
  shortUrl,
} from './insight-format';

const insight = (id: string, over: Partial<Insight> = {}): Insight => ({
  id,
  group: 'insight',
  title: id,
  description: '',
  score: 1,
  items: [],
  ...over,
});

describe('insight figures', () => {
  it('writes bytes in binary kilobytes, one decimal below ten', () => {
    expect(bytesText(512)).toBe('512 B');
    expect(bytesText(3861)).toBe('3.8 KiB');
    expect(bytesText(23_658)).toBe('23 KiB');
    expect(bytesText(5 * 1024 * 1024 + 300_000)).toBe('5.3 MiB');
  });

  it('writes times in ms below a second, in seconds from there', () => {
    expect(durationText(260)).toBe('260 ms');
    expect(durationText(999.6)).toBe('1,000 ms');
    expect(durationText(1230)).toBe('1.2 s');
  });

  it('sums up the savings Lighthouse estimates, and none where it estimates none', () => {
    expect(savingsText(insight('a', { savingsMs: 260, savingsBytes: 23_658 }))).toBe(
      'Est. savings 260 ms · 23 KiB',
    );
    expect(savingsText(insight('a', { savingsBytes: 3000 }))).toBe('Est. savings 2.9 KiB');
    expect(savingsText(insight('a', { savingsMs: 0 }))).toBeNull();
    expect(savingsText(insight('a'))).toBeNull();
  });
});

describe('shortUrl', () => {
  const page = 'http://bake-street.sandbox.localhost:8123/recipes/lasagna';

  it("shows the page's own resources by their path, others with their host", () => {
    expect(shortUrl('http://bake-street.sandbox.localhost:8123/assets/site.css', page)).toBe(
      '/assets/site.css',
    );
    expect(shortUrl('https://cdn.example.com/lib.js?v=2', page)).toBe('cdn.example.com/lib.js?v=2');
    expect(shortUrl('https://cdn.example.com/lib.js')).toBe('cdn.example.com/lib.js');
  });

  it('cuts the middle of a long one, keeping the file name', () => {
    const long = `https://cdn.example.com/${'deep/'.repeat(20)}bundle-1600.js`;
    const short = shortUrl(long, page);
    expect(short.length).toBe(48);
    expect(short.startsWith('cdn.example.com/')).toBe(true);
    expect(short.endsWith('/bundle-1600.js')).toBe(true);
    expect(short).toContain('…');
  });

  it('names a data URL by its type, and leaves what is no URL as it is', () => {
    expect(shortUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;…');
    expect(shortUrl('Unattributable')).toBe('Unattributable');
  });
});

describe('insight states', () => {
  it('fails below 0.9, informs without a score, and bands by the score', () => {
    expect(insightState({ score: 0 })).toBe('failed');
    expect(insightState({ score: 0.89 })).toBe('failed');
    expect(insightState({ score: 0.9 })).toBe('passed');
    expect(insightState({ score: null })).toBe('informative');
    expect(insightBand({ score: 0 })).toBe('fail');
    expect(insightBand({ score: 0.5 })).toBe('average');
    expect(insightBand({ score: 1 })).toBe('pass');
    expect(insightBand({ score: null })).toBe('neutral');
  });

  it('puts the failed first, then the informative, and folds the passed; by group and metric', () => {
    const all = [
      insight('passed', { metricSavings: { LCP: 0 } }),
      insight('info', { score: null }),
      insight('failed', { score: 0, metricSavings: { FCP: 250, LCP: 250 } }),
      insight('diag', { group: 'diagnostic', score: 0.5, metricSavings: { TBT: 40 } }),
    ];
    const ids = ({ shown, passed }: ReturnType<typeof partitionInsights>) => ({
      shown: shown.map((i) => i.id),
      passed: passed.map((i) => i.id),
    });
    expect(ids(partitionInsights(all, 'insight', 'all'))).toEqual({
      shown: ['failed', 'info'],
      passed: ['passed'],
    });
    expect(ids(partitionInsights(all, 'insight', 'LCP'))).toEqual({
      shown: ['failed'],
      passed: ['passed'],
    });
    expect(ids(partitionInsights(all, 'insight', 'TBT'))).toEqual({ shown: [], passed: [] });
    expect(ids(partitionInsights(all, 'diagnostic', 'TBT'))).toEqual({
      shown: ['diag'],
      passed: [],
    });
  });
});

describe('noInsightsText', () => {
  it('names the Lighthouse that measured, or says the result is older than insights', () => {
    expect(noInsightsText('12.8.2')).toBe(
      'Measured with Lighthouse 12.8.2: this result has no insights.',
    );
    expect(noInsightsText(null)).toBe('Measured before insights were recorded.');
    expect(noInsightsText(undefined)).toBe('Measured before insights were recorded.');
  });
});
