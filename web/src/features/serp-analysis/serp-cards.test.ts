import { describe, expect, it } from 'vitest';
import type { SerpSearchResponse } from './serp-api';
import { pagesExhausted, rankPages } from './serp-cards';

const page = (
  id: string,
  first: number,
  links: string[],
  featured = false,
): SerpSearchResponse => ({
  source: 'sandbox',
  fetchedAt: '2026-11-27T08:00:00.000Z',
  cached: false,
  ...(featured ? { answer_box: { answers: [] } } : {}),
  organic_results: links.map((link, i) => ({
    position: first + i,
    title: link,
    link,
    domain: new URL(link).hostname,
    snippet: '',
  })),
  speedTestId: id,
});
const links = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `https://${prefix}${i}.test/`);

describe('rankPages', () => {
  it('shifts later pages below a featured answer and skips links already shown', () => {
    const first = page('p1', 1, ['https://a.test/', ...links('a', 10)], true);
    const second = page('p2', 11, ['https://a0.test/', ...links('b', 9)]);
    const ranked = rankPages([first, second]);
    expect(ranked).toHaveLength(20);
    expect(ranked[11]).toMatchObject({
      key: '13',
      page: 2,
      testId: 'p2',
      result: { link: 'https://b0.test/', position: 13 },
    });
    expect(new Set(ranked.map((r) => r.key)).size).toBe(20);
  });
});

describe('pagesExhausted', () => {
  it('counts a page short of ten organic results, not the featured answer, as the end', () => {
    expect(pagesExhausted([])).toBe(false);
    expect(pagesExhausted([page('p1', 1, links('a', 10))])).toBe(false);
    expect(pagesExhausted([page('p1', 1, ['https://f.test/', ...links('a', 10)], true)])).toBe(
      false,
    );
    expect(pagesExhausted([page('p1', 1, links('a', 10), true)])).toBe(true);
    const ten = Array.from({ length: 10 }, (_, i) =>
      page(`p${i}`, i * 10 + 1, links(`x${i}-`, 10)),
    );
    expect(pagesExhausted(ten)).toBe(true);
  });
});
