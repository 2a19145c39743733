import { describe, expect, it } from 'vitest';
import { RESOURCE_TYPES, type Resources } from '@core/budgets/resources';
import { runResultSchema } from '@core/speed';
import { buildManifest, RESPONSE_HEADER_BYTES, type SandboxPage } from '@sandbox';
import { LabRunError, type LabRunRequest, type Strategy } from '../src/providers/lab-speed/port';
import { startRecordedServer } from './recorded-server';
import { SandboxLab } from './sandbox-lab';

const PORT = 43210;
const manifest = buildManifest({ port: PORT });
const pick = (profile: SandboxPage['speedProfile']) =>
  manifest.pages.find(
    (p) =>
      p.speedProfile === profile && p.status === 200 && !p.schedule && p.redirects.length === 0,
  )!;

/** The total row is the sum of the types' rows, third-party aside (it overlaps them). */
const sumOfTypes = (resources: Resources) =>
  RESOURCE_TYPES.filter((type) => type !== 'total' && type !== 'third-party').reduce(
    (sum, type) => ({
      requests: sum.requests + resources[type].requests,
      bytes: sum.bytes + resources[type].bytes,
    }),
    { requests: 0, bytes: 0 },
  );

const request = (url: string, strategy: Strategy = 'mobile'): LabRunRequest => ({
  url,
  strategy,
  signal: new AbortController().signal,
  onStage: () => {},
});

