import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordedServer, type RecordedReply } from '../../../test/recorded-server';
import { DataForSeoProvider } from './dataforseo';
import { SerpProviderError, type SerpFailure, type SerpProvider, type SerpQuery } from './port';
import { SerpApiProvider } from './serpapi';
import { SerperProvider } from './serper';
import { ValueSerpProvider } from './valueserp';

/**
 * Each vendor's quota, key, rate-limit and outage replies, shaped and worded as the vendor
 * documents them (status, body), and the location a query names reaching the vendor.
 */
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const query: SerpQuery = {
  query: 'running shoes',
  device: 'mobile',
  pageNum: 1,
  googleDomain: 'google.co.uk',
  gl: 'gb',
  hl: 'en',
};
const LONDON = 'London,England,United Kingdom';

let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
afterEach(async () => server?.close());
const serve = async (reply: RecordedReply | ((n: number) => RecordedReply)) => {
  let n = 0;
  server = await startRecordedServer(() => (typeof reply === 'function' ? reply(n++) : reply));
  return server;
};
const failureOf = async (provider: SerpProvider, q: SerpQuery = query) => {
  const error = await provider.search(q).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SerpProviderError);
  return error as SerpProviderError;
};

interface ErrorCase {
  what: string;
  reply: RecordedReply;
  failure: SerpFailure;
  message: RegExp;
}

