import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxPage } from '../../sandbox/manifest';
import { buildManifest } from '../../sandbox/manifest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freePort } from '../../../test/free-port';
import http from 'node:http';
import { GuardProxy } from './guard-proxy';
import { LocalLighthouseProvider } from './local-lighthouse';
import { LabRunError, type LabResult } from './port';

/** Real Lighthouse runs in Debian's Chromium against sandbox pages served by the app. */
let t: TestApp;
let pages: Record<'light' | 'long-tasks' | 'layout-shift', SandboxPage>;
let lighthouse: LocalLighthouseProvider;

beforeAll(async () => {
  const port = await freePort();
  t = await buildTestApp({ env: { PORT: String(port) } });
  await t.app.listen({ port, host: '127.0.0.1' });
  const manifest = buildManifest({ port });
  const pick = (profile: SandboxPage['speedProfile']) =>
    manifest.pages.find(
      (p) =>
        p.speedProfile === profile &&
        p.status === 200 &&
        p.redirects.length === 0 &&
        p.wordCount < 800,
    )!;
  // The long-task pages are the reliably heavy ones: seconds of main-thread work.
  pages = {
    light: pick('light'),
    'long-tasks': pick('long-tasks'),
    'layout-shift': pick('layout-shift'),
  };
  lighthouse = new LocalLighthouseProvider(
    process.env.CHROME_PATH ?? '/usr/bin/chromium',
    1,
    120_000,
    t.app.services.pageFetch,
  );
}, 60_000);
afterAll(async () => {
  await lighthouse?.close();
  await t?.close();
});

const run = (url: string): Promise<LabResult> =>
  lighthouse.run({
    url,
    strategy: 'mobile',
    signal: new AbortController().signal,
    onStage: () => undefined,
  });

describe('local Lighthouse on the sandbox web', () => {
  it('scores a heavy page lower than a light page, and a shifting page with more CLS', async () => {
    const light = await run(pages.light.url);
    const heavy = await run(pages['long-tasks'].url);
    const shifting = await run(pages['layout-shift'].url);
    expect(light.source).toBe('local-lighthouse');
    expect(light.lab.psi!.score).toBeGreaterThan(heavy.lab.psi!.score);
    expect(heavy.lab.tbt!.numericValue).toBeGreaterThan(light.lab.tbt!.numericValue);
    expect(shifting.lab.cls!.numericValue).toBeGreaterThan(light.lab.cls!.numericValue);
    expect(light.finalUrl).toBe(pages.light.url);
    expect(light.filmstrip.length).toBeGreaterThan(0);
  }, 240_000);

  it("turns a Chromium killed mid-run into that sample's error, and the next sample succeeds", async () => {
    const controller = new AbortController();
    const killed = lighthouse.run({
      url: pages['long-tasks'].url,
      strategy: 'mobile',
      signal: controller.signal,
      onStage: (stage) => {
        // Kill the browser the moment the page starts loading.
        if (stage === 'loading') setTimeout(() => controller.abort(), 300);
      },
    });
    const error = await killed.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LabRunError);
    const next = await run(pages.light.url);
    expect(next.lab.psi!.score).toBeGreaterThan(0);
  }, 240_000);

  it('gives the browser no route to private addresses, even from inside a sandbox page', async () => {
    const proxy = new GuardProxy(t.app.services.pageFetch);
    const address = await proxy.start();
    const via = (target: string) =>
      new Promise<number>((resolve) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: Number(address.split(':')[1]),
            path: target,
            headers: { host: new URL(target).host },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.end();
      });
    expect(
      await via(`http://127.0.0.1:${new URL(pages.light.url).port}/backend-service/v1/health`),
    ).toBe(403);
    expect(await via('http://169.254.169.254/latest/meta-data/')).toBe(403);
    expect(await via(pages.light.url)).toBe(200);
    await proxy.close();
  });
});
