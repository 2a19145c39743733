import { afterEach, expect, it } from 'vitest';
import { RUM_MESSAGES } from '@core/messages';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signUp } from '../../../test/users';

const SITES = '/backend-service/v1/rum/sites';

describeOnDatabases('RUM sites API', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('registers a site with its snippet, within the plan’s number of sites, and keeps it its owner’s', async () => {
    t = await buildTestApp({ postgres, env: { PUBLIC_URL: 'https://speedrank.example' } });
    const free = await signUp(t.app, 1);
    const created = await call('POST', SITES, free.headers, {
      name: 'Scoops',
      origins: ['https://scoops.example/', 'https://www.scoops.example'],
    });
    expect(created.statusCode).toBe(201);
    const site = created.json();
    expect(site).toMatchObject({
      name: 'Scoops',
      origins: ['https://scoops.example', 'https://www.scoops.example'],
      sampleRate: 1,
      snippet: `<script src="https://speedrank.example/rum.js" data-site="${site.key}" async></script>`,
    });
    // The free plan collects for one site.
    const second = await call('POST', SITES, free.headers, {
      name: 'Other',
      origins: ['https://other.example'],
    });
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      message: RUM_MESSAGES.upgradeForSites(1),
      code: 'rum_site_limit',
    });
    expect((await call('GET', SITES, free.headers)).json()).toEqual({ sites: [site], limit: 1 });
    // Another user neither sees nor changes it.
    const other = await signUp(t.app, 4);
    expect((await call('GET', `${SITES}/${site.id}`, other.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `${SITES}/${site.id}`, other.headers)).statusCode).toBe(404);
    expect((await call('GET', SITES, other.headers)).json()).toEqual({ sites: [], limit: 50 });
    // Its owner changes and removes it; a visitor is asked to sign in.
    const patched = await call('PATCH', `${SITES}/${site.id}`, free.headers, { sampleRate: 0.5 });
    expect(patched.json()).toMatchObject({ id: site.id, sampleRate: 0.5, key: site.key });
    expect((await call('DELETE', `${SITES}/${site.id}`, free.headers)).statusCode).toBe(204);
    expect((await call('GET', `${SITES}/${site.id}`, free.headers)).statusCode).toBe(404);
    expect((await call('GET', SITES)).statusCode).toBe(401);
  });

  it('refuses an origin with a path, another scheme or no host, and changes nothing', async () => {
    t = await buildTestApp({ postgres });
    const user = await signUp(t.app, 2);
    for (const origins of [
      ['https://scoops.example/flavors'],
      ['ftp://scoops.example'],
      ['scoops'],
      [],
    ]) {
      const res = await call('POST', SITES, user.headers, { name: 'Scoops', origins });
      expect(res.statusCode, JSON.stringify(origins)).toBe(400);
    }
    expect((await call('GET', SITES, user.headers)).json().sites).toEqual([]);
  });

  it('lets exactly the plan’s number of sites through concurrent requests', async () => {
    t = await buildTestApp({ postgres });
    const lite = await signUp(t.app, 2);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', SITES, lite.headers, {
          name: `Site ${i}`,
          origins: [`https://s${i}.example`],
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((res) => res.statusCode === 403)).toHaveLength(5);
  });
});
