import { afterEach, describe, expect, it } from 'vitest';
import { KEYWORD_MESSAGES } from '@core/messages';
import { entitlementsOf } from '@core/entitlements';
import { keywordClustersResponseSchema, keywordResponseSchema } from '@core/schemas/keywords';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startRecordedServer } from '../../../test/recorded-server';
import { signUp } from '../../../test/users';

const API = '/backend-service/v1';
let t: TestApp;
let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await t?.close();
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

const site = (id: number) => `https://site${id}.example/page`;
/** Each query's top ten on the stand-in search provider. */
const TOPS: Record<string, number[]> = {
  'dog food': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  'dry dog food': [1, 2, 3, 4, 11, 12, 13, 14, 15, 16],
  'best dog food': [2, 3, 4, 17, 18, 19, 20, 21, 22, 23],
  'wet dog food': [30, 31, 32, 33, 34, 35, 36, 37, 38, 39],
};

/** A paid search provider (Serper's API) on loopback; `failing` makes it answer 503. */
async function paidProvider() {
  const state = { failing: false };
  const server = await startRecordedServer((req) => {
    if (state.failing) return { status: 503, json: { message: 'down' } };
    const q = (JSON.parse(req.body) as { q: string }).q;
    return {
      json: {
        organic: (TOPS[q] ?? []).map((id, i) => ({
          title: `Result ${id}`,
          link: site(id),
          position: i + 1,
        })),
        ...(q === 'dog food'
          ? {
              relatedSearches: Object.keys(TOPS)
                .slice(1)
                .map((query) => ({ query })),
            }
          : {}),
      },
    };
  });
  closers.push(server.close);
  return { server, state };
}

const post = (url: string, payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers });
/** A keyword search for 'dog food' opened by the user: its category answer. */
const openSearch = async (headers: Record<string, string>) =>
  keywordResponseSchema.parse(
    (
      await post(
        '/keyword',
        { term: 'dog food', temp: 0, size: 10, algorithm: 'category' },
        headers,
      )
    ).json(),
  )[0]!;
const serpLeft = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `${API}/usage/serp-analysis-tool`, headers })).json()
    .numOfSerpLeft as number;

describe('POST /keyword-clusters on a paid search provider', () => {
  it('groups ideas by shared results on request, one metered search each, refunded on failure', async () => {
    const { server, state } = await paidProvider();
    t = await buildTestApp({ env: { SERPER_API_KEY: 'key', SERPER_BASE_URL: server.baseUrl } });
    const u = await signUp(t.app, 4);
    const answer = await openSearch(u.headers);
    // Searching each idea costs: the answer groups them by shared words.
    expect(answer.clusteredBy).toBe('words');
    const keywords = ['dry dog food', 'best dog food', 'wet dog food'];
    const before = await serpLeft(u.headers);
    const asked = server.requests.length;

    const res = await post('/keyword-clusters', { searchId: answer.searchId, keywords }, u.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(keywordClustersResponseSchema.parse(res.json())).toEqual({
      clusteredBy: 'results',
      searches: 3,
      clusters: [
        { label: 'dry dog food', keywords: ['dry dog food', 'best dog food'] },
        { label: 'wet dog food', keywords: ['wet dog food'] },
      ],
    });
    expect(await serpLeft(u.headers)).toBe(before - 3);
    expect(server.requests.length - asked).toBeGreaterThan(0);

    state.failing = true;
    const failed = await post(
      '/keyword-clusters',
      { searchId: answer.searchId, keywords: ['puppy food', 'senior dog food'] },
      u.headers,
    );
    expect(failed.statusCode).toBe(502);
    expect(await serpLeft(u.headers)).toBe(before - 3);
  });

  it('refuses a search the user did not open, and more searches than the month has left', async () => {
    const { server } = await paidProvider();
    t = await buildTestApp({ env: { SERPER_API_KEY: 'key', SERPER_BASE_URL: server.baseUrl } });
    const u = await signUp(t.app, 1);
    const forged = await post(
      '/keyword-clusters',
      { searchId: crypto.randomUUID(), keywords: ['a', 'b'] },
      u.headers,
    );
    expect(forged.statusCode).toBe(403);

    const answer = await openSearch(u.headers);
    const limit = entitlementsOf(1).monthlyLimit('serp');
    await t.app.services.quotas.consume(u.userId, 'serp', limit, limit - 1);
    const asked = server.requests.length;
    const refused = await post(
      '/keyword-clusters',
      { searchId: answer.searchId, keywords: ['dry dog food', 'wet dog food'] },
      u.headers,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(KEYWORD_MESSAGES.clusterSearchesLeft(2));
    expect(server.requests.length).toBe(asked);
    expect(await serpLeft(u.headers)).toBe(1);
  });
});

describe('POST /keyword-clusters on the sandbox index', () => {
  it('charges nothing: its searches are free', async () => {
    t = await buildTestApp();
    const u = await signUp(t.app, 1);
    const answer = await openSearch(u.headers);
    const before = await serpLeft(u.headers);
    const res = await post(
      '/keyword-clusters',
      { searchId: answer.searchId, keywords: answer.keywords },
      u.headers,
    );
    expect(keywordClustersResponseSchema.parse(res.json()).searches).toBe(0);
    expect(await serpLeft(u.headers)).toBe(before);
  });
});
