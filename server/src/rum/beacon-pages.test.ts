import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backends';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { RUM_COLLECT_PATH, rumScriptPath } from '../routes/rum/collect';
import { INSTALL_SITE_ID } from './rum-sites';

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const OPERATOR = 'ops@example.com';
const APP_HOST = 'speedrank.test:8080';

/** A web build of one page, with the beacon script beside it as `npm run build` leaves it. */
function webBuild(): string {
  const dist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rum-pages-')), 'web');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>SpeedRank</title></head><body><div id="root"></div></body></html>',
  );
  fs.mkdirSync(path.dirname(rumScriptPath(dist)), { recursive: true });
  fs.writeFileSync(rumScriptPath(dist), '(()=>{})();');
  return dist;
}

describeOnDatabases('pages that carry the beacon', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const register = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend-service/v1/auth/register',
      payload: { email, password: 'password123' },
    });
    return { authorization: `Bearer ${res.json<{ token: string }>().token}` };
  };
  const page = async (host: string, url = '/') =>
    (await t.app.inject({ method: 'GET', url, headers: { host } })).body;
  const beacon = (key: string, origin: string, host = APP_HOST) =>
    t.app.inject({
      method: 'POST',
      url: RUM_COLLECT_PATH,
      headers: { host, origin, 'user-agent': BROWSER, 'content-type': 'text/plain' },
      payload: JSON.stringify({
        site: key,
        path: '/pricing',
        device: 'desktop',
        metrics: [{ name: 'LCP', value: 1400 }],
      }),
    });

  it('gives the app’s own pages the install’s beacon, counted from the host they came from and shown to operators only', async () => {
    t = await buildTestApp({
      postgres,
      env: { WEB_DIST_DIR: webBuild(), OPERATOR_EMAILS: ` ${OPERATOR.toUpperCase()} ` },
    });
    const { key } = await t.db.kysely
      .selectFrom('rum_sites')
      .select('key')
      .where('id', '=', INSTALL_SITE_ID)
      .executeTakeFirstOrThrow();
    expect(await page(APP_HOST, '/pricing')).toContain(
      `<script src="/rum.js" data-site="${key}" async></script></head>`,
    );
    expect((await beacon(key, `http://${APP_HOST}`)).statusCode).toBe(204);
    expect((await beacon(key, 'https://elsewhere.example')).statusCode).toBe(403);

    const operator = await register(OPERATOR);
    const sites = await t.app.inject({
      method: 'GET',
      url: '/backend-service/v1/rum/sites',
      headers: operator,
    });
    expect(sites.json().sites).toEqual([
      expect.objectContaining({ id: INSTALL_SITE_ID, install: true, origins: [] }),
    ]);
    const summary = await t.app.inject({
      method: 'GET',
      url: `/backend-service/v1/rum/sites/${INSTALL_SITE_ID}/summary?days=7`,
      headers: operator,
    });
    expect(summary.json().metrics.LCP).toMatchObject({ samples: 1, good: 1 });
    // Operators see it; they do not change or remove it here.
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/backend-service/v1/rum/sites/${INSTALL_SITE_ID}`,
      headers: operator,
    });
    expect(removal.statusCode).toBe(404);

    const someone = await register('someone@example.com');
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/backend-service/v1/rum/sites/${INSTALL_SITE_ID}/summary`,
      headers: someone,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('leaves the app’s pages without a beacon when RUM_SELF is off', async () => {
    t = await buildTestApp({ postgres, env: { WEB_DIST_DIR: webBuild(), RUM_SELF: 'off' } });
    expect(await page(APP_HOST)).not.toContain('rum.js');
    expect(
      await t.db.kysely
        .selectFrom('rum_sites')
        .select('id')
        .where('workspace_id', 'is', null)
        .execute(),
    ).toEqual([]);
  });

  it('gives a sandbox site’s pages the snippet of each RUM site registered for its origin', async () => {
    t = await buildTestApp({ postgres });
    const sandbox = 'http://scoops.sandbox.localhost:8080';
    const owner = await register('owner@example.com');
    const site = await t.app.inject({
      method: 'POST',
      url: '/backend-service/v1/rum/sites',
      headers: owner,
      payload: { name: 'Scoops', origins: [sandbox] },
    });
    const { key } = site.json<{ key: string }>();
    const html = await page('scoops.sandbox.localhost:8080');
    expect(html).toContain(
      `<script src="http://localhost:8080/rum.js" data-site="${key}" async></script></head>`,
    );
    expect(await page('petshop.sandbox.localhost:8080')).not.toContain('rum.js');
    expect((await beacon(key, sandbox, 'localhost:8080')).statusCode).toBe(204);
  });
});
