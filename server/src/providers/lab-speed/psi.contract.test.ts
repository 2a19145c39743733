import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VERSION_ONLY_LAB_ENVIRONMENT } from '@core/test-fixtures/lab-environment';
import { startRecordedServer } from '../../../test/recorded-server';
import { guardOptions } from '../../../test/guard-options';
import { LabRunError } from './port';
import { PsiProvider } from './psi';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const request = {
  url: 'https://www.example.com/',
  strategy: 'mobile' as const,
  signal: new AbortController().signal,
  onStage: () => undefined,
};

describe('PageSpeed Insights adapter contract', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());

  it("sends url, category, strategy and key, busts PSI's cache, and maps lab and field data", async () => {
    server = await startRecordedServer(() => ({ fixture: fixture('psi-mobile.json') }));
    const result = await new PsiProvider('psi-key', server.baseUrl).run(request);
    const asked = server.requests[0]!.url;
    expect(asked.pathname).toBe('/pagespeedonline/v5/runPagespeed');
    expect(asked.searchParams.get('category')).toBe('performance');
    expect(asked.searchParams.get('strategy')).toBe('mobile');
    expect(asked.searchParams.get('key')).toBe('psi-key');
    expect(asked.searchParams.get('url')).toMatch(
      /^https:\/\/www\.example\.com\/\?_sr=[0-9a-f]{8}$/,
    );
    expect(result.source).toBe('psi');
    expect(result.finalUrl).toBe('https://www.example.com/');
    expect(result.lab.psi!.score).toBeGreaterThan(0);
    expect(result.field!.page!.metrics.lcp).toEqual({
      label: 'LCP',
      displayValue: '2.8 s',
      speedColor: 'average',
      p75: 2780,
    });
    expect(result.field!.page!.coreWebVitals).toBe('Fail');
    expect(result.field!.origin!.coreWebVitals).toBe('Pass');
    expect(result.field).toMatchObject({ source: 'psi', error: null });
    // The recorded reply names its Lighthouse version and form factor, nothing more.
    expect(result.environment).toEqual({
      ...VERSION_ONLY_LAB_ENVIRONMENT,
      lighthouseVersion: '13.0.1',
    });
    expect(result.measuredAt).toBe('2026-11-20T09:19:52.118Z');
  });

  it("maps Lighthouse 13's insights, without the cache-busting parameter in their rows", async () => {
    server = await startRecordedServer(() => ({ fixture: fixture('psi-mobile.json') }));
    const result = await new PsiProvider('psi-key', server.baseUrl).run(request);
    expect(result.lab.lcp!.thresholds).toEqual({ good: 2500, poor: 4000 });
    const insights = result.insights!;
    // Failed first; the audit that did not apply is left out.
    expect(insights.map((insight) => [insight.id, insight.score])).toEqual([
      ['render-blocking-insight', 0],
      ['unused-css-rules', 0],
      ['network-dependency-tree-insight', 0],
      ['lcp-breakdown-insight', null],
      ['dom-size-insight', 1],
      ['bf-cache', 1],
    ]);
    expect(insights[0]).toMatchObject({ savingsMs: 250, metricSavings: { FCP: 250, LCP: 250 } });
    expect(insights[0]!.items.map((item) => [item.url, item.totalBytes])).toEqual([
      ['https://www.example.com/assets/blocking-1600.js', 3861],
      ['https://www.example.com/assets/blocking-1600.css', 23658],
      ['https://www.example.com/assets/site.css', 2109],
    ]);
    expect(insights[2]!.items[0]).toMatchObject({
      label: 'https://www.example.com/',
      url: 'https://www.example.com/',
    });
    expect(insights[2]).not.toHaveProperty('savingsMs');
  });

  const failure = async (reply: Parameters<typeof startRecordedServer>[0]) => {
    server = await startRecordedServer(reply);
    const error = await new PsiProvider('k', server.baseUrl).run(request).catch((e: unknown) => e);
    await server.close();
    server = undefined;
    expect(error).toBeInstanceOf(LabRunError);
    return { kind: (error as LabRunError).kind, message: (error as LabRunError).message };
  };

  it("fails a sample with PSI's own message, keeping the kind Lighthouse reported", async () => {
    expect(await failure(() => ({ status: 400, fixture: fixture('psi-400.json') }))).toEqual({
      kind: 'unreachable',
      message:
        'PageSpeed Insights answered 400: Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested.',
    });
    expect(
      await failure(() => ({
        status: 500,
        json: {
          error: {
            code: 500,
            message:
              'Lighthouse returned error: ERRORED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested. (Status code: 500)',
          },
        },
      })),
    ).toMatchObject({ kind: 'http_status', message: expect.stringMatching(/Status code: 500/) });
    expect(
      await failure(() => ({
        status: 429,
        json: { error: { code: 429, message: "Quota exceeded for quota metric 'Queries'" } },
      })),
    ).toEqual({
      kind: 'provider',
      message: "PageSpeed Insights answered 429: Quota exceeded for quota metric 'Queries'",
    });
    expect(await failure(() => ({ status: 502, text: 'Bad Gateway' }))).toEqual({
      kind: 'provider',
      message: 'PageSpeed Insights answered 502: HTTP 502',
    });
  });

  it("says when PSI answered where Lighthouse's own time is missing", async () => {
    const body = JSON.parse(fs.readFileSync(fixture('psi-mobile.json'), 'utf8'));
    delete body.lighthouseResult.fetchTime;
    server = await startRecordedServer(() => ({ json: body }));
    const result = await new PsiProvider('k', server.baseUrl).run(request);
    expect(result.measuredAt).toBe('2026-11-20T09:20:11.000Z');
  });

  it("treats a 200 carrying Lighthouse's runtimeError as that failure", async () => {
    const body = JSON.parse(fs.readFileSync(fixture('psi-mobile.json'), 'utf8'));
    body.lighthouseResult.runtimeError = {
      code: 'NO_FCP',
      message: 'The page did not paint any content.',
    };
    expect(await failure(() => ({ json: body }))).toEqual({
      kind: 'other',
      message: 'PageSpeed Insights could not measure the page: The page did not paint any content.',
    });
  });

  it('refuses a private target allowed by FETCH_ALLOW_HOSTS without asking PSI', async () => {
    server = await startRecordedServer(() => ({ fixture: fixture('psi-mobile.json') }));
    const psi = new PsiProvider(
      'k',
      server.baseUrl,
      10_000,
      guardOptions('staging.internal', async (hostname) => [
        hostname === 'staging.internal' ? '10.0.0.7' : '93.184.216.34',
      ]),
    );
    const error = await psi
      .run({ ...request, url: 'http://staging.internal/' })
      .catch((e: unknown) => e);
    expect((error as LabRunError).kind).toBe('unreachable');
    expect((error as LabRunError).message).toMatch(/Google's servers, which cannot reach/);
    expect(server.requests).toHaveLength(0);
    expect((await psi.run(request)).source).toBe('psi');
    expect(server.requests).toHaveLength(1);
  });
});
