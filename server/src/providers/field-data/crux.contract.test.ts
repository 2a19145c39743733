import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordedServer } from '../../../test/recorded-server';
import { CruxFieldData } from './crux';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

describe('CrUX adapter contract', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());

  it('queries page and origin for the form factor and maps p75s to speed classes', async () => {
    // The page has no data (404), the origin has a record.
    server = await startRecordedServer((req) =>
      JSON.parse(req.body).url
        ? { status: 404, fixture: fixture('crux-404.json') }
        : { fixture: fixture('crux-origin-phone.json') },
    );
    const data = await new CruxFieldData('crux-key', server.baseUrl).fetch(
      'https://www.example.com/shoes',
      'mobile',
    );
    const bodies = server.requests.map((r) => JSON.parse(r.body));
    expect(server.requests[0]!.url.searchParams.get('key')).toBe('crux-key');
    expect(bodies.map((b) => b.formFactor)).toEqual(['PHONE', 'PHONE']);
    expect(bodies.find((b) => b.origin)?.origin).toBe('https://www.example.com');
    expect(data.page).toBeNull();
    expect(data.error).toBeNull();
    expect(data.source).toBe('crux');
    expect(data.origin!.coreWebVitals).toBe('Pass');
    expect(data.origin!.metrics.cls).toEqual({
      label: 'CLS',
      displayValue: '0.04',
      speedColor: 'pass',
      p75: 0.04,
    });
    expect(data.origin!.metrics.inp!.displayValue).toBe('151 ms');
  });

  it("reports other failures as the error, with Google's message, never as missing data", async () => {
    server = await startRecordedServer(() => ({
      status: 403,
      json: { error: { code: 403, message: 'API key not valid. Please pass a valid API key.' } },
    }));
    const data = await new CruxFieldData('bad', server.baseUrl).fetch(
      'https://www.example.com/',
      'desktop',
    );
    expect(data).toEqual({
      page: null,
      origin: null,
      source: 'crux',
      error:
        'The Chrome UX Report API answered 403: API key not valid. Please pass a valid API key.',
    });
    // A 4xx is not retried.
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 5xx once, and keeps a set that arrived beside the failure', async () => {
    let originCalls = 0;
    server = await startRecordedServer((req) => {
      if (JSON.parse(req.body).url) return { status: 503, text: 'Service Unavailable' };
      // The origin fails once, then answers.
      return originCalls++ === 0
        ? { status: 500, json: { error: { code: 500, message: 'Internal error' } } }
        : { fixture: fixture('crux-origin-phone.json') };
    });
    const data = await new CruxFieldData('k', server.baseUrl).fetch(
      'https://www.example.com/shoes',
      'mobile',
    );
    expect(data.error).toBe('The Chrome UX Report API answered 503.');
    expect(data.page).toBeNull();
    expect(data.origin!.coreWebVitals).toBe('Pass');
    expect(server.requests).toHaveLength(4);
  });

  it('says when CrUX cannot be reached or does not answer in time', async () => {
    server = await startRecordedServer(() => ({ delayMs: 500, json: {} }));
    const slow = await new CruxFieldData('k', server.baseUrl, 100).fetch(
      'https://www.example.com/',
      'mobile',
    );
    expect(slow.error).toBe('The Chrome UX Report API did not answer within 0.1 s.');
    const closed = server.baseUrl;
    await server.close();
    server = undefined;
    const gone = await new CruxFieldData('k', closed).fetch('https://www.example.com/', 'mobile');
    expect(gone.error).toMatch(/^The Chrome UX Report API could not be reached \(.+\)\.$/);
  });
});
