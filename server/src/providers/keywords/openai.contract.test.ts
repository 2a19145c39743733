import path from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordedServer, type RecordedReply } from '../../../test/recorded-server';
import { OpenAiSuggester, tokenLimit, tokenLimitField } from './openai';
import { KeywordProviderError, type SuggestionRequest } from './port';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
/** Lets the SDK's retries run without its half-second back-off. */
const noWait = { 'retry-after-ms': '0' };
const request: SuggestionRequest = {
  term: 'running shoes',
  algorithm: 'variation',
  temperature: 0.7,
  size: 5,
  language: 'en',
  country: 'us',
};

let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
afterEach(async () => server?.close());

/** Serves the replies in turn (the last one repeats) and builds a suggester against them. */
async function serve(replies: RecordedReply[], timeoutMs = 5_000) {
  let next = 0;
  server = await startRecordedServer(() => replies[Math.min(next++, replies.length - 1)]!);
  const suggester = new OpenAiSuggester({
    apiKey: 'sk-test-key',
    baseUrl: `${server.baseUrl}/v1`,
    model: 'gpt-4o-mini',
    timeoutMs,
  });
  return { suggester, requests: server.requests };
}

const body = (raw: string) => JSON.parse(raw) as Record<string, unknown>;

async function failure(promise: Promise<unknown>): Promise<KeywordProviderError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(KeywordProviderError);
  expect((error as Error).message).toMatch(
    /^The language model \(gpt-4o-mini at 127\.0\.0\.1:\d+\) /,
  );
  return error as KeywordProviderError;
}

