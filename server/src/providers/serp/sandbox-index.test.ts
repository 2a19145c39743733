import { describe, expect, it } from 'vitest';
import { buildManifest, isPublished, sandboxDay, type SandboxPage } from '@sandbox';
import type { OrganicResult } from './port';
import { SandboxIndexProvider } from './sandbox-index';
import { termsOf } from './search-terms';

const manifest = buildManifest({ port: 8080 });
/** The day the clock says when the run starts: the scheduled pages answer as on that day. */
const today = sandboxDay(new Date());
const index = new SandboxIndexProvider(
  () => manifest,
  () => today,
);
const search = (query: string, pageNum = 1) =>
  index.search({
    query,
    device: 'desktop',
    pageNum,
    googleDomain: 'google.com',
    gl: 'us',
    hl: 'en',
  });

/** Every result of a query, page after page, until a page comes short. */
async function allResults(query: string): Promise<OrganicResult[]> {
  const results: OrganicResult[] = [];
  for (let pageNum = 1; pageNum <= 10; pageNum++) {
    const { organic_results } = await search(query, pageNum);
    results.push(...organic_results);
    if (organic_results.length < 10) break;
  }
  return results;
}

/** The head term of each main cluster of the sandbox web. */
const MAIN_QUERIES = [
  'ice cream',
  'dog food',
  'core web vitals',
  'truck parts',
  'cities in florida',
  'stock tickers',
];

/** Topics written about one subject in several languages: their sites answer each other's queries. */
const SUBJECTS = [
  ['ice-cream', 'es-helados'],
  ['dog-food', 'de-hundefutter'],
  ['web-performance', 'fr-performance-web'],
  ['florida-travel', 'es-viajes-florida', 'pt-viagem-florida'],
];
const subjectOf = (topic: string) => SUBJECTS.find((topics) => topics.includes(topic)) ?? [topic];

const pageOf = new Map(manifest.pages.map((page) => [page.url, page]));
const siteOf = new Map(manifest.sites.map((site) => [site.id, site]));
const topicOfResult = (result: OrganicResult) => siteOf.get(pageOf.get(result.link)!.site)!.topic;

/**
 * Ground truth, read from the manifest rather than the index: whether the page says the
 * query, its words in a row, in one of `fields` (its site's name left out).
 */
function saysQuery(
  page: SandboxPage,
  query: string,
  fields: readonly ('title' | 'h1' | 'description' | 'summary')[],
): boolean {
  const name = siteOf.get(page.site)!.name.toLowerCase();
  const phrase = ` ${termsOf(query).join(' ')} `;
  return fields.some((field) =>
    ` ${termsOf((page[field] ?? '').toLowerCase().replaceAll(name, ' · ')).join(' ')} `.includes(
      phrase,
    ),
  );
}

/** A page whose title, h1 or description says the query is about it. */
const namesQuery = (page: SandboxPage, query: string) =>
  saysQuery(page, query, ['title', 'h1', 'description']);

/**
 * A result is relevant to a topic's query when its site writes about the topic, or when the
 * page itself says the query in so many words (a baking site's ice cream sandwiches).
 */
const isRelevant = (result: OrganicResult, query: string, topics: readonly string[]) =>
  topics.includes(topicOfResult(result)) ||
  saysQuery(pageOf.get(result.link)!, query, ['title', 'h1', 'description', 'summary']);

const hostCounts = (results: readonly OrganicResult[]) => {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.domain, (counts.get(r.domain) ?? 0) + 1);
  return counts;
};

describe('sandbox index results spread over sites, as Google’s do', () => {
  it('shows at least seven sites in the top ten of each main cluster', async () => {
    for (const query of MAIN_QUERIES) {
      const { organic_results } = await search(query, 1);
      expect(organic_results, query).toHaveLength(10);
      expect(new Set(organic_results.map((r) => r.domain)).size, query).toBeGreaterThanOrEqual(7);
    }
  });

  it('shows at most two results of one host on a page, the second right under the first and marked so', async () => {
    for (const query of MAIN_QUERIES) {
      const links: string[] = [];
      for (let pageNum = 1; pageNum <= 10; pageNum++) {
        const { organic_results } = await search(query, pageNum);
        expect(
          Math.max(...hostCounts(organic_results).values()),
          `${query}, page ${pageNum}`,
        ).toBeLessThanOrEqual(2);
        organic_results.forEach((r, i) => {
          const previous = organic_results[i - 1];
          // A host's results on a page stand together: it never comes back further down.
          const earlier = organic_results.slice(0, Math.max(0, i - 1));
          expect(earlier.map((e) => e.domain)).not.toContain(r.domain);
          expect(r.grouped_with_previous ?? false, `${query}, ${r.link}`).toBe(
            previous?.domain === r.domain,
          );
        });
        expect(organic_results.map((r) => r.position)).toEqual(
          organic_results.map((_, i) => links.length + i + 1),
        );
        links.push(...organic_results.map((r) => r.link));
        if (organic_results.length < 10) break;
      }
      expect(new Set(links).size, query).toBe(links.length);
      expect(links.length, query).toBeGreaterThanOrEqual(50);
    }
  });

  it('ends the results with a short page and shows nothing after it', async () => {
    const results = await allResults('dog food for allergies');
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThan(10);
    expect((await search('dog food for allergies', 2)).organic_results).toEqual([]);
    expect((await search('dog food', 11)).organic_results).toEqual([]);
  });
});

