import { afterEach, expect, it } from 'vitest';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { ctrOf } from '@core/rank-tracking/visibility';
import { competitorsFoundSchema, rankVisibilitySchema } from '@core/schemas/rank-visibility';
import { isoDateOfDay, sandboxDay } from '@sandbox';
import type { KeywordDataProvider } from '../../providers/keyword-data/port';
import type { SandboxIndexProvider } from '../../providers/serp/sandbox-index';
import { describeOnDatabases } from '../../../test/backends';
import type { TestApp } from '../../../test/build-test-app';
import { checkedPickleballWeek, PICKLEBALL } from '../../../test/sandbox-rank-week';

const RANK = '/backend-service/v1/rank-tracking';
const {
  keywords: KEYWORDS,
  domain: TRACKED,
  competitor: COMPETITOR,
  first: FIRST,
  days: DAYS,
} = PICKLEBALL;

describeOnDatabases('Rank visibility and competitors found', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function checkedWeek(overrides: Parameters<typeof checkedPickleballWeek>[1] = {}) {
    const week = await checkedPickleballWeek(postgres, overrides);
    t = week.t;
    return week;
  }

  /** What the sandbox ranking of `day` gives `domain` over the keywords, worked out here. */
  function expected(
    index: SandboxIndexProvider,
    day: number,
    domain: string,
    keywords: readonly string[],
  ) {
    let clicks = 0;
    let everyClick = 0;
    for (const keyword of keywords) {
      const top = index.rank(keyword, 'en', day).slice(0, 10);
      const at = top.findIndex((page) => new URL(page.url).hostname === domain);
      clicks += ctrOf(at < 0 ? null : at + 1);
      everyClick += top.reduce((sum, _page, i) => sum + ctrOf(i + 1), 0);
    }
    return {
      visibility: Number(((clicks / (ctrOf(1) * keywords.length)) * 100).toFixed(2)),
      shareOfVoice: Number(((clicks / everyClick) * 100).toFixed(2)),
    };
  }

  it("weighs each day's positions by the click-through curve, for the domain and its competitor", async () => {
    const { user, index } = await checkedWeek();
    const response = await t.app.inject({
      method: 'GET',
      url: `${RANK}/visibility?days=${DAYS}`,
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    const report = rankVisibilitySchema.parse(response.json());
    expect(report.curve.source).toMatch(/Backlinko/);
    expect(report.volumeSource).toBeNull();
    expect(report.domains).toEqual([
      { domain: TRACKED, tracked: true },
      { domain: COMPETITOR, tracked: false },
    ]);
    const firstDay = sandboxDay(new Date(`${FIRST}T00:00:00Z`));
    expect(report.points.map((p) => p.date)).toEqual(
      Array.from({ length: DAYS }, (_, i) => isoDateOfDay(firstDay + i)),
    );
    for (const [i, point] of report.points.entries()) {
      expect(point.known).toBe(KEYWORDS.length);
      for (const domain of [TRACKED, COMPETITOR]) {
        const figure = point.figures!.find((f) => f.domain === domain)!;
        expect(figure, `${point.date} ${domain}`).toMatchObject(
          expected(index, firstDay + i, domain, KEYWORDS),
        );
        // No volume source: traffic is unknown, never 0.
        expect(figure.traffic).toBeNull();
      }
    }
    // The week's exact figures, as the sandbox's schedule makes them: dink-daily's update
    // on 2025-12-04 puts it first for all three keywords.
    expect(report.points.map((p) => p.figures![0]!.visibility)).toEqual([
      22.83, 22.83, 25.36, 100, 100, 100, 100,
    ]);

    // A tag narrows the set to its keywords.
    const rules = rankVisibilitySchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `${RANK}/visibility?days=${DAYS}&tag=rules`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(rules.keywords).toBe(1);
    expect(rules.points.at(-1)!.figures![0]).toMatchObject(
      expected(index, firstDay + DAYS - 1, TRACKED, ['pickleball rules']),
    );
  });

  it('finds the domains most often in the top ten, and follows one in a click', async () => {
    const { user, index } = await checkedWeek();
    const found = competitorsFoundSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `${RANK}/competitors-found`,
          headers: user.headers,
        })
      ).json(),
    );
    expect(found).toMatchObject({ known: 3, keywords: 3 });
    const lastDay = sandboxDay(new Date(`${FIRST}T00:00:00Z`)) + DAYS - 1;
    const counts = new Map<string, number>();
    for (const keyword of KEYWORDS) {
      const hosts = new Set(
        index
          .rank(keyword, 'en', lastDay)
          .slice(0, 10)
          .map((page) => new URL(page.url).hostname),
      );
      for (const h of hosts) counts.set(h, (counts.get(h) ?? 0) + 1);
    }
    counts.delete(TRACKED);
    expect(found.found.map((f) => f.domain).sort()).toEqual([...counts.keys()].sort());
    for (const figure of found.found) expect(figure.inTopTen).toBe(counts.get(figure.domain));
    // Most keywords first.
    const inTop = found.found.map((f) => f.inTopTen);
    expect(inTop).toEqual([...inTop].sort((a, b) => b - a));

    const newcomer = found.found.find((f) => f.domain !== COMPETITOR)!.domain;
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: `${RANK}/competitors`, headers: user.headers, payload });
    expect((await add({ domain: newcomer })).json()).toEqual({ added: 3, already: 0, full: 0 });
    expect((await add({ domain: newcomer })).json()).toEqual({ added: 0, already: 3, full: 0 });
    const bad = await add({ domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
    const list = await t.app.inject({
      method: 'GET',
      url: `${RANK}/keywords`,
      headers: user.headers,
    });
    for (const k of list.json().keywords) expect(k.competitors).toEqual([COMPETITOR, newcomer]);
  });

  it('estimates traffic from a volume source, and says why it cannot when one volume is missing', async () => {
    const volumes: Record<string, number | null> = {
      'pickleball paddles': 2400,
      'pickleball rules': 1900,
      'pickleball courts': 880,
    };
    const asked: string[][] = [];
    const keywordData: KeywordDataProvider = {
      source: 'dataforseo',
      lookup: async (keywords) => {
        asked.push([...keywords]);
        return keywords.flatMap((keyword) =>
          volumes[keyword] === null
            ? []
            : [
                {
                  keyword,
                  keyword_info: {
                    search_volume: volumes[keyword]!,
                    cpc: null,
                    competition: null,
                    monthly_searches: [],
                  },
                  keyword_properties: { keyword_difficulty: null },
                },
              ],
        );
      },
    };
    const { user, index, clock } = await checkedWeek({ keywordData });
    const get = async () =>
      rankVisibilitySchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `${RANK}/visibility?days=${DAYS}`,
            headers: user.headers,
          })
        ).json(),
      );
    const report = await get();
    expect(report).toMatchObject({ volumeSource: 'dataforseo', volumeNote: null });
    const lastDay = sandboxDay(new Date(`${FIRST}T00:00:00Z`)) + DAYS - 1;
    const traffic = KEYWORDS.reduce((sum, keyword) => {
      const at = index
        .rank(keyword, 'en', lastDay)
        .findIndex((page) => new URL(page.url).hostname === TRACKED);
      return sum + volumes[keyword]! * ctrOf(at < 0 ? null : at + 1);
    }, 0);
    expect(report.points.at(-1)!.figures![0]!.traffic).toBe(Math.round(traffic));
    // Asked once a day for the set, not once a request.
    await get();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.sort()).toEqual([...KEYWORDS].sort());
    // A day on, the source has lost one volume: traffic is unknown, and the report says why.
    volumes['pickleball courts'] = null;
    clock.advanceMinutes(25 * 60);
    const later = await t.app.services.rank.visibility.visibility(user.workspace.id, DAYS);
    expect(asked).toHaveLength(2);
    expect(later.volumeNote).toBe(RANK_TRACKING_MESSAGES.volumesMissing(1));
    expect(later.points.at(-2)!.figures![0]!.traffic).toBeNull();
  });
});
