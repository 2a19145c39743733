import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordedServer } from '../../../test/recorded-server';
import { CruxFieldHistory } from './crux-history';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

describe('CrUX History adapter contract', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());

  it('asks for 40 weekly periods of the five metrics and reads p75s per period, gaps as null', async () => {
    server = await startRecordedServer(() => ({
      fixture: fixture('crux-history-page-phone.json'),
    }));
    const found = await new CruxFieldHistory('crux-key', server.baseUrl).history(
      { url: 'https://www.example.com/shoes' },
      'mobile',
    );
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/v1/records:queryHistoryRecord');
    expect(request.url.searchParams.get('key')).toBe('crux-key');
    expect(JSON.parse(request.body)).toEqual({
      url: 'https://www.example.com/shoes',
      formFactor: 'PHONE',
      metrics: [
        'largest_contentful_paint',
        'interaction_to_next_paint',
        'cumulative_layout_shift',
        'first_contentful_paint',
        'experimental_time_to_first_byte',
      ],
      // The API answers about 25 periods unless asked for more.
      collectionPeriodCount: 40,
    });

    expect(found.error).toBeNull();
    const series = found.series!;
    expect(series.periods).toHaveLength(40);
    expect(series.periods[0]).toEqual({ firstDate: '2026-01-18', lastDate: '2026-02-14' });
    expect(series.periods.at(-1)).toEqual({ firstDate: '2026-10-18', lastDate: '2026-11-14' });
    expect(Object.keys(series.p75).sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
    for (const p75s of Object.values(series.p75)) expect(p75s).toHaveLength(40);
    // Weeks 7–9 and 22 had too little data: null p75s for the timings, "NaN" for CLS.
    expect(series.p75.LCP!.slice(5, 10)).toEqual([2702, null, null, null, 2732]);
    expect(series.p75.LCP![21]).toBeNull();
    expect(series.p75.CLS!.slice(5, 10)).toEqual([0.09, null, null, null, 0.09]);
    // CLS arrives as a string and stays unitless (not ×100 as PSI's).
    expect(series.p75.CLS!.at(-1)).toBe(0.05);
    expect(series.p75.INP!.slice(0, 5)).toEqual([null, null, null, null, 193]);
    expect(series.p75.TTFB!.at(-1)).toBe(709);
  });

  it('reads an origin for desktop', async () => {
    server = await startRecordedServer(() => ({
      fixture: fixture('crux-history-origin-phone.json'),
    }));
    const found = await new CruxFieldHistory('k', server.baseUrl).history(
      { origin: 'https://www.example.com' },
      'desktop',
    );
    const body = JSON.parse(server.requests[0]!.body);
    expect(body.origin).toBe('https://www.example.com');
    expect(body.url).toBeUndefined();
    expect(body.formFactor).toBe('DESKTOP');
    expect(found.series!.p75.LCP!.every((value) => typeof value === 'number')).toBe(true);
    expect(found.series!.p75.CLS!.at(-1)).toBe(0.04);
  });

  it('reads a 404 as not enough real-user data: no series, no error', async () => {
    server = await startRecordedServer(() => ({ status: 404, fixture: fixture('crux-404.json') }));
    const found = await new CruxFieldHistory('k', server.baseUrl).history(
      { url: 'https://www.example.com/new' },
      'mobile',
    );
    expect(found).toEqual({ series: null, error: null });
    expect(server.requests).toHaveLength(1);
  });

  it("reports a 429 with Google's message, without trying again at once", async () => {
    server = await startRecordedServer(() => ({
      status: 429,
      fixture: fixture('crux-history-429.json'),
    }));
    const found = await new CruxFieldHistory('k', server.baseUrl).history(
      { origin: 'https://www.example.com' },
      'mobile',
    );
    expect(found.series).toBeNull();
    expect(found.error).toBe(
      "The Chrome UX Report API answered 429: Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'chromeuxreport.googleapis.com' for consumer 'project_number:123456789012'.",
    );
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 5xx once and reports the second failure', async () => {
    server = await startRecordedServer(() => ({ status: 503, text: 'Service Unavailable' }));
    const found = await new CruxFieldHistory('k', server.baseUrl).history(
      { origin: 'https://www.example.com' },
      'mobile',
    );
    expect(found).toEqual({ series: null, error: 'The Chrome UX Report API answered 503.' });
    expect(server.requests).toHaveLength(2);
  });

  it('says when the answer is not JSON of its shape, or comes too late', async () => {
    server = await startRecordedServer(() => ({ text: '<html>Bad gateway</html>' }));
    const malformed = await new CruxFieldHistory('k', server.baseUrl).history(
      { origin: 'https://www.example.com' },
      'mobile',
    );
    expect(malformed).toEqual({
      series: null,
      error: 'The Chrome UX Report API answered in an unknown shape.',
    });
    await server.close();

    server = await startRecordedServer(() => ({ delayMs: 500, json: {} }));
    const slow = await new CruxFieldHistory('k', server.baseUrl, 100).history(
      { origin: 'https://www.example.com' },
      'mobile',
    );
    expect(slow).toEqual({
      series: null,
      error: 'The Chrome UX Report API did not answer within 0.1 s.',
    });
  });
});
