import { describe, expect, it } from 'vitest';
import { buildManifest } from '@sandbox';
import { SandboxIndexProvider } from './sandbox-index';

const index = new SandboxIndexProvider(() => buildManifest({ port: 8080 }));
const search = (query: string, pageNum: number) =>
  index.search({
    query,
    device: 'desktop',
    pageNum,
    googleDomain: 'google.com',
    gl: 'us',
    hl: 'en',
  });

/** The head term of each main cluster of the sandbox web. */
const MAIN_QUERIES = [
  'ice cream',
  'dog food',
  'core web vitals',
  'truck parts',
  'cities in florida',
  'stock tickers',
];

describe('sandbox index results spread over sites, as Google’s do', () => {
  it('shows at least seven sites in the top ten of each main cluster', async () => {
    for (const query of MAIN_QUERIES) {
      const { organic_results } = await search(query, 1);
      expect(organic_results, query).toHaveLength(10);
      expect(new Set(organic_results.map((r) => r.domain)).size, query).toBeGreaterThanOrEqual(7);
    }
  });

  it('shows at most two results of one host on every page, a hundred distinct results in all', async () => {
    for (const query of MAIN_QUERIES) {
      const links: string[] = [];
      for (let pageNum = 1; pageNum <= 10; pageNum++) {
        const { organic_results } = await search(query, pageNum);
        const perHost = new Map<string, number>();
        for (const r of organic_results) perHost.set(r.domain, (perHost.get(r.domain) ?? 0) + 1);
        expect(Math.max(...perHost.values()), `${query}, page ${pageNum}`).toBeLessThanOrEqual(2);
        expect(organic_results.map((r) => r.position)).toEqual(
          organic_results.map((_, i) => links.length + i + 1),
        );
        links.push(...organic_results.map((r) => r.link));
      }
      expect(links, query).toHaveLength(100);
      expect(new Set(links).size, query).toBe(100);
      expect((await search(query, 11)).organic_results, query).toEqual([]);
    }
  });
});
