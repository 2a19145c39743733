import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEED_MESSAGES } from '@core/messages';
import { RESOURCE_TYPES } from '@core/budgets/resources';
import { FILMSTRIP_FRAME_WIDTH } from '@core/speed';
import { buildManifest, RESPONSE_HEADER_BYTES, type SandboxPage } from '@sandbox';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freePort } from '../../../test/free-port';
import { GuardProxy } from './guard-proxy';
import { LocalLighthouseProvider } from './local-lighthouse';
import { LabRunError, type LabResult, type Strategy } from './port';

/** Real Lighthouse runs in Debian's Chromium against sandbox pages served by the app. */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
let t: TestApp;
let appPort: number;
let pages: Record<
  'light' | 'long-tasks' | 'layout-shift' | 'render-blocking' | 'missing',
  SandboxPage
>;

beforeAll(async () => {
  appPort = await freePort();
  t = await buildTestApp({ env: { PORT: String(appPort) } });
  await t.app.listen({ port: appPort, host: '127.0.0.1' });
  const manifest = buildManifest({ port: appPort });
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
    'render-blocking': pick('render-blocking'),
    missing: manifest.pages.find((p) => p.status === 404)!,
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const sample = (
  provider: LocalLighthouseProvider,
  url: string,
  options: { strategy?: Strategy; onStage?: (stage: string) => void } = {},
): Promise<LabResult> =>
  provider.run({
    url,
    strategy: options.strategy ?? 'mobile',
    signal: new AbortController().signal,
    onStage: options.onStage ?? (() => undefined),
  });

describe('local Lighthouse on the sandbox web', () => {
  let lighthouse: LocalLighthouseProvider;
  beforeAll(() => {
    lighthouse = new LocalLighthouseProvider(CHROME_PATH, 2, 120_000, t.app.services.pageFetch);
  });
  afterAll(async () => {
    await lighthouse.close();
  });
  /** One mobile run per page, shared by the tests that read it: a run takes about 10 s. */
  const runs = new Map<string, Promise<LabResult>>();
  const measured = (url: string): Promise<LabResult> => {
    const run = runs.get(url) ?? sample(lighthouse, url);
    runs.set(url, run);
    return run;
  };

  it('scores a heavy page lower than a light page, and a shifting page with more CLS', async () => {
    const light = await measured(pages.light.url);
    const heavy = await measured(pages['long-tasks'].url);
    const shifting = await measured(pages['layout-shift'].url);
    expect(light.source).toBe('local-lighthouse');
    expect(light.lab.psi!.score).toBeGreaterThan(heavy.lab.psi!.score);
    expect(heavy.lab.tbt!.numericValue).toBeGreaterThan(light.lab.tbt!.numericValue);
    expect(shifting.lab.cls!.numericValue).toBeGreaterThan(light.lab.cls!.numericValue);
    expect(light.finalUrl).toBe(pages.light.url);
    expect(light.filmstrip.length).toBeGreaterThan(0);
  }, 240_000);

  it("names a page's render-blocking stylesheet among Lighthouse 13's insights, failed first", async () => {
    const before = Date.now();
    const result = await measured(pages['render-blocking'].url);
    expect(result.environment!.lighthouseVersion).toMatch(/^13\./);
    const measuredAt = Date.parse(result.measuredAt!);
    expect(measuredAt).toBeGreaterThanOrEqual(before);
    expect(measuredAt).toBeLessThanOrEqual(Date.now());
    const insights = result.insights!;
    const blocking = insights.find((insight) => insight.id === 'render-blocking-insight')!;
    // Flagged: failed, or 'average' when a loaded machine's trace shortens the estimate.
    expect(blocking.group).toBe('insight');
    expect(blocking.score).toBeLessThan(1);
    expect(blocking.savingsMs).toBeGreaterThan(0);
    // The page's blocking stylesheet (its name says the server's delay), with its size.
    const origin = new URL(pages['render-blocking'].url).origin;
    const stylesheet = blocking.items.find((item) =>
      /^\/assets\/blocking-\d+\.css$/.test(item.url?.replace(origin, '') ?? ''),
    );
    expect(stylesheet?.totalBytes).toBeGreaterThan(0);
    // Insights that failed come before any that passed.
    const passedFrom = insights.findIndex((insight) => insight.score === 1);
    expect(insights.indexOf(blocking)).toBeLessThan(passedFrom);
    expect(result.lab.lcp!.thresholds).toEqual({ good: 2500, poor: 4000 });
  }, 120_000);

  it("counts what each page fetched as the manifest weighs it, each response's headers aside", async () => {
    for (const key of ['light', 'long-tasks', 'layout-shift', 'render-blocking'] as const) {
      const { url, weight } = pages[key];
      const resources = (await measured(url)).resources!;
      // One lazy image at most: the image count then says whether it was fetched.
      expect(weight.lazyImages.requests, url).toBeLessThanOrEqual(1);
      const lazy = resources.image.requests - weight.eager.image.requests;
      expect([0, weight.lazyImages.requests], url).toContain(lazy);
      for (const type of RESOURCE_TYPES) {
        const fetchedLazy = type === 'image' || type === 'total' ? lazy : 0;
        const { requests, bytes } = resources[type];
        expect(requests, `${url} ${type}`).toBe(weight.eager[type].requests + fetchedLazy);
        // Each response's headers come on top of its body: the sandbox's own, a few bytes
        // apart by content type, cache policy and length (571 to 584 measured).
        const body = weight.eager[type].bytes + fetchedLazy * weight.lazyImages.bytes;
        expect(
          Math.abs(bytes - body - requests * RESPONSE_HEADER_BYTES),
          `${url} ${type}`,
        ).toBeLessThanOrEqual(requests * 25);
      }
    }
  }, 240_000);

  it('runs two samples at once in separate Lighthouse processes, each reporting its stages', async () => {
    const stages: string[][] = [[], []];
    const results = await Promise.all(
      (['mobile', 'desktop'] as const).map((strategy, i) =>
        sample(lighthouse, pages.light.url, {
          strategy,
          onStage: (stage) => stages[i]!.push(stage),
        }),
      ),
    );
    for (const result of results) expect(result.lab.psi!.score).toBeGreaterThan(0);
    for (const seen of stages) expect(seen).toEqual(['loading', 'tracing', 'auditing']);
    // Each scored by its own device's curve: the desktop preset holds beside the category.
    expect(results.map((result) => result.lab.lcp!.thresholds)).toEqual([
      { good: 2500, poor: 4000 },
      { good: 1200, poor: 2400 },
    ]);
  }, 240_000);

  it('gives the browser itself no route to private addresses, only to the sandbox hosts', async () => {
    await lighthouse.useSlot(async ({ chrome }) => {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      try {
        const page = await browser.newPage();
        const health = await page.goto(`http://127.0.0.1:${appPort}/backend-service/v1/health`);
        expect(health?.status()).toBe(403);
        const sandbox = await page.goto(pages.light.url);
        expect(sandbox?.status()).toBe(200);
        await page.close();
      } finally {
        await browser.close();
      }
    });
  }, 60_000);

  it("fails a page that answers 404 with the page's status, as Lighthouse reported it", async () => {
    const error = await sample(lighthouse, pages.missing.url).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LabRunError);
    expect({ kind: (error as LabRunError).kind, message: (error as LabRunError).message }).toEqual({
      kind: 'http_status',
      message: 'The page answered 404.',
    });
  }, 120_000);

  it("names the guard's refusal when the browser is sent to a private address", async () => {
    // The start route vets URLs first; this is what a redirect to one would meet.
    const error = await sample(
      lighthouse,
      `http://127.0.0.1:${appPort}/backend-service/v1/health`,
    ).catch((e: unknown) => e);
    expect((error as LabRunError).kind).toBe('blocked_address');
  }, 120_000);

  // A flow's run in the pool's processes is lighthouse-flow.test.ts's; its refusal comes first.
  it('refuses a user flow with a step that opens a private address, before any run', async () => {
    const refused = await lighthouse
      .runFlow({
        flow: {
          name: 'Look',
          device: 'desktop',
          steps: [
            { kind: 'navigate', url: pages.light.url, name: 'Light' },
            { kind: 'navigate', url: `http://127.0.0.1:${appPort}/backend-service/v1/health` },
          ],
        },
        secrets: {},
        signal: new AbortController().signal,
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LabRunError);
    expect((refused as LabRunError).kind).toBe('blocked_address');
    expect((refused as LabRunError).message).toMatch(/^Step 2 was refused: /);
  });

  it('refuses private addresses in the guard proxy, for every request a page makes', async () => {
    const proxy = new GuardProxy(t.app.services.pageFetch);
    // Slots start it concurrently: one proxy for all of them, none left listening.
    const [address, again] = await Promise.all([proxy.start(), proxy.start()]);
    expect(again).toBe(address);
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
    expect(await via(`http://127.0.0.1:${appPort}/backend-service/v1/health`)).toBe(403);
    expect(await via('http://169.254.169.254/latest/meta-data/')).toBe(403);
    expect(await via(pages.light.url)).toBe(200);
    await proxy.close();
  });
});

/** A JPEG data URI's width in pixels, from its frame header (SOF0 to SOF2). */
const jpegWidth = (dataUri: string) => {
  const bytes = Buffer.from(dataUri.slice(dataUri.indexOf(',') + 1), 'base64');
  for (let at = 2; at + 9 < bytes.length; at += 2 + bytes.readUInt16BE(at + 2)) {
    if (bytes[at] !== 0xff) return null;
    if (bytes[at + 1]! >= 0xc0 && bytes[at + 1]! <= 0xc2) return bytes.readUInt16BE(at + 7);
  }
  return null;
};

/** This test process's child processes whose command line holds `pattern`. */
const childPids = (pattern: string) => {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-f', pattern], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

describe('warm start', () => {
  it('starts a browser and a Lighthouse process per slot before any run, runs on them, and leaves none after closing', async () => {
    const lighthouse = new LocalLighthouseProvider(
      CHROME_PATH,
      2,
      120_000,
      t.app.services.pageFetch,
    );
    try {
      await lighthouse.warm();
      const browsers = childPids('chromium');
      expect(browsers).toHaveLength(2);
      expect(childPids('lighthouse-child')).toHaveLength(2);
      const used = await lighthouse.useSlot((slot) => Promise.resolve(slot.chrome.pid));
      expect(browsers).toContain(used);
      // Warming a full pool starts nothing more.
      await lighthouse.warm();
      expect(childPids('chromium')).toEqual(browsers);
      const first = await sample(lighthouse, pages.light.url);
      expect(first.lab.psi!.score).toBeGreaterThan(0);
      // The warm slot measured the machine already: its first run spends no second on it.
      expect(first.profile!.benchmarkMs).toBeLessThan(200);
      expect(first.environment?.benchmarkIndex).toBeGreaterThan(0);
      expect(childPids('chromium')).toEqual(browsers);
    } finally {
      await lighthouse.close();
    }
    await expect
      .poll(() => childPids('chromium').length + childPids('lighthouse-child').length)
      .toBe(0);
  }, 120_000);
});

describe('one browser across runs', () => {
  /** The bytes of each resource the run downloaded, by URL, as Lighthouse's byte weight lists them. */
  const downloaded = (result: LabResult) =>
    Object.fromEntries(
      (result.insights?.find((insight) => insight.id === 'total-byte-weight')?.items ?? []).map(
        (item) => [item.url, item.totalBytes],
      ),
    );

  it('clears the cache between runs (the second run of a page downloads its cacheable stylesheet again) and does not measure the machine again', async () => {
    const lighthouse = new LocalLighthouseProvider(
      CHROME_PATH,
      1,
      120_000,
      t.app.services.pageFetch,
    );
    try {
      const run = await sample(lighthouse, pages.light.url);
      const first = downloaded(run);
      const again = await sample(lighthouse, pages.light.url);
      const second = downloaded(again);
      // The machine was measured (a second of a page's CPU) when the slot started; neither
      // run measures it again, both report that measure (lighthouse-benchmark.ts).
      for (const result of [run, again]) expect(result.profile!.benchmarkMs).toBeLessThan(200);
      expect(run.environment?.benchmarkIndex).toBeGreaterThan(0);
      expect(again.environment?.benchmarkIndex).toBe(run.environment?.benchmarkIndex);
      // The filmstrip comes at the width it is shown, not the trace's.
      expect(run.filmstrip.length).toBeGreaterThan(0);
      for (const frame of run.filmstrip) expect(jpegWidth(frame)).toBe(FILMSTRIP_FRAME_WIDTH);
      // The sandbox serves its stylesheet with max-age: only a cleared cache asks again.
      const stylesheet = Object.keys(first).find((url) => url.endsWith('.css'));
      expect(stylesheet).toBeDefined();
      expect(second).toEqual(first);
    } finally {
      await lighthouse.close();
    }
  }, 120_000);

  it('kills a run past its time limit with its browser, and the next run starts a new one', async () => {
    const lighthouse = new LocalLighthouseProvider(CHROME_PATH, 1, 1_500, t.app.services.pageFetch);
    try {
      await lighthouse.warm();
      const [hung] = childPids('chromium');
      const error = await sample(lighthouse, pages['long-tasks'].url).catch((e: unknown) => e);
      expect((error as LabRunError).kind).toBe('timeout');
      await expect.poll(() => childPids('chromium')).not.toContain(hung);
      const used = await lighthouse.useSlot((slot) => Promise.resolve(slot.chrome.pid));
      expect(used).not.toBe(hung);
    } finally {
      await lighthouse.close();
    }
  }, 120_000);
});

describe('crash recovery', () => {
  // One slot, so the only browser and Lighthouse process of this test process are the run's.
  let lighthouse: LocalLighthouseProvider;
  beforeAll(() => {
    lighthouse = new LocalLighthouseProvider(CHROME_PATH, 1, 120_000, t.app.services.pageFetch);
  });
  afterAll(async () => {
    await lighthouse.close();
  });

  it.each([
    ['Chromium', 'chromium'],
    ['Lighthouse', 'lighthouse-child'],
  ])(
    "turns a %s process killed mid-run into that sample's error, and the next sample succeeds",
    async (_name, pattern) => {
      let killed = 0;
      const error = await sample(lighthouse, pages['long-tasks'].url, {
        onStage: (stage) => {
          if (stage !== 'tracing') return;
          for (const pid of childPids(pattern)) {
            process.kill(pid, 'SIGKILL');
            killed++;
          }
        },
      }).catch((e: unknown) => e);
      expect(killed).toBe(1);
      expect(error).toBeInstanceOf(LabRunError);
      expect((error as LabRunError).kind).toBe('crashed');
      const next = await sample(lighthouse, pages.light.url);
      expect(next.lab.psi!.score).toBeGreaterThan(0);
    },
    240_000,
  );

  it('cancels a run when its signal aborts', async () => {
    const controller = new AbortController();
    const error = await lighthouse
      .run({
        url: pages['long-tasks'].url,
        strategy: 'mobile',
        signal: controller.signal,
        onStage: (stage) => {
          if (stage === 'tracing') controller.abort();
        },
      })
      .catch((e: unknown) => e);
    expect((error as LabRunError).kind).toBe('cancelled');
    expect((await sample(lighthouse, pages.light.url)).lab.psi!.score).toBeGreaterThan(0);
  }, 240_000);
});

describe('without Chromium', () => {
  it('is not ready, and fails runs as browser_missing without launching anything', async () => {
    const none = new LocalLighthouseProvider('/nonexistent', 1, 10_000, t.app.services.pageFetch);
    expect(none.readiness()).toEqual({ ready: false, message: SPEED_MESSAGES.browserMissing });
    const error = await sample(none, pages.light.url).catch((e: unknown) => e);
    expect((error as LabRunError).kind).toBe('browser_missing');
    // A directory is no browser either.
    const dir = new LocalLighthouseProvider('/usr/bin', 1, 10_000, t.app.services.pageFetch);
    expect(dir.readiness().ready).toBe(false);
    await Promise.all([none.close(), dir.close()]);
  });
});
