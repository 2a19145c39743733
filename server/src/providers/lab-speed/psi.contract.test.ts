import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordedServer } from '../../../test/recorded-server';
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
    });
    expect(result.field!.page!.coreWebVitals).toBe('Fail');
    expect(result.field!.origin!.coreWebVitals).toBe('Pass');
  });

  it('maps a 400 to a bad URL and quota refusals to failures', async () => {
    server = await startRecordedServer(() => ({ status: 400, fixture: fixture('psi-400.json') }));
    const bad = await new PsiProvider('k', server.baseUrl).run(request).catch((e: unknown) => e);
    expect((bad as LabRunError).kind).toBe('bad_url');
    await server.close();
    server = await startRecordedServer(() => ({
      status: 429,
      json: { error: { code: 429, message: 'Quota exceeded' } },
    }));
    const quota = await new PsiProvider('k', server.baseUrl).run(request).catch((e: unknown) => e);
    expect((quota as LabRunError).kind).toBe('failed');
    expect((quota as LabRunError).message).toMatch(/quota/);
  });
});
