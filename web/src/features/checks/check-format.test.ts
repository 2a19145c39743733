import { describe, expect, it } from 'vitest';
import type { CheckPage } from '@core/schemas/checks';
import {
  byText,
  checkHref,
  MEDIAN_METRICS,
  pageVerdict,
  pValueText,
  refText,
  urlsText,
} from './check-format';

const page = (over: Partial<CheckPage>): CheckPage => ({
  url: 'https://shop.example/',
  finalUrl: 'https://shop.example/',
  status: 'done',
  samples: { requested: 1, done: 1, failed: 0 },
  testId: 't',
  runIds: ['r'],
  source: 'local-lighthouse',
  median: null,
  resources: null,
  field: null,
  budget: [],
  change: null,
  changeNote: null,
  error: null,
  ...over,
});

describe('check figures', () => {
  it('writes the ref as the command line’s reports do', () => {
    expect(
      refText({ repository: 'acme/shop', commit: '1a2b3c4d5e', pullRequest: 12, branch: 'main' }),
    ).toBe('acme/shop @ 1a2b3c4 · PR #12 · branch main');
    expect(refText({ repository: 'acme/shop', commit: 'abcdef0' })).toBe('acme/shop @ abcdef0');
  });

  it('names who ran it, a dash once their account is gone, and the token', () => {
    expect(byText({ name: 'Casey', token: null })).toBe('Casey');
    expect(byText({ name: null, token: 'CI' })).toBe('- with the token “CI”');
  });

  it('shows the first URL and how many more', () => {
    expect(urlsText(['https://a.example/'])).toEqual({ first: 'https://a.example/', more: null });
    expect(urlsText(['https://a.example/', 'https://b.example/', 'https://c.example/'])).toEqual({
      first: 'https://a.example/',
      more: 'and 2 more URLs',
    });
  });

  it('judges a page as the server judges a check; running is no verdict', () => {
    const row = { label: 'LCP', unit: 'ms', keep: 'atMost', budget: 3000 } as const;
    expect(pageVerdict(page({ status: 'running' }))).toBe('running');
    expect(pageVerdict(page({ status: 'failed', error: 'gone' }))).toBe('error');
    expect(pageVerdict(page({ budget: [{ ...row, limit: 'lcp', value: 1800, pass: true }] }))).toBe(
      'pass',
    );
    expect(
      pageVerdict(page({ budget: [{ ...row, limit: 'lcp', value: 4800, pass: false }] })),
    ).toBe('fail');
    // An unknown value breaks nothing.
    expect(pageVerdict(page({ budget: [{ ...row, limit: 'inp', value: null, pass: null }] }))).toBe(
      'pass',
    );
  });

  it('labels the medians and writes an unknown p-value as a dash', () => {
    expect(MEDIAN_METRICS.map((m) => m.label)).toEqual([
      'Score',
      'FCP',
      'LCP',
      'SI',
      'TBT',
      'CLS',
      'TTI',
    ]);
    expect(pValueText(null)).toBe('-');
    expect(pValueText(0.0001)).toBe('< 0.001');
    expect(pValueText(0.0421)).toBe('0.042');
    expect(checkHref('a b')).toBe('/checks?id=a%20b');
  });
});
