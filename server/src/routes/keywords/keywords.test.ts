import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FREE_KEYWORDS_PER_LIST } from '@core/keywords/limits';
import { KEYWORD_MESSAGES } from '@core/messages';
import { planById } from '@core/plans';
import {
  keywordDataResponseSchema,
  keywordResponseSchema,
  keywordSerpResponseSchema,
} from '@core/schemas/keywords';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
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

const user = (planId = 1) => signUp(t.app, planId);

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as object, headers });

const keywordsLeft = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `${API}/usage/keyword-tool`, headers })).json()
    .kwtSearchesLeft as number;

const body = (extra: object = {}) => ({
  term: 'ice cream',
  temp: 0,
  size: 10,
  algorithm: 'category',
  ...extra,
});

describe('POST /keyword on the offline defaults', () => {
  it('asks visitors to sign in', async () => {
    t = await buildTestApp();
    const res = await post('/keyword', body());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(KEYWORD_MESSAGES.signInRequired);
  });

  it.each([
    ['a 175-character term', { term: 'a'.repeat(175) }, KEYWORD_MESSAGES.termTooLong],
    ['randomness above 1', { temp: 1.5 }, 'temp'],
    ['an unknown algorithm', { algorithm: 'similar' }, 'algorithm'],
    ['a size past 90', { size: 91 }, 'size'],
    ['a language that is no language tag', { language: 'aa-0a' }, KEYWORD_MESSAGES.badLanguage],
  ])('refuses %s with 400 and charges nothing', async (_name, extra, message) => {
    t = await buildTestApp();
    const u = await user();
    const res = await post('/keyword', body(extra), u.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await keywordsLeft(u.headers)).toBe(planById(1).keywordSearchLimit);
  });

  it('answers a search of three requests from the search results, naming each idea’s sources, and charges its size', async () => {
    t = await buildTestApp();
    const u = await user();
    const category = keywordResponseSchema.parse(
      (await post('/keyword', body({ size: 30 }), u.headers)).json(),
    );
    expect(category.map((a) => a.list)).toEqual(['category', 'similar']);
    const [first] = category;
    expect(first).toMatchObject({
      source: 'serp',
      model: null,
      moderation: 'word-list',
      language: 'en',
      response_filter: { termFilter: 0 },
      clusteredBy: 'results',
      // The free plan's cap per list.
      size: FREE_KEYWORDS_PER_LIST,
    });
    expect(first!.keywords).toContain('homemade ice cream');
    expect(first!.ideas!.map((i) => i.keyword)).toEqual(first!.keywords);
    expect(first!.res).toBe(first!.keywords.join(', '));
    for (const algorithm of ['variation', 'related'] as const) {
      const res = await post('/keyword', body({ algorithm, searchId: first!.searchId }), u.headers);
      const [answer] = keywordResponseSchema.parse(res.json());
      expect(answer!.list).toBe(algorithm);
      expect(answer!.searchId).toBe(first!.searchId);
    }
    expect(await keywordsLeft(u.headers)).toBe(
      planById(1).keywordSearchLimit - FREE_KEYWORDS_PER_LIST - 20,
    );
  });

  it('answers a Spanish seed in Spanish from the results', async () => {
    t = await buildTestApp();
    const u = await user();
    const res = await post('/keyword', body({ term: 'helado casero' }), u.headers);
    expect(res.statusCode).toBe(200);
    const [answer] = keywordResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ language: 'es', source: 'serp' });
    expect(answer!.keywords).toContain('cómo hacer helado casero');
  });

  it('answers from WordNet without a search provider, English only, and refunds a Spanish seed', async () => {
    t = await buildTestApp({ env: { SANDBOX: 'off' } });
    const u = await user();
    const english = keywordResponseSchema.parse((await post('/keyword', body(), u.headers)).json());
    expect(english[0]).toMatchObject({ source: 'wordnet' });
    expect(english[0]!.identifiedCategory).toBeTruthy();
    const left = await keywordsLeft(u.headers);
    const res = await post('/keyword', body({ term: 'helado de chocolate con fresas' }), u.headers);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(KEYWORD_MESSAGES.englishOnly('Spanish'));
    expect(await keywordsLeft(u.headers)).toBe(left);
  });

  it('keeps a short English seed English when detection misreads it, since English pages use its words', async () => {
    t = await buildTestApp();
    const u = await user();
    const res = await post('/keyword', body({ term: 'pasta sauce' }), u.headers);
    expect(res.statusCode).toBe(200);
    expect(keywordResponseSchema.parse(res.json())[0]).toMatchObject({ language: 'en' });
  });

  it('ranks a profane seed unsafe', async () => {
    t = await buildTestApp();
    const u = await user();
    const res = await post('/keyword', body({ term: 'fuck' }), u.headers);
    const answers = keywordResponseSchema.parse(res.json());
    expect(answers.every((a) => a.response_filter.termFilter === 2)).toBe(true);
  });

  it('refuses at the monthly limit and another user id in the body', async () => {
    t = await buildTestApp();
    const u = await user();
    const limit = planById(1).keywordSearchLimit;
    await t.app.services.quotas.consume(u.userId, 'keywords', limit, limit);
    const limited = await post('/keyword', body(), u.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(QUOTA_MESSAGES.monthlySearchLimit);
    const other = await post('/keyword', body({ userId: 'someone-else' }), u.headers);
    expect(other.statusCode).toBe(403);
  });

  it('shows the top results only for a search the user opened', async () => {
    t = await buildTestApp();
    const u = await user();
    const forged = await post(
      '/keyword-serp',
      { term: 'gelato', searchId: crypto.randomUUID() },
      u.headers,
    );
    expect(forged.statusCode).toBe(403);
    const [answer] = keywordResponseSchema.parse(
      (await post('/keyword', body(), u.headers)).json(),
    );
    const res = await post(
      '/keyword-serp',
      { term: 'ice cream', searchId: answer!.searchId },
      u.headers,
    );
    const top = keywordSerpResponseSchema.parse(res.json());
    expect(top.source).toBe('sandbox');
    expect(top.organic_results.length).toBeGreaterThan(0);
  });
});

