import { describe, expect, it } from 'vitest';
import { buildManifest, dayOfIsoDate, lastChangedDay, type SandboxPage } from '@sandbox';
import type { SerpFeature, SerpFeatureKind } from '@core/schemas/serp-features';
import { SandboxIndexProvider } from './sandbox-index';
import { TOP_STORY_DAYS } from './sandbox-features';

const manifest = buildManifest({ port: 8080 });
const on = (iso: string) => {
  const day = dayOfIsoDate(iso);
  return {
    day,
    index: new SandboxIndexProvider(
      () => manifest,
      () => day,
    ),
  };
};
const baseQuery = (query: string) => ({
  query,
  device: 'desktop' as const,
  pageNum: 1,
  googleDomain: 'google.com',
  gl: 'us',
  hl: 'en',
});
const firstPage = (index: SandboxIndexProvider, query: string) => index.search(baseQuery(query));
const hostOf = (page: SandboxPage) => new URL(page.url).hostname;
const feature = (features: SerpFeature[] | undefined, kind: SerpFeatureKind) =>
  features?.find((f) => f.kind === kind);

describe("the sandbox's SERP features, read off its ranking, templates and schedule", () => {
  it('draws each block from the pages that make it, owned by their hosts', async () => {
    const { day, index } = on('2025-12-08');
    const page = await firstPage(index, 'pickleball paddles');
    const ranked = index.rank('pickleball paddles', 'en', day).slice(0, 20);
    const hostsOf = (template: string, max: number) =>
      ranked
        .filter((p) => p.template === template)
        .slice(0, max)
        .map(hostOf);
    expect(feature(page.features, 'local_pack')?.owners).toEqual(hostsOf('location', 3));
    expect(feature(page.features, 'videos')?.owners).toEqual(hostsOf('video', 3));
    expect(feature(page.features, 'shopping')?.owners).toEqual(hostsOf('product', 4));
    const fresh = ranked
      .filter((p) => {
        const changed = p.schedule && lastChangedDay(p.schedule, day);
        return changed !== null && changed !== undefined && day - changed < TOP_STORY_DAYS;
      })
      .slice(0, 3)
      .map(hostOf);
    expect(fresh.length).toBeGreaterThan(0);
    expect(feature(page.features, 'top_stories')?.owners).toEqual(fresh);
    // Nothing is shown twice, and only the first page carries features.
    const kinds = page.features!.map((f) => f.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    const second = await index.search({ ...baseQuery('pickleball paddles'), pageNum: 2 });
    expect(second.features).toBeUndefined();
  });

  it('gives the featured snippet to the answer box and the questions to the pages asking them', async () => {
    const { index } = on('2025-12-08');
    const page = await firstPage(index, 'dog food');
    expect(page.answer_box).toBeDefined();
    expect(feature(page.features, 'featured_snippet')?.owners).toEqual([
      new URL(page.answer_box!.link).hostname,
    ]);
    const askers = feature(page.features, 'people_also_ask')!.owners;
    expect(askers.length).toBeGreaterThan(0);
    const topHosts = new Set(page.organic_results.map((r) => r.domain));
    for (const host of askers) expect(topHosts).toContain(host);
  });

  it('moves top stories with the publishing schedule', async () => {
    const stories = async (iso: string) =>
      feature((await firstPage(on(iso).index, 'pickleball paddles')).features, 'top_stories')
        ?.owners ?? [];
    const days = ['2025-12-01', '2025-12-04', '2025-12-08', '2025-12-11', '2025-12-15'];
    const seen = await Promise.all(days.map(stories));
    expect(new Set(seen.map((owners) => owners.join(','))).size).toBeGreaterThan(1);
  });

  it('shows no feature for a search it does not cover', async () => {
    const page = await firstPage(on('2025-12-08').index, 'quantum chromodynamics lattice');
    expect(page.features).toBeUndefined();
  });
});
