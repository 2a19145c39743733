import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signUp } from '../../../test/users';
import { RUM_COLLECT_PATH, rumScriptPath } from './collect';

const ORIGIN = 'https://scoops.example';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describeOnDatabases('RUM beacons', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup(sampleRate = 1, env: Record<string, string> = {}) {
    t = await buildTestApp({ postgres, env });
    const user = await signUp(t.app, 2);
    const site = (
      await t.app.inject({
        method: 'POST',
        url: '/backend-service/v1/rum/sites',
        headers: user.headers,
        payload: { name: 'Scoops', origins: [ORIGIN], sampleRate },
      })
    ).json<{ id: string; key: string }>();
    return { ...site, owner: user.headers };
  }

  const send = (
    body: unknown,
    headers: Record<string, string> = {},
    contentType = 'text/plain;charset=UTF-8',
  ) =>
    t.app.inject({
      method: 'POST',
      url: RUM_COLLECT_PATH,
      headers: { origin: ORIGIN, 'user-agent': BROWSER, 'content-type': contentType, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const beacon = (key: string, metrics: { name: string; value: number }[]) => ({
    site: key,
    path: '/flavors/42?utm_source=x',
    device: 'mobile',
    connection: '4g',
    metrics,
  });
  const today = () => new Date().toISOString().slice(0, 10);
  /** The site's figures once the beacons held so far are written. */
  const figures = async (siteId: string) => {
    await t.app.services.rumBuffer.flush();
    return t.app.services.rumCounts.figures(siteId, { from: today(), to: today() });
  };

  it('keeps a page view’s values under its page group, and drops and counts an absurd one', async () => {
    const site = await setup();
    const res = await send(
      beacon(site.key, [
        { name: 'LCP', value: 1800 },
        { name: 'CLS', value: 0.02 },
        { name: 'INP', value: -5 },
      ]),
    );
    expect(res.statusCode).toBe(204);
    const kept = await figures(site.id);
    expect(kept.LCP).toMatchObject({ samples: 1, good: 1 });
    expect(kept.CLS).toMatchObject({ samples: 1 });
    expect(kept.INP).toBeUndefined();
    expect(await t.app.services.rumCounts.dropped(site.id, { from: today(), to: today() })).toBe(1);
    const groups = await t.db.kysely
      .selectFrom('rum_counts')
      .select('page_group')
      .distinct()
      .execute();
    expect(groups).toEqual([{ page_group: '/flavors/:id' }]);
  });

  it('refuses an unknown key or another origin, and keeps nothing of bots or GPC', async () => {
    const site = await setup();
    const lcp = [{ name: 'LCP', value: 1800 }];
    expect((await send(beacon('no-such-key', lcp))).statusCode).toBe(403);
    expect((await send(beacon(site.key, lcp), { origin: 'https://evil.example' })).statusCode).toBe(
      403,
    );
    expect((await send(beacon(site.key, lcp), { origin: '' })).statusCode).toBe(403);
    expect((await send(beacon(site.key, lcp), { 'user-agent': 'Googlebot/2.1' })).statusCode).toBe(
      204,
    );
    expect((await send(beacon(site.key, lcp), { 'sec-gpc': '1' })).statusCode).toBe(204);
    expect(await figures(site.id)).toEqual({});
  });

  it('answers malformed, oversized or foreign input with a 4xx, never a server error', async () => {
    const site = await setup();
    const bodies: [unknown, string?][] = [
      ['not json'],
      ['{"site":'],
      [{}],
      [{ ...beacon(site.key, []), metrics: [] }],
      [beacon(site.key, [{ name: 'FID', value: 10 }])],
      [beacon(site.key, [{ name: 'LCP', value: 'fast' as unknown as number }])],
      [{ ...beacon(site.key, [{ name: 'LCP', value: 1 }]), path: 'x'.repeat(5000) }],
      [{ ...beacon(site.key, [{ name: 'LCP', value: 1 }]), path: '/a\u0000b' }],
      ['x'.repeat(10_000)],
      ['<xml/>', 'application/xml'],
    ];
    for (const [body, type] of bodies) {
      const res = await send(body, {}, type);
      expect(res.statusCode, String(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(body).slice(0, 40)).toBeLessThan(500);
    }
    const get = await t.app.inject({ method: 'GET', url: RUM_COLLECT_PATH });
    expect([get.statusCode, get.headers.allow]).toEqual([405, 'POST']);
    // A JSON body is taken too (fetch's keepalive fallback may send one).
    const json = await send(
      beacon(site.key, [{ name: 'TTFB', value: 300 }]),
      {},
      'application/json',
    );
    expect(json.statusCode).toBe(204);
    expect((await figures(site.id)).TTFB).toMatchObject({ samples: 1 });
  });

  it('paces one client of a site: past its minute’s share, a 429', async () => {
    const site = await setup();
    const answers = [];
    for (let i = 0; i < 65; i++)
      answers.push((await send(beacon(site.key, [{ name: 'LCP', value: 1000 + i }]))).statusCode);
    expect(answers.filter((s) => s === 204)).toHaveLength(60);
    expect(answers.slice(60)).toEqual([429, 429, 429, 429, 429]);
  });

  it('paces a site and its clients as configured, each client by its forwarded address', async () => {
    const site = await setup(1, {
      RUM_BEACONS_PER_SITE_MINUTE: '5',
      RUM_BEACONS_PER_CLIENT_MINUTE: '3',
    });
    const lcp = beacon(site.key, [{ name: 'LCP', value: 1000 }]);
    const from = (client: string) => send(lcp, { 'x-forwarded-for': client });
    const answers = [];
    for (const client of ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.1'])
      answers.push((await from(client)).statusCode);
    // The site's fifth beacon comes from another client; its sixth is one too many.
    answers.push((await from('198.51.100.2')).statusCode);
    answers.push((await from('198.51.100.3')).statusCode);
    expect(answers).toEqual([204, 204, 204, 429, 204, 429]);
    expect((await figures(site.id)).LCP).toMatchObject({ samples: 4 });
  });

  it('shows a beacon in the summary once written: at once when asked, within seconds anyway', async () => {
    const site = await setup();
    const samples = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/backend-service/v1/rum/sites/${site.id}/summary?days=7`,
        headers: site.owner,
      });
      return res.json<{ metrics: { LCP?: { samples: number } } }>().metrics.LCP?.samples ?? 0;
    };
    expect((await send(beacon(site.key, [{ name: 'LCP', value: 1000 }]))).statusCode).toBe(204);
    await t.app.services.rumBuffer.flush();
    expect(await samples()).toBe(1);
    // Unasked, the app's own timer writes it.
    expect((await send(beacon(site.key, [{ name: 'LCP', value: 1100 }]))).statusCode).toBe(204);
    await vi.waitFor(async () => expect(await samples()).toBe(2), { timeout: 10_000 });
  });

  it('writes the beacons it holds when the app closes, before the database does', async () => {
    const site = await setup();
    for (let i = 0; i < 5; i++) await send(beacon(site.key, [{ name: 'CLS', value: 0.01 * i }]));
    await t.app.close();
    const rows = await t.db.kysely
      .selectFrom('rum_counts')
      .select((eb) => eb.fn.sum<number>('count').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(5);
  });

  it('sums beacons up for the site’s owner: p75 and shares, per day and per page, filtered by device', async () => {
    const site = await setup();
    const lcps = [900, 1400, 2100, 2600, 3100, 4200, 5000, 1200];
    for (const [i, value] of lcps.entries()) {
      const res = await send({
        ...beacon(site.key, [{ name: 'LCP', value }]),
        path: i % 2 ? '/cart' : '/flavors/7',
      });
      expect(res.statusCode).toBe(204);
    }
    await send({ ...beacon(site.key, [{ name: 'LCP', value: 700 }]), device: 'desktop' });
    await t.app.services.rumBuffer.flush();
    const summary = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/backend-service/v1/rum/sites/${site.id}/summary${query}`,
        headers: site.owner,
      });
    const res = await summary('?days=7&device=mobile');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const sorted = [...lcps].sort((a, b) => a - b);
    const exact = sorted[Math.floor(0.75 * (sorted.length - 1))]!;
    expect(body.metrics.LCP.samples).toBe(8);
    expect(Math.abs(body.metrics.LCP.p75 - exact)).toBeLessThanOrEqual(0.02 * exact);
    expect(body.metrics.LCP).toMatchObject({ good: 4 / 8, needsImprovement: 2 / 8, poor: 2 / 8 });
    expect(body.series).toEqual([{ day: body.to, metrics: body.metrics }]);
    expect(body.pages.map((page: { pageGroup: string }) => page.pageGroup).sort()).toEqual([
      '/cart',
      '/flavors/:id',
    ]);
    expect((await summary('?days=7')).json().metrics.LCP.samples).toBe(9);
    expect((await summary('?days=5')).statusCode).toBe(400);
    const other = await signUp(t.app, 2);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/backend-service/v1/rum/sites/${site.id}/summary`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('gives a page’s own visitors’ figures beside its lab ones: its page group and its site, for its owner', async () => {
    const site = await setup();
    for (const [path, value] of [
      ['/flavors/7', 3000],
      ['/flavors/8', 3200],
      ['/cart', 900],
    ] as const)
      await send({ ...beacon(site.key, [{ name: 'LCP', value }]), path });
    const field = (url: string, headers = site.owner) =>
      t.app.inject({
        method: 'GET',
        url: `/backend-service/v1/rum/field?url=${encodeURIComponent(url)}&device=mobile`,
        headers,
      });
    const res = await field(`${ORIGIN}/flavors/12?ref=x`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      site: { id: site.id, name: 'Scoops' },
      pageGroup: '/flavors/:id',
      to: today(),
    });
    expect(body.page.LCP).toMatchObject({ samples: 2, needsImprovement: 1 });
    expect(body.origin.LCP).toMatchObject({ samples: 3 });
    expect(body.page.CLS).toBeUndefined();
    // Another origin, or another user's site, has no figures to give.
    expect((await field('https://elsewhere.example/')).json()).toMatchObject({
      site: null,
      page: {},
      origin: {},
    });
    const other = await signUp(t.app, 2);
    expect((await field(`${ORIGIN}/cart`, other.headers)).json().site).toBeNull();
    expect((await field('not a url')).statusCode).toBe(400);
  });

  it('serves the built beacon script for a day’s caching, and says when it is not built', async () => {
    await setup();
    const script = () => t.app.inject({ method: 'GET', url: '/rum.js' });
    expect((await script()).statusCode).toBe(404);
    const file = rumScriptPath(t.config.webDistDir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '(()=>{})();');
    const res = await script();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    );
    // Sites' pages are other origins: a same-origin resource policy would block the script.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toBe('(()=>{})();');
  });
});
