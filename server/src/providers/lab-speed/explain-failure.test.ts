import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest } from '@sandbox';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freePort } from '../../../test/free-port';
import { explainLighthouseFailure } from './explain-failure';
import { lighthouseErrorKind, statusCodeIn } from './lighthouse-errors';
import { LighthouseFailure } from './lighthouse-process';

/** Lighthouse's ERRORED_DOCUMENT_REQUEST message, as its LHR carries it. */
const errored = (status: number) =>
  new LighthouseFailure(
    'ERRORED_DOCUMENT_REQUEST',
    `Lighthouse was unable to reliably load the page you requested. Make sure you are testing the correct URL and that the server is properly responding to all requests. (Status code: ${status})`,
  );

describe("Lighthouse's runtime errors", () => {
  it('maps codes to kinds and reads the status code', () => {
    expect(lighthouseErrorKind('ERRORED_DOCUMENT_REQUEST')).toBe('http_status');
    expect(lighthouseErrorKind('DNS_FAILURE')).toBe('unreachable');
    expect(lighthouseErrorKind('PAGE_HUNG')).toBe('timeout');
    expect(lighthouseErrorKind('NO_FCP')).toBe('other');
    expect(statusCodeIn(errored(503).message)).toBe(503);
    expect(statusCodeIn('The page did not paint any content.')).toBeNull();
  });
});

describe('explaining a failed local run with the guarded fetcher', () => {
  let t: TestApp;
  let port: number;
  let pages: { ok: string; missing: string };
  beforeAll(async () => {
    port = await freePort();
    t = await buildTestApp({ env: { PORT: String(port) } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const manifest = buildManifest({ port });
    pages = {
      ok: manifest.pages.find((p) => p.status === 200 && p.redirects.length === 0)!.url,
      missing: manifest.pages.find((p) => p.status === 404)!.url,
    };
  });
  afterAll(async () => t?.close());
  const explain = (url: string, failure: LighthouseFailure, guard = t.app.services.pageFetch) =>
    explainLighthouseFailure(url, failure, guard).then((e) => ({
      kind: e.kind,
      message: e.message,
    }));

  it("names the page's HTTP status, Lighthouse's first, else the fetcher's", async () => {
    expect(await explain(pages.ok, errored(500))).toEqual({
      kind: 'http_status',
      message: 'The page answered 500.',
    });
    const failed = new LighthouseFailure('FAILED_DOCUMENT_REQUEST', 'net::ERR_EMPTY_RESPONSE');
    expect(await explain(pages.missing, failed)).toEqual({
      kind: 'http_status',
      message: 'The page answered 404.',
    });
  });

  it("tells the guard proxy's refusal apart from a page that answers 403", async () => {
    expect(
      await explain(`http://127.0.0.1:${port}/backend-service/v1/health`, errored(403)),
    ).toEqual({
      kind: 'blocked_address',
      message: '127.0.0.1 points to a private or local address, which SpeedRank does not fetch.',
    });
  });

  it('says a host that does not resolve is unreachable', async () => {
    const noDns = {
      ...t.app.services.pageFetch,
      resolve: () => Promise.reject(new Error('ENOTFOUND')),
    };
    const dns = new LighthouseFailure('DNS_FAILURE', 'DNS servers could not resolve the domain.');
    expect(await explain('http://shop.example/', dns, noDns)).toEqual({
      kind: 'unreachable',
      message: 'The host shop.example could not be found.',
    });
  });

  it("keeps Lighthouse's own words for failures that are not the document's", async () => {
    const noPaint = new LighthouseFailure('NO_FCP', 'The page did not paint any content.');
    expect(await explain(pages.ok, noPaint)).toEqual({
      kind: 'other',
      message: 'The page did not paint any content.',
    });
  });
});
