import { describe, expect, it } from 'vitest';
import { buildManifest } from '@sandbox';
import { SandboxIndexProvider } from './sandbox-index';
import { MIN_SHARED_RESULTS, SandboxRelated } from './sandbox-related';

const manifest = buildManifest({ port: 8080 });
const index = new SandboxIndexProvider(() => manifest);
const search = (query: string, hl = 'en', pageNum = 1) =>
  index.search({ query, device: 'desktop', pageNum, googleDomain: 'google.com', gl: 'us', hl });
const topicOf = (phrase: string) => manifest.topics.find((t) => t.phrases.includes(phrase));
const top10 = async (query: string, hl = 'en') =>
  new Set((await search(query, hl)).organic_results.map((r) => r.link));

describe("the sandbox's related searches and questions, from its own corpus", () => {
  it.each([
    ['dog food', 'en'],
    ['ice cream', 'en'],
    ['homemade ice cream', 'en'],
    ['aftermarket truck parts', 'en'],
    ['sabores de helado', 'es'],
  ])('relates to "%s" only searches of the web whose results it shares', async (seed, hl) => {
    const page = await search(seed, hl);
    const seedTop = new Set(page.organic_results.map((r) => r.link));
    expect(page.related_searches?.length ?? 0).toBeGreaterThan(0);
    for (const related of page.related_searches ?? []) {
      // A search of the sandbox web itself, not the seed again, sharing results with it.
      const topic = topicOf(related);
      expect(topic, related).toBeDefined();
      expect(related.toLowerCase()).not.toBe(seed);
      const shared = [...(await top10(related, topic!.lang))].filter((url) => seedTop.has(url));
      expect(shared.length, related).toBeGreaterThanOrEqual(MIN_SHARED_RESULTS);
    }
  });

  it('asks the questions its top pages ask in their headings, not section labels', async () => {
    const page = await search('dog food');
    const headings = new Set(
      manifest.pages
        .filter((p) => page.organic_results.some((r) => r.link === p.url))
        .flatMap((p) => p.h2),
    );
    expect(page.related_questions?.length ?? 0).toBeGreaterThan(0);
    for (const question of page.related_questions ?? []) {
      expect(headings.has(question), question).toBe(true);
      expect(question.endsWith('?')).toBe(true);
      expect(question.split(' ').length).toBeGreaterThanOrEqual(4);
    }
  });

  it('shows them on the first page of results only, as Google does', async () => {
    const second = await search('dog food', 'en', 2);
    expect(second.related_searches).toBeUndefined();
    expect(second.related_questions).toBeUndefined();
  });
});

describe('warming', () => {
  it('ranks every topic phrase once when warmed, so that a search ranks none of them again', () => {
    const ranked: string[] = [];
    const related = new SandboxRelated(
      manifest.topics,
      () => 20_000,
      (query) => {
        ranked.push(query);
        return { pages: [], moves: false };
      },
    );
    related.warm();
    const phrases = manifest.topics.flatMap((topic) => topic.phrases);
    expect(new Set(ranked)).toEqual(new Set(phrases));
    ranked.length = 0;
    related.searches('dog food', []);
    expect(ranked).toEqual([]);
  });

  it('ranks again, once a day, only the phrases whose rankings move', () => {
    let day = 20_000;
    const ranked: string[] = [];
    const related = new SandboxRelated(
      manifest.topics,
      () => day,
      (query) => {
        ranked.push(query);
        return { pages: [], moves: query === 'pickleball paddles' };
      },
    );
    related.warm();
    ranked.length = 0;
    related.searches('dog food', []);
    expect(ranked).toEqual([]);
    day += 1;
    related.searches('dog food', []);
    related.searches('dog food', []);
    expect(ranked).toEqual(['pickleball paddles']);
  });
});