describe('the sandbox stand-in lab', () => {
  const lab = new SandboxLab(0);

  it('scores each profile as its pages are built: the costly figure is the one that suffers', async () => {
    const light = await lab.run(request(pick('light').url));
    const tasks = await lab.run(request(pick('long-tasks').url));
    const shift = await lab.run(request(pick('layout-shift').url));
    const blocking = await lab.run(request(pick('render-blocking').url));
    expect(light.lab.psi!.score).toBeGreaterThanOrEqual(90);
    expect(tasks.lab.tbt!.numericValue).toBeGreaterThan(light.lab.tbt!.numericValue * 5);
    expect(tasks.lab.psi!.score).toBeLessThan(light.lab.psi!.score);
    expect(shift.lab.cls!.score).toBeLessThan(50);
    expect(blocking.lab.fcp!.numericValue).toBeGreaterThan(light.lab.fcp!.numericValue + 1000);
    const insight = (result: typeof light) =>
      result.insights!.find((i) => i.id === 'render-blocking-insight')!;
    expect(insight(blocking).score).toBe(0);
    expect(insight(blocking).savingsMs).toBeGreaterThan(0);
    expect(insight(light).score).toBe(1);
    // A result the app stores as it would a real run's.
    const field = { page: null, origin: null, source: 'none', error: null };
    expect(runResultSchema.safeParse({ ...light, field }).success).toBe(true);
    expect(light.filmstrip.every((frame) => frame.startsWith('data:image/jpeg;base64,/9j/'))).toBe(
      true,
    );
    expect(light.filmstripMs).toEqual([light.lab.fcp!.numericValue, light.lab.lcp!.numericValue]);
    expect(light.lab.lcp!.thresholds).toEqual({ good: 2500, poor: 4000 });
    // It names no Lighthouse or Chromium version: it has none.
    expect(light.environment).toMatchObject({ lighthouseVersion: null, chromiumVersion: null });
  });

  it('measures a desktop run faster than a mobile one, on the desktop curves', async () => {
    const url = pick('heavy-images').url;
    const mobile = await lab.run(request(url, 'mobile'));
    const desktop = await lab.run(request(url, 'desktop'));
    expect(desktop.lab.lcp!.numericValue).toBeLessThan(mobile.lab.lcp!.numericValue / 2);
    expect(desktop.lab.lcp!.thresholds).toEqual({ good: 1200, poor: 2400 });
  });

  it("reports what each page's load fetched by its manifest weight, every response with its headers", async () => {
    const light = pick('light');
    const lazy = manifest.pages.find(
      (p) => p.status === 200 && !p.redirects.length && p.weight.lazyImages.requests > 0,
    )!;
    const results = {
      light: (await lab.run(request(light.url))).resources!,
      heavy: (await lab.run(request(pick('heavy-images').url))).resources!,
      blocking: (await lab.run(request(pick('render-blocking').url))).resources!,
      lazy: (await lab.run(request(lazy.url))).resources!,
    };
    const { document, stylesheet } = light.weight.eager;
    expect(results.light.document).toEqual({
      requests: 1,
      bytes: document.bytes + RESPONSE_HEADER_BYTES,
    });
    expect(results.light.stylesheet).toEqual({
      requests: stylesheet.requests,
      bytes: stylesheet.bytes + stylesheet.requests * RESPONSE_HEADER_BYTES,
    });
    expect(results.heavy.image.bytes).toBeGreaterThan(3_000_000);
    expect(results.blocking.script.requests).toBe(1);
    expect(results.blocking.stylesheet.requests).toBe(2);
    // Lazy images count as fetched, as Lighthouse fetches them on most sandbox pages.
    expect(results.lazy.image.requests).toBe(
      lazy.weight.eager.image.requests + lazy.weight.lazyImages.requests,
    );
    for (const resources of Object.values(results)) {
      expect(resources.total).toEqual(sumOfTypes(resources));
      expect(resources['third-party']).toEqual({ requests: 0, bytes: 0 });
    }
  });

  it('weighs a page as served on the port asked: its absolute links carry the port', async () => {
    const { site, url } = pick('light');
    const onPort = (port: number) =>
      buildManifest({ port }).pages.find(
        (p) => p.site === site && new URL(p.url).pathname === new URL(url).pathname,
      )!;
    const documents = [];
    for (const page of [onPort(PORT), onPort(80)]) {
      const result = await lab.run(request(page.url));
      expect(result.finalUrl).toBe(page.finalUrl);
      expect(result.resources!.document.bytes).toBe(
        page.weight.eager.document.bytes + RESPONSE_HEADER_BYTES,
      );
      documents.push(result.resources!.document.bytes);
    }
    expect(documents[0]).toBeGreaterThan(documents[1]!);
  });

  it('follows redirects to the final URL and fails as Lighthouse does on error pages', async () => {
    const redirected = manifest.pages.find((p) => p.redirects.length > 1 && p.status === 200)!;
    const result = await lab.run(request(redirected.url));
    expect(result.finalUrl).toBe(redirected.finalUrl);
    // Lighthouse counts each redirect followed as a request of type other.
    expect(result.resources!.other.requests).toBe(redirected.redirects.length);
    expect(result.resources!.total).toEqual(sumOfTypes(result.resources!));
    const failing = manifest.pages.find((p) => p.status === 500)!;
    await expect(lab.run(request(failing.url))).rejects.toEqual(
      new LabRunError('http_status', 'The page answered 500.'),
    );
    const unknown = `${new URL(pick('light').url).origin}/no-such-page`;
    await expect(lab.run(request(unknown))).rejects.toMatchObject({ kind: 'http_status' });
  });

  it("fetches a page off the sandbox: its server's wait delays the paints, its errors fail the run", async () => {
    let reply: { status?: number; delayMs?: number } = {};
    const staging = await startRecordedServer(() => ({ text: '<h1>Staging</h1>', ...reply }));
    try {
      const page = `${staging.baseUrl}/shop`;
      const fast = await lab.run(request(page));
      expect(fast.finalUrl).toBe(page);
      // The document alone: its markup is not read for what else it would load.
      const fetched = { requests: 1, bytes: '<h1>Staging</h1>'.length + RESPONSE_HEADER_BYTES };
      expect(fast.resources).toMatchObject({ document: fetched, total: fetched });
      expect(sumOfTypes(fast.resources!)).toEqual(fetched);
      reply = { delayMs: 1500 };
      const slow = await lab.run(request(page));
      // The wait itself, not the difference: a loaded machine can slow the fast answer too.
      expect(slow.lab.lcp!.numericValue).toBeGreaterThanOrEqual(1500);
      expect(slow.lab.lcp!.numericValue).toBeGreaterThan(fast.lab.lcp!.numericValue);
      // Blocking time is the page's script, not its server: the same, a run's wobble aside.
      expect(slow.lab.tbt!.numericValue / fast.lab.tbt!.numericValue).toBeCloseTo(1, 1);
      expect(slow.lab.psi!.score).toBeLessThan(fast.lab.psi!.score!);
      reply = { status: 500 };
      await expect(lab.run(request(page))).rejects.toEqual(
        new LabRunError('http_status', 'The page answered 500.'),
      );
    } finally {
      await staging.close();
    }
    await expect(lab.run(request(staging.baseUrl))).rejects.toMatchObject({
      kind: 'unreachable',
    });
  });

  it('reports its stages and stops when the run is cancelled', async () => {
    const slow = new SandboxLab(10_000);
    const controller = new AbortController();
    const stages: string[] = [];
    const run = slow.run({
      ...request(pick('light').url),
      signal: controller.signal,
      onStage: (s) => stages.push(s),
    });
    controller.abort();
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
    expect(stages[0]).toBe('loading');
  });
});
