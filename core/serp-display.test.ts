import { describe, expect, it } from 'vitest';
import { looksLikeUrl, meanOf, shortTitle, statusVariant } from './serp-display';

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
});