describe('sandbox index ground truth: every topic’s queries', () => {
  const queries = manifest.topics.flatMap((topic) =>
    topic.phrases.map((query) => ({ query, topics: subjectOf(topic.id) })),
  );

  it('covers the topics: most of their queries find pages', async () => {
    const found = await Promise.all(
      queries.map(async ({ query }) => (await search(query)).organic_results.length > 0),
    );
    expect(found.filter(Boolean).length / queries.length).toBeGreaterThan(0.8);
    for (const topic of manifest.topics) {
      expect((await search(topic.phrases[0]!)).organic_results.length, topic.id).toBeGreaterThan(0);
    }
  });

  it.each(queries)(
    '“$query”: relevant results only, at most two per host, seven sites in the top ten where seven answer',
    async ({ query, topics }) => {
      const results = await allResults(query);
      for (const result of results) {
        expect(isRelevant(result, query, topics), `${query}: ${result.link}`).toBe(true);
      }
      const top = results.slice(0, 10);
      if (top.length > 0)
        expect(Math.max(...hostCounts(top).values()), query).toBeLessThanOrEqual(2);
      const sites = new Set(results.map((r) => r.domain));
      expect(new Set(top.map((r) => r.domain)).size, query).toBeGreaterThanOrEqual(
        Math.min(7, sites.size),
      );
      // Every site with a page whose title or description names the query is found.
      const naming = manifest.pages.filter(
        (page) =>
          page.searchable &&
          page.status === 200 &&
          (!page.schedule || isPublished(page.schedule, today)) &&
          topics.includes(siteOf.get(page.site)!.topic) &&
          namesQuery(page, query),
      );
      for (const page of naming) {
        expect(sites, `${query}: ${page.url}`).toContain(new URL(page.url).hostname);
      }
    },
  );

  it('shows fewer results rather than a third page of one site when few sites answer', async () => {
    const results = await allResults('sourdough bread');
    expect(results.length).toBeGreaterThan(0);
    expect(Math.max(...hostCounts(results).values())).toBeLessThanOrEqual(2);
    expect(results.length).toBe(2 * hostCounts(results).size);
  });
});

describe('queries the sandbox web used to answer with unrelated sites', () => {
  const examples: { query: string; topics: string[] }[] = [
    { query: 'cat food', topics: [] },
    { query: 'running shoes', topics: ['outdoors'] },
    { query: 'sourdough bread', topics: ['baking'] },
    { query: 'hiking boots', topics: ['outdoors'] },
    { query: 'best dog food', topics: ['dog-food', 'de-hundefutter'] },
  ];

  it.each(examples)(
    '“$query” gives relevant results only, or the not-covered notice',
    async ({ query, topics }) => {
      const page = await search(query);
      if (page.organic_results.length === 0) {
        expect(page.coverage_notice?.topics.length).toBeGreaterThan(0);
        return;
      }
      expect(page.coverage_notice).toBeUndefined();
      for (const result of await allResults(query)) {
        expect(isRelevant(result, query, topics), `${query}: ${result.link}`).toBe(true);
      }
    },
  );

  it('finds the cat food pages of the pet shop, not its other pages nor cat-back exhausts', async () => {
    const results = await allResults('cat food');
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r.title.toLowerCase()).toContain('cat food');
  });

  it('shows seven sites in the top ten of “best dog food”', async () => {
    const { organic_results } = await search('best dog food');
    expect(organic_results).toHaveLength(10);
    expect(new Set(organic_results.map((r) => r.domain)).size).toBeGreaterThanOrEqual(7);
  });

  it('does not match the words every site’s template writes', async () => {
    const results = await allResults('opening hours');
    expect(results.filter((r) => new URL(r.link).pathname === '/contact')).toEqual([]);
  });
});

describe('the not-covered notice', () => {
  it('names every topic once, with a search that finds its pages', async () => {
    const page = await search('quantum computing');
    expect(page.organic_results).toEqual([]);
    const topics = page.coverage_notice!.topics;
    expect(topics.map((t) => t.label)).toEqual(manifest.topics.map((t) => t.label));
    expect(new Set(topics.map((t) => t.searchTerm.toLowerCase())).size).toBe(topics.length);
    for (const { label, searchTerm } of topics) {
      const found = await search(searchTerm);
      expect(found.coverage_notice, label).toBeUndefined();
      expect(found.organic_results.length, label).toBeGreaterThan(0);
    }
  });

  it('is absent from a covered query', async () => {
    expect((await search('ice cream')).coverage_notice).toBeUndefined();
  });
});
