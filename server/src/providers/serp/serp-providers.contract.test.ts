import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startRecordedServer,
  type RecordedReply,
  type RecordedRequest,
} from '../../../test/recorded-server';
import { DataForSeoProvider } from './dataforseo';
import { SerpProviderError, type SerpProvider, type SerpQuery } from './port';
import { SerpApiProvider } from './serpapi';
import { SerperProvider } from './serper';
import { ValueSerpProvider } from './valueserp';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
/** The related searches and "people also ask" questions every recorded page holds. */
const RELATED_SEARCHES = [
  'best running shoes 2026',
  'running shoes for women',
  'trail running shoes',
  'running shoes sale',
];
const RELATED_QUESTIONS = [
  'How do I choose the right running shoes?',
  'How often should you replace running shoes?',
  'Are expensive running shoes worth it?',
];
const query: SerpQuery = {
  query: 'running shoes',
  device: 'desktop',
  pageNum: 2,
  googleDomain: 'google.co.uk',
  gl: 'gb',
  hl: 'en',
};

interface AdapterCase {
  name: string;
  make(baseUrl: string, timeoutMs?: number): SerpProvider;
  okFixture: string;
  /** What the vendor must have been asked. */
  checkRequest(req: RecordedRequest): void;
  /** The first organic result of the recorded page, after mapping. */
  firstOrganic: { position: number; link: string; domain: string };
}

const cases: AdapterCase[] = [
  {
    name: 'SerpApi',
    make: (base, t) => new SerpApiProvider('serp-key', base, t),
    okFixture: 'serpapi-page.json',
    checkRequest: (req) => {
      expect(req.url.pathname).toBe('/search.json');
      expect(Object.fromEntries(req.url.searchParams)).toMatchObject({
        engine: 'google',
        q: 'running shoes',
        google_domain: 'google.co.uk',
        gl: 'gb',
        hl: 'en',
        device: 'desktop',
        start: '10',
        num: '10',
        api_key: 'serp-key',
      });
    },
    firstOrganic: {
      position: 11,
      link: 'https://www.example.com/running-shoes',
      domain: 'www.example.com',
    },
  },
  {
    name: 'VALUE SERP',
    make: (base, t) => new ValueSerpProvider('value-key', base, t),
    okFixture: 'valueserp-page.json',
    checkRequest: (req) => {
      expect(req.url.pathname).toBe('/search');
      expect(Object.fromEntries(req.url.searchParams)).toMatchObject({
        api_key: 'value-key',
        q: 'running shoes',
        page: '2',
        gl: 'gb',
        google_domain: 'google.co.uk',
      });
    },
    firstOrganic: {
      position: 11,
      link: 'https://www.example.com/running-shoes',
      domain: 'www.example.com',
    },
  },
  {
    name: 'DataForSEO',
    make: (base, t) => new DataForSeoProvider('login', 'secret', base, t),
    okFixture: 'dataforseo-page.json',
    checkRequest: (req) => {
      expect(req.method).toBe('POST');
      expect(req.url.pathname).toBe('/v3/serp/google/organic/live/advanced');
      expect(req.headers.authorization).toBe(
        `Basic ${Buffer.from('login:secret').toString('base64')}`,
      );
      const [task] = JSON.parse(req.body);
      expect(task).toMatchObject({
        keyword: 'running shoes',
        language_code: 'en',
        se_domain: 'google.co.uk',
        depth: 20,
        // The United Kingdom by code: its short name 'UK' is not a DataForSEO location name.
        location_code: 2826,
      });
    },
    firstOrganic: {
      position: 11,
      link: 'https://site11.example.com/page',
      domain: 'site11.example.com',
    },
  },
  {
    name: 'Serper',
    make: (base, t) => new SerperProvider('serper-key', base, t),
    okFixture: 'serper-page.json',
    checkRequest: (req) => {
      expect(req.method).toBe('POST');
      expect(req.headers['x-api-key']).toBe('serper-key');
      expect(JSON.parse(req.body)).toEqual({
        q: 'running shoes',
        gl: 'gb',
        hl: 'en',
        num: 10,
        page: 2,
      });
    },
    firstOrganic: {
      position: 11,
      link: 'https://www.example.com/running-shoes',
      domain: 'www.example.com',
    },
  },
];

