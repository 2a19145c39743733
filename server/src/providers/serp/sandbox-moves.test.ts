import { describe, expect, it } from 'vitest';
import {
  buildManifest,
  isPublished,
  lastChangedDay,
  sandboxDay,
  SEASON_DAYS,
  seasonDay,
  type SandboxPage,
} from '@sandbox';
import { SandboxIndexProvider } from './sandbox-index';

const manifest = buildManifest({ port: 8080 });
/** The first day of the 60 the rankings are followed over: the clock's, so any date is tried. */
const today = sandboxDay(new Date());
const DAYS = Array.from({ length: 60 }, (_, i) => today + i);

let day = today;
const index = new SandboxIndexProvider(
  () => manifest,
  () => day,
);
const rankOn = (query: string, on: number) => index.rank(query, 'en', on);
const searchOn = (query: string, on: number) => {
  day = on;
  return index.search({
    query,
    device: 'desktop',
    pageNum: 1,
    googleDomain: 'google.com',
    gl: 'us',
    hl: 'en',
  });
};

const scheduled = manifest.pages.filter(
  (page): page is SandboxPage & { schedule: NonNullable<SandboxPage['schedule']> } =>
    page.schedule !== null && page.searchable,
);
const movingTopics = new Set(
  manifest.sites
    .filter((site) => scheduled.some((page) => page.site === site.id))
    .map((site) => site.topic),
);
const MOVERS = manifest.topics.filter((topic) => movingTopics.has(topic.id));
const STILL = manifest.topics.filter((topic) => !movingTopics.has(topic.id));
const sitesOf = (pages: readonly SandboxPage[]) => [...new Set(pages.map((page) => page.site))];
const positionOf = (site: string, ranked: readonly SandboxPage[]) =>
  ranked.findIndex((page) => page.site === site) + 1 || null;

describe('the sandbox index over days', () => {
  it('moves only the documented cluster: pickleball', () => {
    expect(MOVERS.map((topic) => topic.id)).toEqual(['pickleball']);
    expect(sitesOf(scheduled)).toHaveLength(12);
  });

  it('answers a day the same way every time it is asked', async () => {
    const other = new SandboxIndexProvider(
      () => manifest,
      () => today + 30,
    );
    for (const query of MOVERS[0]!.phrases) {
      const first = await searchOn(query, today + 30);
      await searchOn(query, today + 31);
      expect(await searchOn(query, today + 30), query).toEqual(first);
      expect(
        await other.search({
          query,
          device: 'desktop',
          pageNum: 1,
          googleDomain: 'google.com',
          gl: 'us',
          hl: 'en',
        }),
        query,
      ).toEqual(first);
    }
  });

  it('ranks every other topic’s searches the same on any day of the season', () => {
    const days = [0, 13, 30, 56, 77].map((offset) => today + offset);
    for (const topic of STILL)
      for (const query of topic.phrases) {
        const [first, ...others] = days.map((on) =>
          index.rank(query, topic.lang, on).map((page) => page.url),
        );
        for (const other of others) expect(other, query).toEqual(first);
      }
  });

  it('lists a scheduled page only on the days the manifest says it is published', () => {
    for (const query of MOVERS[0]!.phrases)
      for (const on of DAYS)
        for (const page of rankOn(query, on))
          if (page.schedule)
            expect(isPublished(page.schedule, on), `${query} ${page.url}`).toBe(true);
  });

  it('finds a late page from its publication day, and not the day before', () => {
    const late = scheduled.filter((page) => page.schedule.publishedDay > 0);
    expect(late.length).toBeGreaterThan(0);
    const entered: string[] = [];
    for (const page of late) {
      // Its publication day in the 60 days followed (every season day comes once in SEASON_DAYS).
      const published = DAYS.find((on) => seasonDay(on) === page.schedule.publishedDay);
      if (published === undefined) continue;
      for (const query of MOVERS[0]!.phrases) {
        const on = rankOn(query, published).map((p) => p.url);
        expect(
          rankOn(query, published - 1).map((p) => p.url),
          query,
        ).not.toContain(page.url);
        if (on.slice(0, 10).includes(page.url)) entered.push(`${query}: ${page.url}`);
      }
    }
    // Within any 60 days a late page enters a top ten (SEASON_DAYS is under 90).
    expect(SEASON_DAYS).toBeLessThan(90);
    expect(entered.length).toBeGreaterThan(0);
  });

  it('never lowers a site on a day its pages are updated, and lifts most', () => {
    let rose = 0;
    let checked = 0;
    for (const on of DAYS) {
      // A publication day brings new pages in, which may push any site down.
      const publishes = scheduled.some(
        (page) => page.schedule.publishedDay === seasonDay(on) && seasonDay(on) > 0,
      );
      if (publishes || seasonDay(on) === 0) continue;
      const updated = sitesOf(scheduled.filter((page) => lastChangedDay(page.schedule, on) === on));
      for (const query of MOVERS[0]!.phrases) {
        const before = rankOn(query, on - 1);
        const after = rankOn(query, on);
        for (const site of updated) {
          const was = positionOf(site, before);
          if (was === null) continue;
          const is = positionOf(site, after);
          expect(is, `${query}, ${site}, day ${on}`).not.toBeNull();
          expect(is!, `${query}, ${site}, day ${on}`).toBeLessThanOrEqual(was);
          checked += 1;
          if (is! < was) rose += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(rose / checked).toBeGreaterThan(0.5);
  });

  it('moves a tracked site in and out of the top ten and up and down within it', () => {
    const query = MOVERS[0]!.phrases[0]!;
    const topTens = DAYS.map((on) => sitesOf(rankOn(query, on).slice(0, 10)));
    const positions = DAYS.map((on) => positionOf('dink-daily', rankOn(query, on)));
    expect(new Set(positions).size).toBeGreaterThanOrEqual(3);
    // Some site of the cluster is in the top ten on some days and out of it on others.
    const sometimes = sitesOf(scheduled).filter(
      (site) =>
        topTens.some((top) => top.includes(site)) && topTens.some((top) => !top.includes(site)),
    );
    expect(sometimes.length).toBeGreaterThan(0);
  });
});
