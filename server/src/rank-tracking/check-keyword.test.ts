import { describe, expect, it } from 'vitest';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { buildManifest, sandboxDay } from '@sandbox';
import { SandboxIndexProvider } from '../providers/serp/sandbox-index';
import { checkKeyword, type CheckedKeyword } from './check-keyword';

const manifest = buildManifest({ port: 8080 });
const sandbox = new SandboxIndexProvider(
  () => manifest,
  () => sandboxDay(new Date()),
);
const keyword = (words: string): CheckedKeyword => ({
  keyword: words,
  domain: 'nowhere.example',
  device: 'desktop',
  country: 'us',
  language: 'en',
  location: null,
  depth: 100,
  competitors: [],
});
const check = (words: string) =>
  checkKeyword([sandbox], keyword(words), { pace: async () => {}, now: () => new Date() });

describe('a check on the sandbox web', () => {
  it('says the sandbox has no page about a keyword it does not cover, naming what it covers', async () => {
    const result = await check('quantum chromodynamics lattice');
    expect(result).toMatchObject({ state: 'partial', depthReached: 0, position: null });
    expect(result.note).toMatch(/^The sandbox web has no page about this keyword; it covers .+\.$/);
    expect(result.note).toBe(
      RANK_TRACKING_MESSAGES.notCovered(
        (
          await sandbox.search({
            query: 'quantum chromodynamics lattice',
            device: 'desktop',
            pageNum: 1,
            googleDomain: 'google.com',
            gl: 'us',
            hl: 'en',
          })
        ).coverage_notice!.topics.map((topic) => topic.label),
      ),
    );
  });

  it('adds no note when the sandbox covers the keyword', async () => {
    const result = await check('dog food');
    expect(result.note).toBeUndefined();
    expect(result.depthReached).toBeGreaterThan(0);
  });

  it("keeps the first page's SERP features and top ten, and knows none when it failed", async () => {
    const result = await check('dog food');
    const first = await sandbox.search({
      query: 'dog food',
      device: 'desktop',
      pageNum: 1,
      googleDomain: 'google.com',
      gl: 'us',
      hl: 'en',
    });
    expect(result.features).toEqual(first.features);
    expect(result.features?.map((f) => f.kind)).toContain('featured_snippet');
    expect(result.top).toEqual(
      first.organic_results.map((r) => ({ position: r.position, domain: r.domain, url: r.link })),
    );
    const failing = {
      source: 'serpapi' as const,
      search: () => Promise.reject(new Error('down')),
    };
    const failed = await checkKeyword([failing], keyword('dog food'), {
      pace: async () => {},
      now: () => new Date(),
    });
    expect(failed).toMatchObject({ state: 'failed', features: null, top: null });
  });
});
