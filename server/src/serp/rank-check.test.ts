import { describe, expect, it } from 'vitest';
import type { SerpPage, SerpQuery } from '../providers/serp/port';
import { SerpProviderError } from '../providers/serp/port';
import { checkRank } from './rank-check';

function pages(domainsPerPage: string[][]) {
  const asked: number[] = [];
  const search = async (q: SerpQuery): Promise<SerpPage> => {
    asked.push(q.pageNum);
    const domains = domainsPerPage[q.pageNum - 1] ?? [];
    return {
      organic_results: domains.map((d, i) => ({
        position: (q.pageNum - 1) * 10 + i + 1,
        title: d,
        link: `https://${d}/${q.pageNum}-${i}`,
        domain: d,
        snippet: '',
      })),
    };
  };
  return { search, asked };
}

const full = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}${i}.example.com`);
const base = {
  query: 'dog food',
  device: 'desktop' as const,
  googleDomain: 'google.com',
  gl: 'us',
  hl: 'en',
};

describe('checkRank', () => {
  it('stops at the first page with a match', async () => {
    const { search, asked } = pages([
      full('a'),
      [...full('b').slice(0, 4), 'www.mysite.com', ...full('c').slice(5)],
      full('d'),
    ]);
    const rank = await checkRank(search, base, 'https://mysite.com/');
    expect(rank.position).toBe(15);
    expect(rank.result?.domain).toBe('www.mysite.com');
    expect(asked).toEqual([1, 2]);
  });

  it('says not ranking only after reading all ten pages', async () => {
    const { search, asked } = pages(Array.from({ length: 10 }, (_, p) => full(`p${p}-`)));
    const rank = await checkRank(search, base, 'mysite.com');
    expect(rank.position).toBeNull();
    expect(asked).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rank.results).toHaveLength(100);
  });

  it('stops early when the results run out', async () => {
    const { search, asked } = pages([full('a'), ['b.example.com']]);
    expect((await checkRank(search, base, 'mysite.com')).position).toBeNull();
    expect(asked).toEqual([1, 2]);
  });

  it('lets a provider failure through instead of reporting not ranking', async () => {
    let calls = 0;
    const failing = async (q: SerpQuery): Promise<SerpPage> => {
      calls++;
      if (q.pageNum === 3) throw new SerpProviderError('quota', 'quota used up');
      return pages([full('a'), full('b')]).search(q);
    };
    await expect(checkRank(failing, base, 'mysite.com')).rejects.toBeInstanceOf(SerpProviderError);
    expect(calls).toBe(3);
  });
});

describe('checkRank with the pages the caller holds', () => {
  const held = (domains: string[]) =>
    domains.map((d, i) => ({
      position: i + 1,
      title: d,
      link: `https://${d}/held-${i}`,
      domain: d,
      snippet: '',
    }));

  it('answers from the held pages without a search', async () => {
    const { search, asked } = pages([full('a')]);
    const results = held(['x.example.com', 'www.mysite.com']);
    const rank = await checkRank(search, base, 'mysite.com', { pages: 1, results });
    expect(rank).toMatchObject({ position: 2, pagesSearched: 1 });
    expect(asked).toEqual([]);
  });

  it('reads on from the page after them, ranks following theirs', async () => {
    const { search, asked } = pages([full('a'), [...full('b').slice(0, 2), 'mysite.com']]);
    // A featured answer made the held first page eleven results long.
    const results = held(['featured.example.com', ...full('a')]);
    const rank = await checkRank(search, base, 'https://mysite.com', { pages: 1, results });
    expect(asked).toEqual([2]);
    expect(rank).toMatchObject({ position: 14, pagesSearched: 2 });
    expect(rank.result?.domain).toBe('mysite.com');
  });
});