const vendors: {
  name: string;
  make(baseUrl: string): SerpProvider;
  errors: ErrorCase[];
}[] = [
  {
    name: 'SerpApi',
    make: (base) => new SerpApiProvider('k', base),
    errors: [
      {
        what: 'searches of the month used up (429)',
        reply: { status: 429, fixture: fixture('serpapi-searches-exhausted.json') },
        failure: 'quota',
        message: /^SerpApi has no searches left on its account\. \(SerpApi says: Your account/,
      },
      {
        what: 'hourly throughput limit (429)',
        reply: { status: 429, fixture: fixture('serpapi-throughput-limit.json') },
        failure: 'quota',
        message: /^SerpApi search quota is used up for now \(rate limit\)\./,
      },
      {
        what: 'invalid key (401)',
        reply: { status: 401, fixture: fixture('serpapi-invalid-key.json') },
        failure: 'auth',
        message: /^SerpApi refused the configured API key\. \(SerpApi says: Invalid API key/,
      },
      {
        what: 'its own failure (503)',
        reply: { status: 503, json: { error: 'Something went wrong.' } },
        failure: 'unavailable',
        message: /^SerpApi is not working right now\./,
      },
      {
        what: 'a search it could not run, with HTTP 200',
        reply: { fixture: fixture('serpapi-search-error.json') },
        failure: 'unavailable',
        message: /^SerpApi could not run the search\. \(SerpApi says: Unsupported/,
      },
    ],
  },
  {
    name: 'VALUE SERP',
    make: (base) => new ValueSerpProvider('k', base),
    errors: [
      {
        what: 'credits used up (402)',
        reply: { status: 402, fixture: fixture('valueserp-out-of-credits.json') },
        failure: 'quota',
        message: /^VALUE SERP has no searches left on its account\. \(VALUE SERP says: Your/,
      },
      {
        what: 'rate limit (429)',
        reply: { status: 429, fixture: fixture('valueserp-rate-limited.json') },
        failure: 'quota',
        message: /^VALUE SERP search quota is used up for now \(rate limit\)\./,
      },
      {
        what: 'invalid key (401)',
        reply: { status: 401, fixture: fixture('valueserp-invalid-key.json') },
        failure: 'auth',
        message: /^VALUE SERP refused the configured API key\. \(VALUE SERP says: Invalid/,
      },
      {
        what: 'its own failure (500)',
        reply: { status: 500, fixture: fixture('valueserp-request-failed.json') },
        failure: 'unavailable',
        message: /^VALUE SERP is not working right now\./,
      },
      {
        what: 'a failed request with HTTP 200',
        reply: { fixture: fixture('valueserp-request-failed.json') },
        failure: 'unavailable',
        message: /^VALUE SERP could not run the search\. \(VALUE SERP says: The search/,
      },
    ],
  },
  {
    name: 'DataForSEO',
    make: (base) => new DataForSeoProvider('l', 'p', base),
    errors: [
      {
        what: 'balance depleted (HTTP 200, 40210)',
        reply: { fixture: fixture('dataforseo-balance-depleted.json') },
        failure: 'quota',
        message: /^DataForSEO quota is used up for now\. \(DataForSEO says: Balance depleted/,
      },
      {
        what: 'billing problem (HTTP 402)',
        reply: { status: 402, fixture: fixture('dataforseo-payment-required.json') },
        failure: 'quota',
        message: /^DataForSEO quota is used up for now\./,
      },
      {
        what: 'rate limit (HTTP 200, 40202)',
        reply: { fixture: fixture('dataforseo-rate-limited.json') },
        failure: 'quota',
        message: /Rate-limit per minute exceeded/,
      },
      {
        what: 'wrong login (HTTP 401)',
        reply: { status: 401, fixture: fixture('dataforseo-unauthorized.json') },
        failure: 'auth',
        message: /^DataForSEO refused the configured login\./,
      },
      {
        what: 'its own failure (HTTP 500)',
        reply: { status: 500, text: 'Internal Server Error' },
        failure: 'unavailable',
        message: /^DataForSEO is not working right now\./,
      },
    ],
  },
  {
    name: 'Serper',
    make: (base) => new SerperProvider('k', base),
    errors: [
      {
        what: 'credits used up (400 "Not enough credits")',
        reply: { status: 400, fixture: fixture('serper-not-enough-credits.json') },
        failure: 'quota',
        message: /^Serper has no searches left on its account\. \(Serper says: Not enough/,
      },
      {
        what: 'rate limit (429)',
        reply: { status: 429, fixture: fixture('serper-rate-limited.json') },
        failure: 'quota',
        message: /^Serper search quota is used up for now \(rate limit\)\./,
      },
      {
        what: 'invalid key (403)',
        reply: { status: 403, fixture: fixture('serper-unauthorized.json') },
        failure: 'auth',
        message: /^Serper refused the configured API key\. \(Serper says: Unauthorized/,
      },
      {
        what: 'its own failure (502)',
        reply: { status: 502, text: '<html>Bad Gateway</html>' },
        failure: 'unavailable',
        message: /^Serper is not working right now\.$/,
      },
    ],
  },
];

describe.each(vendors)('$name failures', (vendor) => {
  it.each(vendor.errors)('maps $what to a $failure failure', async (c) => {
    const s = await serve(c.reply);
    const error = await failureOf(vendor.make(s.baseUrl));
    expect(error.failure).toBe(c.failure);
    expect(error.message).toMatch(c.message);
  });
});

describe('SerpApi answering "no results" with HTTP 200', () => {
  it('is an empty page, not a failure', async () => {
    const s = await serve({ fixture: fixture('serpapi-no-results.json') });
    const page = await new SerpApiProvider('k', s.baseUrl).search(query);
    expect(page.organic_results).toEqual([]);
  });
});

describe('location passthrough', () => {
  it('sends SerpApi `location`', async () => {
    const s = await serve({ fixture: fixture('serpapi-page.json') });
    await new SerpApiProvider('k', s.baseUrl).search({ ...query, location: LONDON });
    expect(s.requests[0]!.url.searchParams.get('location')).toBe(LONDON);
    await new SerpApiProvider('k', s.baseUrl).search(query);
    expect(s.requests[1]!.url.searchParams.has('location')).toBe(false);
  });

  it('sends VALUE SERP `location`', async () => {
    const s = await serve({ fixture: fixture('valueserp-page.json') });
    await new ValueSerpProvider('k', s.baseUrl).search({ ...query, location: LONDON });
    expect(s.requests[0]!.url.searchParams.get('location')).toBe(LONDON);
  });

  it('sends DataForSEO `location_name` in place of the country code', async () => {
    const s = await serve({ fixture: fixture('dataforseo-page.json') });
    await new DataForSeoProvider('l', 'p', s.baseUrl).search({ ...query, location: LONDON });
    const [task] = JSON.parse(s.requests[0]!.body) as Record<string, unknown>[];
    expect(task).toMatchObject({ location_name: LONDON, device: 'mobile' });
    expect(task).not.toHaveProperty('location_code');
  });

  it('sends Serper `location`', async () => {
    const s = await serve({ fixture: fixture('serper-page.json') });
    await new SerperProvider('k', s.baseUrl).search({ ...query, location: LONDON });
    expect(JSON.parse(s.requests[0]!.body)).toMatchObject({ location: LONDON, page: 1 });
  });
});

describe('DataForSEO depth', () => {
  it('asks once for the whole depth and reads the next pages from that answer', async () => {
    const s = await serve({ fixture: fixture('dataforseo-page.json') });
    const provider = new DataForSeoProvider('l', 'p', s.baseUrl);
    const deep = { ...query, depth: 20 };
    const first = await provider.search({ ...deep, pageNum: 1 });
    const second = await provider.search({ ...deep, pageNum: 2 });
    expect(s.requests).toHaveLength(1);
    expect(JSON.parse(s.requests[0]!.body)[0]).toMatchObject({ depth: 20 });
    expect(first.organic_results.map((r) => r.position)).toEqual(
      first.organic_results.map((_, i) => i + 1),
    );
    expect(second.organic_results[0]!.position).toBe(11);
    // Deeper than that answer: a new request, for the page asked.
    await provider.search({ ...deep, pageNum: 3 });
    expect(s.requests).toHaveLength(2);
    expect(JSON.parse(s.requests[1]!.body)[0]).toMatchObject({ depth: 30 });
    // Another location is another search.
    await provider.search({ ...deep, pageNum: 2, location: LONDON });
    expect(s.requests).toHaveLength(3);
  });
});
