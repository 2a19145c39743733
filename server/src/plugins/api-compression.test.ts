import http from 'node:http';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, SCRIPTED_LAB_ENV, type TestApp } from '../../test/build-test-app';
import type { LabResult, LabRunRequest, LabSpeedProvider } from '../providers/lab-speed/port';

const API = '/backend-service/v1';
const LONG_ADDRESS = 'Unit 1, Long Street, '.repeat(100);

/** A lab whose run reports its first stage at once and ends when the test says so. */
class HeldLab implements LabSpeedProvider {
  readonly source = 'local-lighthouse' as const;
  finish: () => void = () => {};
  readiness() {
    return { ready: true, message: null };
  }
  async run(request: LabRunRequest): Promise<LabResult> {
    request.onStage('loading');
    await new Promise<void>((resolve) => (this.finish = resolve));
    return { lab: {}, filmstrip: [], finalUrl: request.url, source: this.source };
  }
  async close() {}
}

describe('API compression', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('compresses a JSON reply of a kilobyte or more, per Accept-Encoding', async () => {
    t = await buildTestApp({ env: { POSTAL_ADDRESS: LONG_ADDRESS } });
    const get = (accept?: string) =>
      t.app.inject({
        method: 'GET',
        url: `${API}/site-config`,
        headers: accept ? { 'accept-encoding': accept } : {},
      });
    const br = await get('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString()).company).toMatchObject({
      postalAddress: LONG_ADDRESS,
    });
    expect((await get('gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get()).headers['content-encoding']).toBeUndefined();
  });

  it('leaves a small reply as it is', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/site-config`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().company.name).toBe('SpeedRank');
  });

  it('streams speed-run events as they happen, uncompressed', async () => {
    const lab = new HeldLab();
    t = await buildTestApp({ env: SCRIPTED_LAB_ENV, overrides: { lab } });
    const started = await t.app.inject({
      method: 'POST',
      url: `${API}/pagespeed/runs`,
      payload: { url: 'http://scoops.sandbox.localhost:8080/', strategy: 'mobile' },
    });
    const { runId } = started.json();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const events = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          `${address}${API}/pagespeed/runs/${runId}/events`,
          { headers: { 'accept-encoding': 'br, gzip' } },
          resolve,
        )
        .on('error', reject),
    );
    expect(events.headers['content-type']).toBe('text/event-stream');
    expect(events.headers['content-encoding']).toBeUndefined();
    events.setEncoding('utf8');
    const chunks = events[Symbol.asyncIterator]();
    // The first event arrives while the run is still going: nothing holds it back.
    const first = (await chunks.next()).value as string;
    expect(first).toMatch(/^id: \d\ndata: \{"stage":"\w+","status":"(?:queued|running)"\}/);
    lab.finish();
    let rest = '';
    for await (const chunk of events) rest += chunk;
    expect(rest).toContain('"status":"done"');
  });

  it('leaves the sandbox web as its sites send it', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: 'scoops.sandbox.localhost:8080', 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Big enough that it would be compressed were it an API reply.
    expect(res.body.length).toBeGreaterThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
