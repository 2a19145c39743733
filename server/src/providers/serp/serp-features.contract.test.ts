import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SerpFeature } from '@core/schemas/serp-features';
import { startRecordedServer, type RecordedReply } from '../../../test/recorded-server';
import { DataForSeoProvider } from './dataforseo';
import type { SerpProvider, SerpQuery } from './port';
import { SerpApiProvider } from './serpapi';
import { SerperProvider } from './serper';
import { ValueSerpProvider } from './valueserp';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const query: SerpQuery = {
  query: 'running shoes',
  device: 'desktop',
  pageNum: 1,
  googleDomain: 'google.co.uk',
  gl: 'gb',
  hl: 'en',
};
const organic = { title: 'Running Shoes', link: 'https://www.example.com/running-shoes' };
/** A DataForSEO answer holding these items. */
const dataForSeo = (items: unknown[]) => ({
  status_code: 20000,
  status_message: 'Ok.',
  tasks: [{ status_code: 20000, status_message: 'Ok.', result: [{ items }] }],
});

interface FeatureCase {
  name: string;
  make(baseUrl: string): SerpProvider;
  fixture: string;
  /** The features of the recorded page, in the kinds' order, hosts without `www.`. */
  features: SerpFeature[];
  /** A page with no feature block. */
  plain: unknown;
  /** A page whose feature blocks all have unexpected shapes, and the features read from it. */
  odd: { json: unknown; features: SerpFeature[] };
}

const cases: FeatureCase[] = [
  {
    name: 'SerpApi',
    make: (base) => new SerpApiProvider('k', base),
    fixture: 'serpapi-page.json',
    features: [
      { kind: 'featured_snippet', owners: ['example.com'] },
      { kind: 'people_also_ask', owners: ['example.com'] },
      // The third place has no website.
      { kind: 'local_pack', owners: ['example.com', 'stride.example.net'] },
      // The pages the images come from, not Google's image search.
      { kind: 'images', owners: ['reviews.example.org', 'example.com'] },
      // The second video has no link.
      { kind: 'videos', owners: ['video.example.org'] },
      { kind: 'top_stories', owners: ['news.example.org', 'example.com'] },
      // The immersive product names its shop without a link.
      { kind: 'shopping', owners: ['shop.example.net'] },
      { kind: 'sitelinks', owners: ['example.com'] },
      { kind: 'ai_overview', owners: ['reviews.example.org', 'example.com'] },
    ],
    plain: { organic_results: [organic] },
    odd: {
      json: {
        organic_results: [{ ...organic, sitelinks: 'yes' }],
        answer_box: [{ type: 'organic_result', link: 'https://www.example.com/' }],
        related_questions: 'none',
        local_results: 3,
        inline_images: { images: [] },
        inline_videos: [{ link: 7 }],
        top_stories: { 'Top stories': [{ link: 'https://news.example.org/a' }] },
        shopping_results: [null],
        // Google loads the overview later: a token for another search, no references.
        ai_overview: { page_token: 'eyJhIjoiYiJ9' },
      },
      features: [
        { kind: 'videos', owners: [] },
        { kind: 'shopping', owners: [] },
        { kind: 'ai_overview', owners: [] },
      ],
    },
  },
  {
    name: 'VALUE SERP',
    make: (base) => new ValueSerpProvider('k', base),
    fixture: 'valueserp-page.json',
    features: [
      { kind: 'featured_snippet', owners: ['example.com'] },
      { kind: 'people_also_ask', owners: ['example.com'] },
      { kind: 'local_pack', owners: ['example.com', 'stride.example.net'] },
      { kind: 'images', owners: ['reviews.example.org'] },
      { kind: 'videos', owners: ['video.example.org'] },
      { kind: 'top_stories', owners: ['news.example.org'] },
      { kind: 'shopping', owners: ['shop.example.net'] },
      { kind: 'sitelinks', owners: ['example.com'] },
    ],
    plain: { request_info: { success: true }, organic_results: [organic] },
    odd: {
      json: {
        request_info: { success: true },
        organic_results: [{ ...organic, sitelinks: 'yes' }],
        answer_box: { answers: 'none' },
        related_questions: [{ question: 'Which shoe?', source: 'Example' }],
        local_results: { places: [] },
        inline_videos: [{ link: ['https://video.example.org/'] }],
        top_stories: 'none',
      },
      features: [
        { kind: 'people_also_ask', owners: [] },
        { kind: 'videos', owners: [] },
      ],
    },
  },
  {
    name: 'Serper',
    make: (base) => new SerperProvider('k', base),
    fixture: 'serper-page.json',
    features: [
      { kind: 'featured_snippet', owners: ['example.com'] },
      { kind: 'people_also_ask', owners: ['example.com'] },
      { kind: 'local_pack', owners: ['example.com'] },
      { kind: 'images', owners: ['reviews.example.org'] },
      { kind: 'videos', owners: ['video.example.org'] },
      { kind: 'top_stories', owners: ['news.example.org'] },
      { kind: 'sitelinks', owners: ['example.com'] },
    ],
    plain: { organic: [organic] },
    odd: {
      json: {
        organic: [{ ...organic, sitelinks: { inline: [] } }],
        answerBox: 'none',
        peopleAlsoAsk: [{ question: 'Which shoe?', link: null }],
        places: [{ website: 5 }],
        images: 'none',
        topStories: { stories: [] },
      },
      features: [
        { kind: 'people_also_ask', owners: [] },
        { kind: 'local_pack', owners: [] },
      ],
    },
  },
  {
    name: 'DataForSEO',
    make: (base) => new DataForSeoProvider('l', 'p', base),
    fixture: 'dataforseo-page.json',
    features: [
      { kind: 'featured_snippet', owners: ['example.com'] },
      // An empty block beside the one with questions.
      { kind: 'people_also_ask', owners: ['example.com'] },
      // The second place has neither URL nor domain.
      { kind: 'local_pack', owners: ['example.com'] },
      // The images' pages, not the block's link to Google's image search.
      { kind: 'images', owners: ['reviews.example.org'] },
      // The second video has no URL; a video block on page 2 is not the first page's.
      { kind: 'videos', owners: ['video.example.org'] },
      { kind: 'top_stories', owners: ['news.example.org'] },
      { kind: 'shopping', owners: ['shop.example.net'] },
      // site11's sitelinks are on page 2.
      { kind: 'sitelinks', owners: ['site1.example.com'] },
      { kind: 'ai_overview', owners: ['reviews.example.org', 'example.com'] },
    ],
    plain: dataForSeo([{ type: 'organic', page: 1, title: organic.title, url: organic.link }]),
    odd: {
      json: dataForSeo([
        { type: 'organic', page: 1, url: organic.link, links: 'yes' },
        { type: 'video', page: 1, items: 7 },
        { type: 'top_stories', page: 'one', items: [{ url: 5, domain: 'news.example.org' }, 9] },
        { type: 'images', page: 1, items: [{ url: 5, domain: 'images.example.org' }] },
        { type: 'ai_overview', page: 1, asynchronous_ai_overview: true, references: {} },
      ]),
      features: [
        // An odd element links nowhere; a list with a non-element is dropped.
        { kind: 'images', owners: ['images.example.org'] },
        { kind: 'videos', owners: [] },
        // An odd page number counts as the first page's, as an item without one does.
        { kind: 'top_stories', owners: [] },
        { kind: 'ai_overview', owners: [] },
      ],
    },
  },
];

