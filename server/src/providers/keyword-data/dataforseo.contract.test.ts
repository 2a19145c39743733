import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordedServer, type RecordedReply } from '../../../test/recorded-server';
import { DataForSeoKeywordData } from './dataforseo';
import { NoKeywordData } from './none';
import { KeywordDataError, type KeywordDataProvider, type KeywordMarket } from './port';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const us: KeywordMarket = { countryCode: 'us', language: 'en' };
const tooLong =
  'best lightweight waterproof trail running shoes for wide feet with good arch support';
const tooManyWords = 'shoes for trail running on rocky wet ground in the cold winter';

describe('DataForSEO keyword data adapter contract', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());
  const serve = async (reply: RecordedReply) => {
    server = await startRecordedServer(() => reply);
    return server;
  };
  const failureOf = async (reply: RecordedReply, timeoutMs?: number) => {
    const s = await serve(reply);
    const error = await new DataForSeoKeywordData('login', 'secret', s.baseUrl, timeoutMs)
      .lookup(['trail running shoes'], us)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KeywordDataError);
    return error as KeywordDataError;
  };

  it('sends one keyword_overview task with Basic auth and the market', async () => {
    const s = await serve({ fixture: fixture('keyword-overview.json') });
    await new DataForSeoKeywordData('login', 'secret', s.baseUrl).lookup(
      ['Trail Running Shoes', 'waterproof  trail shoes', 'zzq shoe', tooLong, tooManyWords],
      { countryCode: 'gb', language: 'en' },
    );
    expect(s.requests).toHaveLength(1);
    const req = s.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.url.pathname).toBe('/v3/dataforseo_labs/google/keyword_overview/live');
    expect(req.headers.authorization).toBe(
      `Basic ${Buffer.from('login:secret').toString('base64')}`,
    );
    expect(req.headers['content-type']).toBe('application/json');
    // Refused keywords are not sent: one of them would fail the whole task.
    expect(JSON.parse(req.body)).toEqual([
      {
        keywords: ['trail running shoes', 'waterproof trail shoes', 'zzq shoe'],
        location_code: 2826,
        language_code: 'en',
      },
    ]);
  });

  it('maps the recorded items under the caller’s keywords and leaves omitted ones out', async () => {
    const s = await serve({ fixture: fixture('keyword-overview.json') });
    const items = await new DataForSeoKeywordData('login', 'secret', s.baseUrl).lookup(
      [
        'Trail Running Shoes',
        'waterproof trail shoes',
        'zzq shoe',
        'trail shoes for kids',
        tooLong,
      ],
      us,
    );
    expect(items.map((i) => i.keyword)).toEqual([
      'Trail Running Shoes',
      'waterproof trail shoes',
      'trail shoes for kids',
    ]);
    const [running, waterproof, kids] = items;
    expect(running!.keyword_info).toMatchObject({
      search_volume: 22200,
      cpc: 1.37,
      competition: 0.86,
    });
    expect(running!.keyword_properties).toEqual({ keyword_difficulty: 48 });
    // The recorded 13 months, newest first, become the last 12 in calendar order.
    const months = running!.keyword_info.monthly_searches;
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ year: 2025, month: 11, search_volume: 33100 });
    expect(months.at(-1)).toEqual({ year: 2026, month: 10, search_volume: 27100 });
    expect(months.map((m) => m.year * 12 + m.month)).toEqual(
      months.map((_, i) => 2025 * 12 + 11 + i),
    );
    expect(waterproof!.keyword_info.monthly_searches.map((m) => m.month)).toEqual([9, 10]);
    // Unknown stays unknown, never 0.
    expect(kids).toEqual({
      keyword: 'trail shoes for kids',
      keyword_info: { search_volume: null, cpc: null, competition: null, monthly_searches: [] },
      keyword_properties: { keyword_difficulty: null },
    });
  });

  it('makes no call when DataForSEO would refuse every keyword', async () => {
    const s = await serve({ fixture: fixture('keyword-overview.json') });
    const provider = new DataForSeoKeywordData('login', 'secret', s.baseUrl);
    expect(await provider.lookup([tooLong, tooManyWords], us)).toEqual([]);
    expect(s.requests).toHaveLength(0);
  });

  it('refuses a country it has no location for, without a call', async () => {
    const s = await serve({ fixture: fixture('keyword-overview.json') });
    const error = await new DataForSeoKeywordData('login', 'secret', s.baseUrl)
      .lookup(['trail running shoes'], { countryCode: 'zz', language: 'en' })
      .catch((e: unknown) => e);
    expect((error as KeywordDataError).failure).toBe('bad_request');
    expect((error as KeywordDataError).message).toContain("'zz'");
    expect(s.requests).toHaveLength(0);
  });

  it('maps a task error sent with HTTP 200 to bad_request with DataForSEO’s message', async () => {
    const error = await failureOf({ fixture: fixture('keyword-overview-task-error.json') });
    expect(error.failure).toBe('bad_request');
    expect(error.message).toContain("Invalid Field: 'location_code'.");
  });

  it.each([
    ['HTTP 401 with 40100', { status: 401, fixture: fixture('unauthorized.json') }, 'auth'],
    ['40100 in an HTTP 200', { fixture: fixture('unauthorized.json') }, 'auth'],
    ['HTTP 402 with 40200', { status: 402, fixture: fixture('payment-required.json') }, 'quota'],
    [
      'HTTP 500',
      { status: 500, json: { status_message: 'Internal Server Error.' } },
      'unavailable',
    ],
  ] as const)('maps %s to %s', async (_, reply, failure) => {
    const error = await failureOf(reply);
    expect(error.failure).toBe(failure);
    expect(error.message).toMatch(/ \(DataForSEO says: .+\)$/);
  });

  it.each([
    ['malformed JSON', { fixture: fixture('keyword-overview-truncated.json') }],
    [
      'a wrong shape',
      {
        json: {
          status_code: 20000,
          status_message: 'Ok.',
          tasks: [
            {
              status_code: 20000,
              status_message: 'Ok.',
              result: [{ items: [{ keyword: 'trail running shoes', keyword_info: 22200 }] }],
            },
          ],
        },
      },
    ],
  ] as const)('maps %s to unavailable, not to zeros', async (_, reply) => {
    const error = await failureOf(reply);
    expect(error.failure).toBe('unavailable');
    expect(error.message).toMatch(/DataForSEO sent an answer SpeedRank could not read/);
  });

  it('maps a slow answer to a timeout', async () => {
    const error = await failureOf({ fixture: fixture('keyword-overview.json'), delayMs: 500 }, 100);
    expect(error.failure).toBe('timeout');
  });
});

describe('no keyword data source', () => {
  it('knows no keyword, so every volume stays unknown', async () => {
    const provider: KeywordDataProvider = new NoKeywordData();
    expect(provider.source).toBe('none');
    expect(await provider.lookup(['trail running shoes'], us)).toEqual([]);
  });
});
