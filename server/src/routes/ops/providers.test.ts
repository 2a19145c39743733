import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { ProvidersResponse } from '@core/schemas/ops';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { startRecordedServer, type RecordedReply } from '../../../test/recorded-server';

const API = '/backend-service/v1';
const OPS_TOKEN = 'an-operators-token-of-at-least-32-characters';
const fixture = (name: string) =>
  path.join(import.meta.dirname, '../../providers/serp/fixtures', name);
/** The organic links of the recorded Serper page, as the stand-in answers every search. */
const SERPER_LINKS = (
  JSON.parse(fs.readFileSync(fixture('serper-page.json'), 'utf8')) as {
    organic: { link: string }[];
  }
).organic.map((r) => r.link);

/** How the first stand-in (SerpApi's wire format) fails, search after search. */
const SERPAPI_FAILURES: { reply: RecordedReply; lastError: RegExp }[] = [
  { reply: { status: 500, json: { error: 'Internal error.' } }, lastError: /not working/ },
  // Longer than PROVIDER_TIMEOUT_MS below: the adapter gives up and the chain moves on.
  { reply: { fixture: fixture('serpapi-page.json'), delayMs: 3000 }, lastError: /in time/ },
  {
    reply: { status: 429, json: { error: 'Your account has run out of searches.' } },
    lastError: /no searches left on its account.*run out of searches/,
  },
];

describeOnDatabases('the SERP chain failing over, as operators see it', (database) => {
  let t: TestApp | undefined;
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await t?.close();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('answers from the second provider each time the first fails, and counts each failure', async () => {
    let failure = SERPAPI_FAILURES[0]!;
    const serpapi = await startRecordedServer(() => failure.reply);
    const serper = await startRecordedServer(() => ({ fixture: fixture('serper-page.json') }));
    servers.push(serpapi, serper);
    t = await buildTestApp({
      postgres: database.postgres,
      env: {
        OPS_TOKEN,
        SERP_PROVIDERS: 'serpapi,serper',
        SERPAPI_KEY: 'serpapi-key',
        SERPAPI_BASE_URL: serpapi.baseUrl,
        SERPER_API_KEY: 'serper-key',
        SERPER_BASE_URL: serper.baseUrl,
        PROVIDER_TIMEOUT_MS: '300',
      },
    });
    const providers = async () => {
      const res = await t!.app.inject({
        method: 'GET',
        url: `${API}/ops/providers`,
        headers: { authorization: `Bearer ${OPS_TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json<ProvidersResponse>().providers;
    };
    expect((await providers()).map((p) => [p.source, p.position, p.calls])).toEqual([
      ['serpapi', 1, 0],
      ['serper', 2, 0],
    ]);

    for (const [i, step] of SERPAPI_FAILURES.entries()) {
      failure = step;
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/serp-search`,
        // A query of its own each time, so that no search is answered from the cache.
        payload: { searchTerm: `running shoes ${i}`, gl: 'gb', hl: 'en' },
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<{ source: string; organic_results: { link: string }[] }>();
      expect(page.source).toBe('serper');
      expect(page.organic_results.map((r) => r.link)).toEqual(expect.arrayContaining(SERPER_LINKS));
      expect(serpapi.requests).toHaveLength(i + 1);
      expect(serper.requests).toHaveLength(i + 1);

      const [first, second] = await providers();
      expect(first).toMatchObject({
        source: 'serpapi',
        label: 'Google via SerpApi',
        calls: i + 1,
        failures: i + 1,
        results: 0,
        estimatedCostUsd: 0,
      });
      expect(first!.lastError?.message).toMatch(step.lastError);
      expect(Number.isNaN(Date.parse(first!.lastError!.at))).toBe(false);
      expect(second).toMatchObject({
        source: 'serper',
        calls: i + 1,
        failures: 0,
        results: (i + 1) * SERPER_LINKS.length,
        lastError: null,
        pricePerThousandUsd: 1,
        estimatedCostUsd: (i + 1) / 1000,
      });
      expect(second!.month).toBe(new Date().toISOString().slice(0, 7));
    }
  });
});