describe('POST /keyword on a configured language model', () => {
  it('answers in the seed’s language from the model, named with its model, and a model failure as 502', async () => {
    const fixtures = path.join(import.meta.dirname, '../../providers/keywords/fixtures');
    let reply = 'chat-category-es.json';
    const model = await startRecordedServer(() =>
      reply.startsWith('error')
        ? { status: 401, fixture: path.join(fixtures, reply) }
        : { fixture: path.join(fixtures, reply) },
    );
    closers.push(model.close);
    t = await buildTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `${model.baseUrl}/v1`,
        OPENAI_MODEL: 'llama3.2',
      },
    });
    const u = await user();
    const res = await post('/keyword', body({ term: 'helado de chocolate con fresas' }), u.headers);
    const answers = keywordResponseSchema.parse(res.json());
    expect(answers.map((a) => a.list)).toEqual(['category', 'similar']);
    // A self-hosted base URL has no moderation endpoint: the word list checks the answer.
    expect(answers[0]).toMatchObject({
      source: 'openai',
      model: 'llama3.2',
      language: 'es',
      languageFrom: 'detected',
      moderation: 'word-list',
    });
    expect(answers[0]!.keywords.length).toBeGreaterThan(0);
    expect(JSON.parse(model.requests[0]!.body).messages.at(-1).content).toMatch(/Spanish/);

    reply = 'error-401-invalid-api-key.json';
    const failed = await post('/keyword', body(), u.headers);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/language model/);
  });
});

