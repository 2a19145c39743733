import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRecordedServer } from '../../../test/recorded-server';
import { CruxFieldData } from './crux';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

describe('CrUX adapter contract', () => {
  let server: Awaited<ReturnType<typeof startRecordedServer>> | undefined;
  afterEach(async () => server?.close());

  it('queries page and origin for the form factor and maps p75s to the spec classes', async () => {
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
    expect(data.origin!.coreWebVitals).toBe('Pass');
    expect(data.origin!.metrics.cls).toEqual({
      label: 'CLS',
      displayValue: '0.04',
      speedColor: 'pass',
    });
    expect(data.origin!.metrics.inp!.displayValue).toBe('151 ms');
  });

  it('lets other failures through', async () => {
    server = await startRecordedServer(() => ({
      status: 403,
      json: { error: { code: 403, message: 'API key not valid' } },
    }));
    await expect(
      new CruxFieldData('bad', server.baseUrl).fetch('https://www.example.com/', 'desktop'),
    ).rejects.toThrow();
  });
});
