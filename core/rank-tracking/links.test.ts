import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes';
import { prefillFromParams, rankKeywordHref, trackKeywordHref } from './links';

describe('track links', () => {
  it('carry what another tool knows of a search, and read back as the same prefill', () => {
    const href = trackKeywordHref({
      keyword: 'cafe & bar',
      domain: 'example.com',
      device: 'mobile',
      country: 'de',
      language: undefined,
    });
    expect(href).toBe(
      `${ROUTES.rankTracking}?keyword=cafe+%26+bar&domain=example.com&device=mobile&country=de`,
    );
    expect(prefillFromParams(new URL(href, 'http://x').searchParams)).toEqual({
      keyword: 'cafe & bar',
      domain: 'example.com',
      device: 'mobile',
      country: 'de',
      language: undefined,
    });
  });

  it('prefill nothing without a keyword, and leave out a device the form has not', () => {
    expect(prefillFromParams(new URLSearchParams('domain=example.com'))).toBeNull();
    expect(
      prefillFromParams(new URLSearchParams('keyword=x&device=tablet'))?.device,
    ).toBeUndefined();
  });

  it("open one keyword's history by its id", () => {
    expect(rankKeywordHref('abc')).toBe(`${ROUTES.rankTracking}?id=abc`);
  });
});