describe("the keyword tool's sources, named in the site config the page embeds", () => {
  const sources = async () =>
    (await t.app.inject({ method: 'GET', url: `${API}/site-config` })).json().keywordSources;

  it('are the search results, the word list and no volume source on the offline defaults', async () => {
    t = await buildTestApp();
    expect(await sources()).toEqual({
      suggestions: 'serp',
      model: null,
      moderation: 'word-list',
      volumes: 'none',
      search: 'sandbox',
    });
  });

  it('name the configured model and DataForSEO when they are set', async () => {
    t = await buildTestApp({
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_MODEL: 'gpt-4o-mini',
        DATAFORSEO_LOGIN: 'login',
        DATAFORSEO_PASSWORD: 'password',
      },
    });
    expect(await sources()).toMatchObject({
      suggestions: 'openai',
      model: 'gpt-4o-mini',
      moderation: 'openai',
      volumes: 'dataforseo',
    });
  });
});

describe('POST /keyword-data', () => {
  const data = { country_data: { country: 'United States', language: 'en', country_code: 'us' } };

  it('knows no volumes without a data source, and says so', async () => {
    t = await buildTestApp();
    const u = await user();
    const res = await post('/keyword-data', { ...data, keywords: ['gelato'] }, u.headers);
    expect(keywordDataResponseSchema.parse(res.json())).toEqual([[], { source: 'none' }]);
    expect((await post('/keyword-data', { ...data, keywords: ['gelato'] })).statusCode).toBe(401);
    expect((await post('/keyword-data', { ...data, keywords: [] }, u.headers)).statusCode).toBe(
      400,
    );
  });

  it('answers from DataForSEO when configured, and a failure as an error with its cause', async () => {
    let fail = false;
    const fixture = path.join(
      import.meta.dirname,
      '../../providers/keyword-data/fixtures/keyword-overview.json',
    );
    const vendor = await startRecordedServer(() =>
      fail
        ? { status: 500, json: { status_code: 50000, status_message: 'Internal Error.' } }
        : { fixture },
    );
    closers.push(vendor.close);
    t = await buildTestApp({
      env: { DATAFORSEO_LOGIN: 'l', DATAFORSEO_PASSWORD: 'p', DATAFORSEO_BASE_URL: vendor.baseUrl },
    });
    const u = await user();
    const res = await post(
      '/keyword-data',
      { ...data, keywords: ['trail running shoes', 'zzq shoe'] },
      u.headers,
    );
    const [items, meta] = keywordDataResponseSchema.parse(res.json());
    expect(meta.source).toBe('dataforseo');
    // The recorded reply knows the first keyword; the unknown one stays unknown, not 0.
    expect(items.map((i) => i.keyword)).toEqual(['trail running shoes']);
    expect(items[0]).toMatchObject({
      keyword_info: { search_volume: 22200, cpc: 1.37, competition: 0.86 },
      keyword_properties: { keyword_difficulty: 48 },
    });
    expect(items[0]!.keyword_info.monthly_searches).toHaveLength(12);
    fail = true;
    const failed = await post('/keyword-data', { ...data, keywords: ['gelato'] }, u.headers);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/DataForSEO/);
  });
});

describe('keyword settings', () => {
  it('keeps a signed-in user’s keyword settings on the server and refuses bad ones', async () => {
    t = await buildTestApp();
    const u = await user();
    const get = () =>
      t.app.inject({ method: 'GET', url: `${API}/settings/keywords`, headers: u.headers });
    expect((await get()).json()).toMatchObject({ country_code: 'us', temperature: 0.7 });
    const saved = await post(
      '/settings/keywords',
      { temperature: 0.25, country_code: 'de', country: 'Germany', language: 'de' },
      u.headers,
    );
    expect(saved.statusCode).toBe(200);
    expect((await get()).json()).toMatchObject({ temperature: 0.25, country_code: 'de' });
    expect((await post('/settings/keywords', { temperature: 2 }, u.headers)).statusCode).toBe(400);
    expect((await get()).json()).toMatchObject({ temperature: 0.25 });
  });
});
