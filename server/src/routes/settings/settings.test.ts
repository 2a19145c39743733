import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_DEVICE_TYPE } from '@core/limits';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

const API = '/backend-service/v1';

describe('settings and usage', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function signUp(): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/auth/register`,
      payload: { email: 'set@example.com', password: 'password123' },
    });
    return res.json().token;
  }
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${API}${url}`,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers defaults, saves partial bodies, and keeps them', async () => {
    t = await buildTestApp();
    const token = await signUp();
    expect((await call('GET', '/settings', token)).json()).toEqual({
      deviceType: DEFAULT_DEVICE_TYPE,
      googleDomain: 'google.com',
      country: 'us',
      language: 'en',
      searchKeyword: '',
      originUrl: '',
      lighthouseCategories: {
        speedTest: ['accessibility', 'best-practices', 'seo', 'agentic-browsing'],
        serpCards: [],
        trackedPages: [],
      },
    });
    const saved = await call('POST', '/settings', token, {
      deviceType: 2,
      country: 'de',
      originUrl: '/serp-analysis-tool',
    });
    expect(saved.statusCode).toBe(200);
    await call('POST', '/settings', token, { language: 'fr' });
    expect((await call('GET', '/settings', token)).json()).toMatchObject({
      deviceType: 2,
      country: 'de',
      language: 'fr',
      googleDomain: 'google.com',
      originUrl: '/serp-analysis-tool',
    });
  });

  it("remembers each tool's Lighthouse categories, one tool at a time", async () => {
    t = await buildTestApp();
    const token = await signUp();
    const saved = await call('POST', '/settings', token, {
      lighthouseCategories: { speedTest: ['seo', 'accessibility'] },
    });
    expect(saved.statusCode).toBe(200);
    await call('POST', '/settings', token, { lighthouseCategories: { serpCards: ['seo'] } });
    expect((await call('GET', '/settings', token)).json().lighthouseCategories).toEqual({
      speedTest: ['accessibility', 'seo'],
      serpCards: ['seo'],
      trackedPages: [],
    });
    const refused = await call('POST', '/settings', token, {
      lighthouseCategories: { speedTest: ['pwa'] },
    });
    expect(refused.statusCode).toBe(400);
    expect((await call('GET', '/settings', token)).json().lighthouseCategories.speedTest).toEqual([
      'accessibility',
      'seo',
    ]);
  });

  it('rejects a malformed body with 400 and changes nothing', async () => {
    t = await buildTestApp();
    const token = await signUp();
    await call('POST', '/settings', token, { country: 'gb' });
    for (const body of [
      { deviceType: 7 },
      { googleDomain: 'not a host!' },
      { country: 'gb', extra: 1 },
    ]) {
      const res = await call('POST', '/settings', token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid request\. /);
    }
    expect((await call('GET', '/settings', token)).json()).toMatchObject({
      deviceType: DEFAULT_DEVICE_TYPE,
      country: 'gb',
    });
  });

  it('needs a valid bearer token', async () => {
    t = await buildTestApp();
    expect((await call('GET', '/settings')).statusCode).toBe(401);
    expect((await call('GET', '/settings', 'garbage')).statusCode).toBe(401);
    expect((await call('GET', '/usage/keyword-tool')).statusCode).toBe(401);
  });

  it('reports the remaining searches of the plan', async () => {
    t = await buildTestApp();
    const token = await signUp();
    expect((await call('GET', '/usage/serp-analysis-tool', token)).json()).toEqual({
      numOfSerpLeft: 10,
    });
    expect((await call('GET', '/usage/website-speed-tool', token)).json()).toEqual({
      numOfwebsiteSearchesLeft: 10,
    });
    expect((await call('GET', '/usage/keyword-tool', token)).json()).toEqual({
      kwtSearchesLeft: 200,
    });
  });
});