describe.each(cases)('$name adapter contract', (c) => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());
  const serve = async (reply: RecordedReply) => {
    server = await startRecordedServer(() => reply);
    return server;
  };

  it('sends the documented request and maps the recorded page', async () => {
    const s = await serve({ fixture: fixture(c.okFixture) });
    const page = await c.make(s.baseUrl).search(query);
    c.checkRequest(s.requests[0]!);
    expect(page.organic_results[0]).toMatchObject(c.firstOrganic);
    expect(page.organic_results.map((r) => r.position)).toEqual(
      page.organic_results.map((_, i) => c.firstOrganic.position + i),
    );
    for (const r of page.organic_results) expect(r.domain).toBe(new URL(r.link).hostname);
    // Related searches and questions, in the engine's order, a repeat (case aside) dropped.
    expect(page.related_searches).toEqual(RELATED_SEARCHES);
    expect(page.related_questions).toEqual(RELATED_QUESTIONS);
  });

  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [429, 'quota'],
    [400, 'bad_request'],
    [500, 'unavailable'],
    [503, 'unavailable'],
  ] as const)('maps HTTP %i to a %s failure with a clear message', async (status, failure) => {
    const s = await serve({ status, json: { error: 'recorded failure' } });
    const error = await c
      .make(s.baseUrl)
      .search(query)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SerpProviderError);
    expect((error as SerpProviderError).failure).toBe(failure);
    expect((error as SerpProviderError).message).toMatch(/\.( \(.+ says: recorded failure\))?$/);
  });

  it('maps a slow answer to a timeout', async () => {
    const s = await serve({ fixture: fixture(c.okFixture), delayMs: 500 });
    const error = await c
      .make(s.baseUrl, 100)
      .search(query)
      .catch((e: unknown) => e);
    expect((error as SerpProviderError).failure).toBe('timeout');
  });
});

describe('answer boxes', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());

  it('keeps SerpApi featured snippets and drops answer boxes without a link', async () => {
    server = await startRecordedServer(() => ({ fixture: fixture('serpapi-page.json') }));
    const page = await new SerpApiProvider('k', server.baseUrl).search({ ...query, pageNum: 1 });
    expect(page.answer_box).toEqual({
      title: 'How to choose running shoes - Example Running Co',
      link: 'https://www.example.com/guides/choosing-running-shoes',
    });
    await server.close();
    server = await startRecordedServer(() => ({ fixture: fixture('serpapi-calculator.json') }));
    expect(
      (await new SerpApiProvider('k', server.baseUrl).search(query)).answer_box,
    ).toBeUndefined();
  });

  it('reads the VALUE SERP answer box from answers[0].source', async () => {
    server = await startRecordedServer(() => ({ fixture: fixture('valueserp-page.json') }));
    const page = await new ValueSerpProvider('k', server.baseUrl).search(query);
    expect(page.answer_box).toMatchObject({
      link: 'https://www.example.com/guides/choosing-running-shoes',
      title: 'How to choose running shoes',
    });
  });

  it('maps a DataForSEO task-level error to a failure, not an empty page', async () => {
    server = await startRecordedServer(() => ({ fixture: fixture('dataforseo-task-error.json') }));
    const error = await new DataForSeoProvider('l', 'p', server.baseUrl)
      .search(query)
      .catch((e: unknown) => e);
    expect((error as SerpProviderError).failure).toBe('unavailable');
    expect((error as SerpProviderError).message).toContain('Internal SE Server Error.');
  });
});
