import { describe, expect, it } from 'vitest';
import { countryLocationCode } from './location';

describe('DataForSEO country location codes', () => {
  it.each([
    ['us', 2840],
    ['gb', 2826],
    ['GB', 2826],
    ['de', 2276],
    ['kr', 2410],
  ])('maps %s to %i', (code, location) => {
    expect(countryLocationCode(code)).toBe(location);
  });

  it('has none for a code that is no country', () => {
    expect(countryLocationCode('zz')).toBeUndefined();
    expect(countryLocationCode('constructor')).toBeUndefined();
  });
});
