import path from 'node:path';
import type { Moderation } from 'openai/resources/moderations';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordedServer, type RecordedReply } from '../../../test/recorded-server';
import { OpenAiModerator, rankModeration } from './openai';
import { ModerationError } from './port';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
/** Lets the SDK's retries run without its half-second back-off. */
const noWait = { 'retry-after-ms': '0' };

let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
afterEach(async () => server?.close());

async function serve(reply: RecordedReply, timeoutMs = 5_000) {
  server = await startRecordedServer(() => reply);
  const moderator = new OpenAiModerator({
    apiKey: 'sk-test-key',
    baseUrl: `${server.baseUrl}/v1`,
    timeoutMs,
  });
  return { moderator, requests: server.requests };
}

describe('OpenAiModerator contract', () => {
  it('sends the texts to omni-moderation-latest and ranks a clean answer 0', async () => {
    const { moderator, requests } = await serve({ fixture: fixture('moderation-clean.json') });
    expect(await moderator.rank(['running shoes'])).toBe(0);
    const [sent] = requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.url.pathname).toBe('/v1/moderations');
    expect(sent!.headers.authorization).toBe('Bearer sk-test-key');
    expect(JSON.parse(sent!.body)).toEqual({
      model: 'omni-moderation-latest',
      input: ['running shoes'],
    });
  });

  it.each([
    ['not flagged with a 0.35 violence score', 'moderation-sensitive.json', 1],
    ['flagged', 'moderation-flagged.json', 2],
    ['an array answer, worst of clean, sensitive, clean', 'moderation-array.json', 1],
  ])('ranks %s', async (_, name, rank) => {
    const { moderator } = await serve({ fixture: fixture(name) });
    expect(await moderator.rank(['a', 'b', 'c'])).toBe(rank);
  });

  it('ranks no text 0 without asking', async () => {
    const { moderator, requests } = await serve({ fixture: fixture('moderation-flagged.json') });
    expect(await moderator.rank(['', '  '])).toBe(0);
    expect(requests).toHaveLength(0);
  });

  it.each([
    [500, { fixture: fixture('error-500-server-error.json') }, /not working/],
    // Ollama's answer: self-hosted servers have no /moderations.
    [404, { text: '404 page not found' }, /no \/moderations endpoint/],
    [401, { fixture: fixture('error-401-invalid-api-key.json') }, /API key/],
  ])('turns HTTP %i into a ModerationError', async (status, reply, message) => {
    const { moderator } = await serve({ status, headers: noWait, ...reply });
    const error = await moderator.rank(['running shoes']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModerationError);
    expect((error as Error).message).toMatch(/^The moderation service at 127\.0\.0\.1:\d+ /);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).toContain(`HTTP ${status}`);
  });

  it('turns a slow answer into a ModerationError', async () => {
    const { moderator } = await serve(
      { fixture: fixture('moderation-clean.json'), delayMs: 1_000 },
      100,
    );
    const error = await moderator.rank(['running shoes']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModerationError);
    expect((error as Error).message).toContain('did not answer within 100 ms');
  });
});

describe('rankModeration thresholds', () => {
  const result = (scores: Record<string, number>, flagged = false) =>
    ({ flagged, category_scores: scores }) as unknown as Moderation;

  it('counts 0.1 in a watched category, prefix included, as sensitive', () => {
    expect(rankModeration(result({ 'hate/threatening': 0.12 }))).toBe(1);
    expect(rankModeration(result({ 'self-harm/intent': 0.1 }))).toBe(1);
    expect(rankModeration(result({ hate: 0.09 }))).toBe(0);
  });

  it('needs 0.2 in any other category', () => {
    expect(rankModeration(result({ 'future/category': 0.15 }))).toBe(0);
    expect(rankModeration(result({ 'future/category': 0.2 }))).toBe(1);
  });

  it('ranks flagged 2 whatever the scores', () => {
    expect(rankModeration(result({ hate: 0 }, true))).toBe(2);
  });
});
