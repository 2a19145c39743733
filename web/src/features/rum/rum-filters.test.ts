import { describe, expect, it } from 'vitest';
import { filtersFromParams, isFiltered, paramsWith, summaryQuery } from './rum-filters';

describe('RUM dashboard filters', () => {
  it('reads the window and filters from the address, leaving out what the API would refuse', () => {
    expect(filtersFromParams(new URLSearchParams('site=s1'))).toEqual({ days: 28 });
    expect(
      filtersFromParams(
        new URLSearchParams('days=7&device=desktop&connection=4g&pageGroup=%2Fcart'),
      ),
    ).toEqual({ days: 7, device: 'desktop', connection: '4g', pageGroup: '/cart' });
    expect(
      filtersFromParams(new URLSearchParams('days=5&device=tablet&connection=5g&pageGroup=')),
    ).toEqual({ days: 28 });
  });

  it('changes one filter and keeps the site and the others; clearing a filter removes it', () => {
    const params = new URLSearchParams('site=s1&device=mobile');
    const narrowed = paramsWith(params, { pageGroup: '/products/:id', days: 90 });
    expect(narrowed.toString()).toBe('site=s1&device=mobile&pageGroup=%2Fproducts%2F%3Aid&days=90');
    const widened = paramsWith(narrowed, { device: undefined, days: 28 });
    expect(widened.toString()).toBe('site=s1&pageGroup=%2Fproducts%2F%3Aid');
    // The address it started from is left as it was.
    expect(params.toString()).toBe('site=s1&device=mobile');
  });

  it('asks the summary for exactly the filters set, in one order, so equal filters share a query', () => {
    expect(summaryQuery({ days: 28 })).toBe('days=28');
    expect(summaryQuery({ pageGroup: '/a b', device: 'mobile', days: 7 })).toBe(
      'days=7&device=mobile&pageGroup=%2Fa+b',
    );
    expect(summaryQuery({ days: 7, pageGroup: undefined })).toBe('days=7');
  });

  it('tells a narrowed window from the whole one', () => {
    expect(isFiltered({ days: 90 })).toBe(false);
    expect(isFiltered({ days: 7, connection: '3g' })).toBe(true);
  });
});