describe('OpenAiSuggester contract', () => {
  it('asks for the category JSON in the request language and maps both lists', async () => {
    const { suggester, requests } = await serve([{ fixture: fixture('chat-category-es.json') }]);
    const result = await suggester.suggest({
      ...request,
      term: 'zapatillas para correr',
      algorithm: 'category',
      language: 'es',
      country: 'es',
    });

    const [sent] = requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.url.pathname).toBe('/v1/chat/completions');
    expect(sent!.headers.authorization).toBe('Bearer sk-test-key');
    const json = body(sent!.body);
    expect(json).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.7,
      response_format: { type: 'json_object' },
      max_tokens: tokenLimit('category', 5),
    });
    expect(json).not.toHaveProperty('max_completion_tokens');
    const messages = json.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    const user = messages[1]!.content;
    expect(user).toContain('"zapatillas para correr"');
    expect(user).toContain('Answer in Spanish, for the search market Spain');
    expect(user).toContain('exactly 5 keyword phrases that are children');
    expect(user).toContain('exactly 5 keyword phrases that are siblings');
    expect(user).toContain('"category"');
    expect(user).toMatch(/no numbering/i);

    expect(result).toEqual({
      lists: [
        {
          list: 'category',
          // Lower case, the duplicate dropped, the comma removed, capped at the size.
          keywords: [
            'zapatillas de trail running',
            'zapatillas de running para asfalto',
            'zapatillas de running con amortiguación',
            'zapatillas minimalistas para correr',
            'zapatillas de competición',
          ],
        },
        {
          list: 'similar',
          keywords: [
            'botas de montaña',
            'zapatillas de pádel',
            'zapatillas de baloncesto',
            'zapatillas de fútbol sala',
          ],
        },
      ],
      identifiedCategory: 'Calzado deportivo',
      prompt: user,
    });
  });

  it('maps a variation answer to one capped list', async () => {
    const { suggester, requests } = await serve([{ fixture: fixture('chat-variation.json') }]);
    const result = await suggester.suggest(request);
    const user = (body(requests[0]!.body).messages as { content: string }[])[1]!.content;
    expect(user).toContain('contain the seed');
    expect(user).toContain('Answer in English, for the search market United States');
    expect(result).toEqual({
      lists: [
        {
          list: 'variation',
          keywords: [
            'trail running shoes',
            'running shoes for women',
            'best running shoes 2026',
            'running shoes for flat feet',
            'cheap running shoes',
          ],
        },
      ],
      identifiedCategory: null,
      prompt: user,
    });
  });

  it('asks the related prompt', async () => {
    const { suggester, requests } = await serve([{ fixture: fixture('chat-variation.json') }]);
    const result = await suggester.suggest({ ...request, algorithm: 'related' });
    expect(result.prompt).toContain('semantically related');
    expect(result.prompt).toBe(
      (body(requests[0]!.body).messages as { content: string }[])[1]!.content,
    );
    expect(result.lists[0]!.list).toBe('related');
  });

  it('splits a plain list when the model ignores JSON mode', async () => {
    const { suggester } = await serve([{ fixture: fixture('chat-comma-list.json') }]);
    const result = await suggester.suggest({ ...request, algorithm: 'related', size: 10 });
    expect(result.lists).toEqual([
      {
        list: 'related',
        keywords: [
          'marathon training plan',
          'running socks',
          'gps running watch',
          'foam roller',
          'compression sleeves',
        ],
      },
    ]);
  });

  it('keeps the complete items of a reply cut off at the token limit', async () => {
    const { suggester } = await serve([{ fixture: fixture('chat-truncated.json') }]);
    const result = await suggester.suggest(request);
    expect(result.lists[0]!.keywords).toEqual([
      'trail running shoes',
      'road running shoes',
      'track spikes',
    ]);
  });

  it.each([
    ['an empty reply (a reasoning model out of tokens)', 'chat-empty-length.json'],
    ['JSON of another shape without phrases', 'chat-wrong-shape.json'],
  ])('fails with bad_response on %s', async (_, name) => {
    const { suggester } = await serve([{ fixture: fixture(name) }]);
    expect((await failure(suggester.suggest(request))).failure).toBe('bad_response');
  });

  it.each([
    ['a refusal', 'chat-refusal.json'],
    ['a content filter stop', 'chat-content-filter.json'],
  ])('reports %s as refused with empty lists', async (_, name) => {
    const { suggester } = await serve([{ fixture: fixture(name) }]);
    const result = await suggester.suggest({ ...request, algorithm: 'category' });
    expect(result).toMatchObject({
      refused: true,
      identifiedCategory: null,
      lists: [
        { list: 'category', keywords: [] },
        { list: 'similar', keywords: [] },
      ],
    });
    expect(result.prompt).toContain('running shoes');
  });

  it('maps 401 invalid_api_key to auth, naming the bad key, without retrying', async () => {
    const { suggester, requests } = await serve([
      { status: 401, fixture: fixture('error-401-invalid-api-key.json') },
    ]);
    const error = await failure(suggester.suggest(request));
    expect(error.failure).toBe('auth');
    expect(error.message).toContain('refused the API key');
    expect(error.message).toContain('Incorrect API key provided');
    expect(requests).toHaveLength(1);
  });

  it('maps 404 model_not_found to auth, naming the model', async () => {
    const { suggester } = await serve([
      { status: 404, fixture: fixture('error-404-model-not-found.json') },
    ]);
    const error = await failure(suggester.suggest(request));
    expect(error.failure).toBe('auth');
    expect(error.message).toContain('model not found');
    expect(error.message).toContain('The model `gpt-4o-mni` does not exist');
  });

  it('maps 429 insufficient_quota to quota after a single request', async () => {
    const { suggester, requests } = await serve([
      { status: 429, headers: noWait, fixture: fixture('error-429-insufficient-quota.json') },
    ]);
    const error = await failure(suggester.suggest(request));
    expect(error.failure).toBe('quota');
    expect(error.message).toContain('You exceeded your current quota');
    expect(requests).toHaveLength(1);
  });

  it('retries a 429 rate limit and returns the next answer', async () => {
    const { suggester, requests } = await serve([
      { status: 429, headers: noWait, fixture: fixture('error-429-rate-limit.json') },
      { fixture: fixture('chat-variation.json') },
    ]);
    const result = await suggester.suggest(request);
    expect(result.lists[0]!.keywords).toHaveLength(5);
    expect(requests).toHaveLength(2);
  });

  it('maps a lasting 429 rate limit to rate_limit after two retries', async () => {
    const { suggester, requests } = await serve([
      { status: 429, headers: noWait, fixture: fixture('error-429-rate-limit.json') },
    ]);
    const error = await failure(suggester.suggest(request));
    expect(error.failure).toBe('rate_limit');
    expect(error.message).toContain('Rate limit reached for gpt-4o-mini');
    expect(requests).toHaveLength(3);
  });

  it.each([
    [500, { fixture: fixture('error-500-server-error.json') }, 'The server had an error'],
    [
      503,
      { text: 'upstream connect error or disconnect/reset before headers' },
      'upstream connect',
    ],
  ])('maps HTTP %i to unavailable after two retries', async (status, reply, says) => {
    const { suggester, requests } = await serve([{ status, headers: noWait, ...reply }]);
    const error = await failure(suggester.suggest(request));
    expect(error.failure).toBe('unavailable');
    expect(error.message).toContain(`HTTP ${status}`);
    expect(error.message).toContain(says);
    expect(requests).toHaveLength(3);
  });

  it('maps a slow server to timeout', async () => {
    const { suggester } = await serve(
      [{ fixture: fixture('chat-variation.json'), delayMs: 1_000 }],
      100,
    );
    const error = await failure(suggester.suggest(request));
    expect(error.failure).toBe('timeout');
    expect(error.message).toContain('did not answer within 100 ms');
  });

  it('maps a refused connection to unavailable', async () => {
    const { suggester } = await serve([{}]);
    await server!.close();
    server = undefined;
    expect((await failure(suggester.suggest(request))).failure).toBe('unavailable');
  });

  it('drops temperature once a reasoning model rejects it', async () => {
    const { suggester, requests } = await serve([
      { status: 400, fixture: fixture('error-400-temperature.json') },
      { fixture: fixture('chat-variation.json') },
    ]);
    await suggester.suggest(request);
    await suggester.suggest(request);
    expect(requests.map((r) => body(r.body).temperature)).toEqual([0.7, undefined, undefined]);
  });

  it("passes the caller's abort through rather than a source failure", async () => {
    const { suggester } = await serve([{ fixture: fixture('chat-variation.json') }]);
    const error = await suggester
      .suggest({ ...request, signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIUserAbortError);
  });
});

describe('token limit field', () => {
  it('sends max_completion_tokens to OpenAI only', () => {
    expect(tokenLimitField('https://api.openai.com/v1')).toBe('max_completion_tokens');
    expect(tokenLimitField('http://127.0.0.1:8080/v1')).toBe('max_tokens');
    expect(tokenLimitField('http://localhost:11434/v1')).toBe('max_tokens');
    expect(tokenLimitField('https://openai.example.com/v1')).toBe('max_tokens');
  });

  it('sizes the limit from the phrases asked for', () => {
    expect(tokenLimit('variation', 10)).toBe(500);
    expect(tokenLimit('category', 10)).toBe(900);
  });
});
