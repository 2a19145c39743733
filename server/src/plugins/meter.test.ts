import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_FACTS_MAX_URLS } from '@core/limits';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { SERP_ERROR_CODES } from '@core/schemas/serp';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUp } from '../../test/users';
import { SerpProviderError } from '../providers/serp/port';

const API = '/backend-service/v1';

describe('reply.meter', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${API}${url}`, payload, headers });
  const used = (subject: string) => t.app.services.quotas.used(subject, 'serp');

  it("answers 429 once the signed-in user's month is used up", async () => {
    t = await buildTestApp();
    const { userId, headers } = await signUp(t.app, 1);
    await t.app.services.quotas.consume(userId, 'serp', 10, 9);
    expect((await post('/serp-search', { searchTerm: 'dog food' }, headers)).statusCode).toBe(200);
    const refused = await post('/rank-check', { searchTerm: 'dog food', url: 'a.com' }, headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: QUOTA_MESSAGES.monthlySearchLimit,
      code: SERP_ERROR_CODES.monthlyLimit,
    });
    expect(await used(userId)).toBe(10);
    // The user's month, not the address's.
    expect(await used('ip:127.0.0.1')).toBe(0);
  });

  it('takes nothing from a request refused before it', async () => {
    t = await buildTestApp();
    const links = Array.from({ length: PAGE_FACTS_MAX_URLS + 1 }, (_, i) => ({
      link: `https://example.com/${i}`,
    }));
    const refusals = [
      await post('/serp-search', { searchTerm: '' }),
      await post('/serp-search', { searchTerm: 'dog food', device: 3 }),
      await post('/rank-check', { searchTerm: 'dog food' }),
      await post('/send-urls', { results: links }),
      await post('/send-urls', { results: [{ link: 'https://example.com/' }], searchId: 'x' }),
      // More pages are for paid plans: refused, and not counted either.
      await post('/serp-search', { searchTerm: 'dog food', pageNum: 2 }),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 403]);
    expect(await used('ip:127.0.0.1')).toBe(0);
  });

  it('gives the use back when the search provider fails', async () => {
    t = await buildTestApp();
    vi.spyOn(t.app.services.serp!, 'search').mockRejectedValue(
      new SerpProviderError('timeout', 'The search provider did not answer in time.'),
    );
    const failed = await post('/serp-search', { searchTerm: 'dog food' });
    expect(failed.statusCode).toBe(504);
    expect(failed.json().code).toBe(SERP_ERROR_CODES.providerFailed);
    expect(await used('ip:127.0.0.1')).toBe(0);
  });
});