describe.each(cases)('$name SERP features', (c) => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());
  const search = async (reply: RecordedReply) => {
    server = await startRecordedServer(() => reply);
    return c.make(server.baseUrl).search(query);
  };

  it('maps the recorded page’s feature blocks to the hosts they link to', async () => {
    const page = await search({ fixture: fixture(c.fixture) });
    expect(page.features).toEqual(c.features);
  });

  it('says "no features" for a page without feature blocks', async () => {
    const page = await search({ json: c.plain });
    expect(page.organic_results).toHaveLength(1);
    expect(page.features).toEqual([]);
  });

  it('drops feature blocks of unexpected shapes instead of failing the search', async () => {
    const page = await search({ json: c.odd.json });
    expect(page.organic_results).toHaveLength(1);
    expect(page.features).toEqual(c.odd.features);
  });
});

describe('SERP features on the pages after the first', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());

  it('are mapped on every page a ten-a-request vendor returns', async () => {
    server = await startRecordedServer(() => ({ fixture: fixture('serper-page.json') }));
    const page = await new SerperProvider('k', server.baseUrl).search({ ...query, pageNum: 2 });
    expect(page.features?.map((f) => f.kind)).toContain('top_stories');
  });

  it('are left out of DataForSEO’s later pages, read from the first page’s deep answer', async () => {
    server = await startRecordedServer(() => ({ fixture: fixture('dataforseo-page.json') }));
    const provider = new DataForSeoProvider('l', 'p', server.baseUrl);
    const deep = { ...query, depth: 20 };
    const first = await provider.search(deep);
    const second = await provider.search({ ...deep, pageNum: 2 });
    expect(server.requests).toHaveLength(1);
    expect(first.features).toHaveLength(9);
    expect(second).not.toHaveProperty('features');
  });
});

describe('SerpApi answer boxes as featured snippets', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());
  const features = async (reply: RecordedReply) => {
    server = await startRecordedServer(() => reply);
    return (await new SerpApiProvider('k', server.baseUrl).search(query)).features;
  };

  it('does not take a calculator answer box for a featured snippet', async () => {
    expect(await features({ fixture: fixture('serpapi-calculator.json') })).toEqual([]);
  });

  it('takes the first of an answer box list, owned by nobody without a link', async () => {
    expect(
      await features({
        json: {
          organic_results: [organic],
          answer_box_list: [{ type: 'organic_result', title: 'How to choose' }],
        },
      }),
    ).toEqual([{ kind: 'featured_snippet', owners: [] }]);
  });
});
