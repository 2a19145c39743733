import { describe, expect, it } from 'vitest';
import type { FieldResult } from './speed';
import {
  averageClass,
  fieldAverages,
  fieldNumber,
  formatAverage,
  looksLikeUrl,
  meanOf,
  shortTitle,
  statusVariant,
} from './serp-display';

describe('SERP display rules', () => {
  it('cuts titles to 50 characters plus an ellipsis', () => {
    expect(shortTitle('a'.repeat(50))).toBe('a'.repeat(50));
    expect(shortTitle('b'.repeat(51))).toBe(`${'b'.repeat(50)}...`);
  });

  it('colours status codes green for 2xx, blue for 3xx and red otherwise', () => {
    expect(statusVariant(200)).toBe('success');
    expect(statusVariant(301)).toBe('primary');
    expect(statusVariant(302)).toBe('primary');
    expect(statusVariant(404)).toBe('danger');
    expect(statusVariant(500)).toBe('danger');
  });

  it('reads http, www, .com and .net starts as URLs, never a site: search', () => {
    expect(looksLikeUrl('https://example.com')).toBe(true);
    expect(looksLikeUrl('www.example.com')).toBe(true);
    expect(looksLikeUrl('.net domains')).toBe(true);
    expect(looksLikeUrl('site:example.com')).toBe(false);
    expect(looksLikeUrl('ice cream flavors')).toBe(false);
  });

  it('averages the values present and says null for none', () => {
    expect(meanOf([10, null, 20, undefined])).toBe(15);
    expect(meanOf([null])).toBeNull();
  });

  it('colours averages by the fixed bands, INP by the web-vitals ones', () => {
    expect(averageClass('psi', 49)).toBe('fail');
    expect(averageClass('psi', 89.5)).toBe('pass');
    expect([2.5, 2.6, 4].map((v) => averageClass('lcp', v))).toEqual(['pass', 'average', 'fail']);
    expect([99, 100, 300].map((v) => averageClass('fid', v))).toEqual(['pass', 'average', 'fail']);
    expect([200, 201, 501].map((v) => averageClass('inp', v))).toEqual(['pass', 'average', 'fail']);
    expect([0.099, 0.1, 0.25].map((v) => averageClass('cls', v))).toEqual([
      'pass',
      'average',
      'fail',
    ]);
  });

  it('formats averages to one decimal, CLS to three', () => {
    expect(formatAverage('lcp', 2.345)).toBe('2.3 s');
    expect(formatAverage('fid', 12.34)).toBe('12.3 ms');
    expect(formatAverage('cls', 0.1234)).toBe('0.123');
  });

  it('averages field metrics over the pages whose source answered with data', () => {
    const metric = (displayValue: string) => ({ label: '', displayValue, speedColor: null });
    const answered = (lcp: string, cls: string): FieldResult => ({
      source: 'crux',
      error: null,
      origin: null,
      page: { metrics: { lcp: metric(lcp), cls: metric(cls) }, coreWebVitals: null },
    });
    const fields: FieldResult[] = [
      answered('2.0 s', '0.10'),
      answered('1,000.0 s', '0.20'),
      { source: 'none', error: null, origin: null, page: null },
      { ...answered('9.0 s', '0.90'), error: 'timeout' },
      { source: 'crux', error: null, origin: null, page: null },
    ];
    expect(fieldAverages(fields)).toEqual({ lcp: 501, cls: expect.closeTo(0.15) });
    expect(fieldNumber(metric('n/a'))).toBeNull();
    expect(fieldAverages([])).toEqual({});
  });
});
