import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest, type SandboxPage } from './manifest';
import {
  dayOfIsoDate,
  isoDateOfDay,
  isPublished,
  lastChangedDay,
  publicationDay,
  sandboxDay,
  SEASON_DAYS,
  seasonDay,
  type PageSchedule,
} from './schedule';
import { sandboxSites } from './serve';
import { countWords, htmlToVisibleText } from '@core/visible-text';

const manifest = buildManifest({ port: 8080 });
const scheduled = manifest.pages.filter(
  (page): page is SandboxPage & { schedule: PageSchedule } => page.schedule !== null,
);
const late = scheduled.filter((page) => page.schedule.publishedDay > 0);
const updated = scheduled.filter((page) => page.schedule.updateEvery !== null);
/** The clock's day when the run starts, so that each run tries other dates. */
const today = sandboxDay(new Date());

let day = today;
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(sandboxSites, { enabled: true, assetDelayFactor: 0, day: () => day });
  await app.ready();
});
afterAll(() => app.close());

function getOn(on: number, url: string) {
  day = on;
  const parsed = new URL(url);
  return app.inject({ method: 'GET', url: parsed.pathname, headers: { host: parsed.host } });
}

/** The next day, from `from` on, that is day `target` of its season. */
const nextSeasonDay = (from: number, target: number) =>
  from + ((target - seasonDay(from) + SEASON_DAYS) % SEASON_DAYS);

describe('the schedule', () => {
  it('counts UTC dates as days and seasons from them', () => {
    expect(dayOfIsoDate('1970-01-02')).toBe(1);
    expect(sandboxDay(new Date('2026-03-01T23:59:59Z'))).toBe(dayOfIsoDate('2026-03-01'));
    expect(isoDateOfDay(dayOfIsoDate('2026-03-01'))).toBe('2026-03-01');
    expect(seasonDay(SEASON_DAYS * 300 + 5)).toBe(5);
    expect(seasonDay(-1)).toBe(SEASON_DAYS - 1);
  });

  it('dates a page by its last update, or its publication when no update came since', () => {
    const every14: PageSchedule = { publishedDay: 0, updateEvery: 14, updateOffset: 3 };
    const start = SEASON_DAYS * 250;
    expect(lastChangedDay(every14, start + 2)).toBe(start);
    expect(lastChangedDay(every14, start + 20)).toBe(start + 17);
    const lateOne: PageSchedule = { publishedDay: 30, updateEvery: 14, updateOffset: 3 };
    expect(isPublished(lateOne, start + 29)).toBe(false);
    expect(lastChangedDay(lateOne, start + 29)).toBeNull();
    expect(lastChangedDay(lateOne, start + 30)).toBe(start + 30);
    // Its first update after publication (days ≡ 3 mod 14, and start ≡ 0).
    expect(lastChangedDay(lateOne, start + 40)).toBe(start + 31);
    expect(publicationDay(lateOne, start + 40)).toBe(start + 30);
  });

  it('publishes a late page on its day: a 404 the day before, listed in the sitemap from its day', async () => {
    expect(late.length).toBeGreaterThan(0);
    for (const page of late) {
      const published = nextSeasonDay(today + 1, page.schedule.publishedDay);
      const origin = new URL(page.url).origin;
      const before = await getOn(published - 1, page.url);
      expect(before.statusCode, page.url).toBe(404);
      expect((await getOn(published - 1, `${origin}/sitemap.xml`)).body).not.toContain(
        `<loc>${page.url}</loc>`,
      );
      const on = await getOn(published, page.url);
      expect(on.statusCode, page.url).toBe(200);
      expect(on.body).toContain(`Updated ${isoDateOfDay(published)}`);
      expect((await getOn(published, `${origin}/sitemap.xml`)).body).toContain(
        `<url><loc>${page.url}</loc><lastmod>${isoDateOfDay(published)}</lastmod></url>`,
      );
    }
  });

  it('never links to a late page from its site, so no link leads to a 404 before its day', async () => {
    for (const page of late) {
      const { pathname } = new URL(page.url);
      const published = nextSeasonDay(today + 1, page.schedule.publishedDay);
      const siblings = scheduled.filter((other) => other.site === page.site && other !== page);
      for (const sibling of siblings) {
        const html = (await getOn(published, sibling.url)).body;
        expect(html, sibling.url).not.toContain(`href="${pathname}"`);
        expect(html, sibling.url).not.toContain(`href="${page.url}"`);
      }
    }
  });

  it('shows each update in the page, its JSON-LD and its sitemap lastmod, on every day of 60', async () => {
    const page = updated.find((candidate) => candidate.schemaTypes.includes('Article'))!;
    const origin = new URL(page.url).origin;
    const dates = new Set<string>();
    for (let on = today; on < today + 60; on += 1) {
      const changed = lastChangedDay(page.schedule, on);
      if (changed === null) continue;
      const date = isoDateOfDay(changed);
      dates.add(date);
      const html = (await getOn(on, page.url)).body;
      expect(html).toContain(`Updated ${date}`);
      expect(html).toContain(`"dateModified":"${date}"`);
      expect((await getOn(on, `${origin}/sitemap.xml`)).body).toContain(
        `<url><loc>${page.url}</loc><lastmod>${date}</lastmod></url>`,
      );
    }
    expect(dates.size).toBeGreaterThanOrEqual(60 / page.schedule.updateEvery! - 1);
  });

  it('serves a day byte for byte the same, and the manifest’s word count on any day', async () => {
    for (const page of updated.slice(0, 8)) {
      const days = [today, today + 17, today + 45];
      for (const on of days) {
        if (!isPublished(page.schedule, on)) continue;
        const first = await getOn(on, page.url);
        await getOn(on + 1, page.url);
        const again = await getOn(on, page.url);
        expect(again.body === first.body, page.url).toBe(true);
        expect(countWords(htmlToVisibleText(first.body)), page.url).toBe(page.wordCount);
      }
    }
  });

  it('leaves the pages off the schedule the same on any day', async () => {
    const still = manifest.pages.filter((page) => page.schedule === null && page.status === 200);
    for (const page of still.filter((_, i) => i % 97 === 0)) {
      const first = (await getOn(today, page.url)).body;
      expect((await getOn(today + 40, page.url)).body === first, page.url).toBe(true);
    }
    const sitemap = 'http://scoops.sandbox.localhost:8080/sitemap.xml';
    expect((await getOn(today + 40, sitemap)).body).toBe((await getOn(today, sitemap)).body);
  });
});
