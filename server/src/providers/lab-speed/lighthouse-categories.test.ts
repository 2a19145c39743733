import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_KEYS,
  OPTIONAL_CATEGORIES,
  type Categories,
  type CategoryAudit,
} from '@core/lighthouse-categories';
import { buildManifest, type SandboxManifest } from '@sandbox';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { freePort } from '../../../test/free-port';
import { cliRun } from '../../../test/lighthouse-cli';
import { LocalLighthouseProvider } from './local-lighthouse';

/**
 * Lighthouse's other categories, measured by the app's own lab on the sandbox's Lighthouse
 * lab (sandbox/lighthouse-lab.ts): pages with planted faults, each named in the manifest
 * with its element, a clean page, and the sandbox's one llms.txt.
 */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
let t: TestApp;
let manifest: SandboxManifest;
let lab: LocalLighthouseProvider;
/** Each lab page's categories, measured once (mobile, every category). */
const measured = new Map<string, Categories>();

beforeAll(async () => {
  const port = await freePort();
  t = await buildTestApp({ env: { PORT: String(port) } });
  await t.app.listen({ port, host: '127.0.0.1' });
  manifest = buildManifest({ port });
  lab = new LocalLighthouseProvider(CHROME_PATH, 1, 120_000, t.app.services.pageFetch);
  const { faultyUrls, cleanUrl } = manifest.lighthouseLab;
  for (const url of [...faultyUrls, cleanUrl]) {
    const result = await lab.run({
      url,
      strategy: 'mobile',
      signal: new AbortController().signal,
      onStage: () => undefined,
      categories: OPTIONAL_CATEGORIES,
    });
    measured.set(url, result.categories!);
  }
}, 240_000);
afterAll(async () => {
  await lab?.close();
  await t?.close();
});

/**
 * Whether a row is the element `selector` names ('img#storefront-photo',
 * 'meta[name="robots"]'): Lighthouse's own selector ends with it, or the element's markup
 * has its id or attribute.
 */
function namesElement(item: { selector?: string; snippet?: string }, selector: string): boolean {
  if (item.selector?.endsWith(selector)) return true;
  const id = /#([\w-]+)$/.exec(selector)?.[1];
  const attribute = /\[([\w-]+="[^"]*")\]$/.exec(selector)?.[1];
  const mark = id ? `id="${id}"` : attribute;
  return Boolean(mark && item.snippet?.includes(mark));
}

const failedIn = (categories: Categories): CategoryAudit[] =>
  Object.values(categories).flatMap((category) =>
    category.audits.filter((audit) => audit.outcome === 'failed'),
  );

describe("the categories beside performance, on the sandbox's planted faults", () => {
  it('finds each planted fault as a failed audit, on the element the manifest names', () => {
    const planted = manifest.pages.filter((page) => page.lighthouseFaults.length > 0);
    expect(planted.length).toBeGreaterThanOrEqual(4);
    for (const page of planted) {
      const failed = failedIn(measured.get(page.url)!);
      for (const fault of page.lighthouseFaults) {
        const audit = failed.find((a) => a.id === fault.audit);
        expect(audit, `${fault.audit} on ${page.url}`).toBeDefined();
        if (fault.selector)
          expect(
            audit!.items.some((item) => namesElement(item, fault.selector!)),
            `${fault.selector} in ${JSON.stringify(audit!.items)}`,
          ).toBe(true);
        if (fault.message) expect(audit!.items.map((item) => item.label)).toContain(fault.message);
      }
    }
  });

  it('fails none of the planted audits on the clean page, and scores every category there', () => {
    const clean = measured.get(manifest.lighthouseLab.cleanUrl)!;
    const plantedAudits = new Set(
      manifest.pages.flatMap((page) => page.lighthouseFaults.map((fault) => fault.audit)),
    );
    expect(failedIn(clean).filter((audit) => plantedAudits.has(audit.id as never))).toEqual([]);
    for (const id of OPTIONAL_CATEGORIES) expect(clean[CATEGORY_KEYS[id]]!.score).toBe(100);
  });

  it("reads the lab site's llms.txt as passing, and lists manual checks as manual", () => {
    const agentic = measured.get(manifest.lighthouseLab.cleanUrl)!.agenticBrowsing!;
    expect(agentic.audits.find((audit) => audit.id === 'llms-txt')).toMatchObject({
      outcome: 'passed',
    });
    const accessibility = measured.get(manifest.lighthouseLab.cleanUrl)!.accessibility!;
    expect(accessibility.audits.some((audit) => audit.outcome === 'manual')).toBe(true);
    expect(
      accessibility.audits.filter((a) => a.outcome === 'manual').every((a) => a.score === null),
    ).toBe(true);
  });

  it('scores each category as the Lighthouse CLI does, within 2', async () => {
    const url = manifest.lighthouseLab.faultyUrls.find((u) => u.includes('describing-images'))!;
    const cli = await cliRun(url);
    const ours = measured.get(url)!;
    for (const id of OPTIONAL_CATEGORIES) {
      const theirs = cli.categories![id];
      expect(typeof theirs, id).toBe('number');
      expect(Math.abs(ours[CATEGORY_KEYS[id]]!.score! - theirs!), id).toBeLessThanOrEqual(2);
    }
  }, 120_000);
});
