import { afterEach, describe, expect, it } from 'vitest';
import { buildManifest, dayOfIsoDate, isoDateOfDay, SEASON_DAYS, seasonDay } from '@sandbox';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import type { Clock } from './shared/clock';
import { MeteredSerpProvider } from './providers/serp/metered';
import { SandboxIndexProvider } from './providers/serp/sandbox-index';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const late = buildManifest({ port: 8080 }).pages.find(
  (page) => page.schedule !== null && page.schedule.publishedDay > 0,
)!;
/** The day the late page is published in the season that starts on a multiple of SEASON_DAYS. */
const published = SEASON_DAYS * 245 + late.schedule!.publishedDay;

async function statusOf(app: TestApp, url: string): Promise<number> {
  const parsed = new URL(url);
  const port = String(app.config.PORT);
  const res = await app.app.inject({
    method: 'GET',
    url: parsed.pathname,
    headers: { host: `${parsed.hostname}:${port}` },
  });
  return res.statusCode;
}

describe('the sandbox day of the app', () => {
  it('follows the services’ clock', async () => {
    let now = new Date(`${isoDateOfDay(published - 1)}T23:59:00Z`);
    const clock: Clock = { now: () => new Date(now) };
    t = await buildTestApp({ clock });
    // The chain meters each provider: the index is inside.
    const metered = t.app.services.serpChain[0];
    expect(metered).toBeInstanceOf(MeteredSerpProvider);
    const index = (metered as MeteredSerpProvider).inner;
    expect(index).toBeInstanceOf(SandboxIndexProvider);
    const ranked = () => (index as SandboxIndexProvider).rank('pickleball', 'en').map((p) => p.url);
    const url = late.url.replace(':8080', `:${t.config.PORT}`);
    expect(await statusOf(t, late.url)).toBe(404);
    expect(ranked()).not.toContain(url);
    now = new Date(`${isoDateOfDay(published)}T00:01:00Z`);
    expect(await statusOf(t, late.url)).toBe(200);
    expect(ranked()).toContain(url);
  });

  it('holds on SANDBOX_DAY whatever the clock says', async () => {
    expect(seasonDay(published)).toBe(late.schedule!.publishedDay);
    let now = new Date(`${isoDateOfDay(published)}T12:00:00Z`);
    t = await buildTestApp({
      clock: { now: () => new Date(now) },
      env: { SANDBOX_DAY: isoDateOfDay(published - 1) },
    });
    expect(await statusOf(t, late.url)).toBe(404);
    now = new Date(`${isoDateOfDay(published + 20)}T12:00:00Z`);
    expect(await statusOf(t, late.url)).toBe(404);
    expect(dayOfIsoDate(t.config.SANDBOX_DAY!)).toBe(published - 1);
  });
});
