import { describe, expect, it } from 'vitest';
import { findRankIndex, siteKey } from './rank-match';

describe('rank matching', () => {
  it('reduces an entered URL to its bare host', () => {
    expect(siteKey('https://www.Example.com/shoes?x=1')).toBe('example.com');
    expect(siteKey('http://example.com/')).toBe('example.com');
    expect(siteKey('http://scoops.sandbox.localhost:8080/flavors')).toBe(
      'scoops.sandbox.localhost',
    );
    expect(siteKey('user@www.example.com:443')).toBe('example.com');
    expect(siteKey('www.example.com')).toBe('example.com');
    expect(siteKey('example.com/path/')).toBe('example.com');
    expect(siteKey('  ')).toBe('');
  });

  it('matches the first result whose domain equals it without www', () => {
    const domains = ['other.org', 'www.example.com', 'example.com', 'shop.example.com'];
    expect(findRankIndex('https://example.com', domains)).toBe(1);
    expect(findRankIndex('shop.example.com', domains)).toBe(3);
    expect(findRankIndex('missing.net', domains)).toBe(-1);
    expect(findRankIndex('', domains)).toBe(-1);
  });
});
