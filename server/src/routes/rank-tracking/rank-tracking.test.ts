import { afterEach, expect, it } from 'vitest';
import { RANK_TRACKING_MESSAGES } from '@core/messages';
import { buildManifest, sandboxDay } from '@sandbox';
import type { SerpProvider } from '../../providers/serp/port';
import { SandboxIndexProvider } from '../../providers/serp/sandbox-index';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { outboxMessagesTo } from '../../../test/outbox';
import { standInProvider, type StandInResults } from '../../../test/serp-stand-ins';
import { signUp } from '../../../test/users';

const KEYWORDS = '/backend-service/v1/rank-tracking/keywords';

const keyword = (overrides: object = {}) => ({
  keyword: 'vanilla ice cream',
  domain: 'scoops.example',
  device: 'desktop',
  country: 'us',
  ...overrides,
});

describeOnDatabases('Rank tracking API', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** The app with the scheduler off (checks only when asked) over `chain`. */
  const build = async (chain: SerpProvider[] = [], clock?: TestClock) => {
    t = await buildTestApp({
      postgres,
      env: { RANK_CONCURRENCY: '0', RANK_PROVIDER_GAP_MS: '0' },
      overrides: { serpChain: chain },
      ...(clock && { clock }),
    });
  };

  it('adds a keyword, refuses its duplicate with 409, and keeps it its owner’s', async () => {
    await build();
    const user = await signUp(t.app, 1);
    const created = await call('POST', KEYWORDS, user.headers, {
      ...keyword({ domain: 'https://www.Scoops.example/flavors', competitors: ['rival.example'] }),
    });
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      keyword: 'vanilla ice cream',
      domain: 'scoops.example',
      language: null,
      location: null,
      depth: 100,
      competitors: ['rival.example'],
      latest: null,
      change: { d1: null, d7: null, d30: null },
      best: null,
      alerts: { move: null, top3: false, top10: false },
    });
    expect(item.sparkline).toEqual(Array.from({ length: 30 }, () => null));
    const again = await call('POST', KEYWORDS, user.headers, keyword());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: RANK_TRACKING_MESSAGES.alreadyTracked,
      code: 'rank_keyword_already_tracked',
    });
    // Another place is another keyword.
    expect(
      (
        await call(
          'POST',
          KEYWORDS,
          user.headers,
          keyword({ location: 'Austin,Texas,United States' }),
        )
      ).statusCode,
    ).toBe(201);
    expect((await call('GET', KEYWORDS, user.headers)).json()).toMatchObject({ limit: 10 });
    expect((await call('GET', KEYWORDS, user.headers)).json().keywords).toHaveLength(2);

    const other = await signUp(t.app, 4);
    for (const [method, url, body] of [
      ['PATCH', `${KEYWORDS}/${item.id}`, { depth: 20 }],
      ['DELETE', `${KEYWORDS}/${item.id}`],
      ['GET', `${KEYWORDS}/${item.id}/history`],
      ['POST', `${KEYWORDS}/${item.id}/check`],
    ] as const) {
      const res = await call(method, url, other.headers, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('rank_keyword_not_found');
    }
    expect((await call('GET', KEYWORDS, other.headers)).json().keywords).toEqual([]);
    // Its owner changes and removes it; a visitor is asked to sign in.
    const patched = await call('PATCH', `${KEYWORDS}/${item.id}`, user.headers, {
      depth: 30,
      alerts: { move: 3, top3: false, top10: true },
    });
    expect(patched.json()).toMatchObject({ depth: 30, alerts: { move: 3, top10: true } });
    expect((await call('DELETE', `${KEYWORDS}/${item.id}`, user.headers)).json()).toEqual({
      deleted: true,
    });
    expect((await call('DELETE', `${KEYWORDS}/${item.id}`, user.headers)).statusCode).toBe(404);
    expect((await call('GET', KEYWORDS)).statusCode).toBe(401);
  });

  it('answers 400 with a message for each invalid field, and adds nothing', async () => {
    await build();
    const user = await signUp(t.app, 4);
    for (const [body, message] of [
      [keyword({ domain: 'not a domain' }), RANK_TRACKING_MESSAGES.badDomain],
      [keyword({ country: 'usa' }), RANK_TRACKING_MESSAGES.badCountry],
      [keyword({ depth: 5 }), RANK_TRACKING_MESSAGES.badDepth],
      [keyword({ keyword: '  ' }), RANK_TRACKING_MESSAGES.noKeyword],
      [keyword({ language: 'english' }), RANK_TRACKING_MESSAGES.badLanguage],
    ] as const) {
      const res = await call('POST', KEYWORDS, user.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const bulkBad = await call('POST', `${KEYWORDS}/bulk`, user.headers, {
      keywords: [keyword(), keyword({ device: 'tablet' })],
    });
    expect(bulkBad.statusCode).toBe(400);
    const history = await call('GET', `${KEYWORDS}/not-a-uuid/history`, user.headers);
    expect(history.statusCode).toBe(400);
    expect((await call('GET', KEYWORDS, user.headers)).json().keywords).toEqual([]);
  });

  it('refuses a list past the plan’s limit whole, and a list holding a duplicate whole', async () => {
    await build();
    const free = await signUp(t.app, 1);
    const list = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => keyword({ keyword: `flavor ${from + i}` }));
    const over = await call('POST', `${KEYWORDS}/bulk`, free.headers, { keywords: list(11) });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      message: RANK_TRACKING_MESSAGES.upgradeForKeywords(10),
      code: 'rank_keyword_limit',
    });
    expect((await call('GET', KEYWORDS, free.headers)).json().keywords).toEqual([]);
    const withDuplicate = await call('POST', `${KEYWORDS}/bulk`, free.headers, {
      keywords: [...list(3), keyword({ keyword: 'flavor 1' })],
    });
    expect(withDuplicate.statusCode).toBe(409);
    expect((await call('GET', KEYWORDS, free.headers)).json().keywords).toEqual([]);
    const nine = await call('POST', `${KEYWORDS}/bulk`, free.headers, { keywords: list(9) });
    expect(nine.statusCode).toBe(201);
    expect(nine.json().keywords).toHaveLength(9);
    // The limit counts the whole list with what is tracked already.
    const two = await call('POST', `${KEYWORDS}/bulk`, free.headers, { keywords: list(2, 100) });
    expect(two.statusCode).toBe(403);
    expect((await call('POST', KEYWORDS, free.headers, keyword())).statusCode).toBe(201);
    expect((await call('POST', KEYWORDS, free.headers, keyword({ keyword: 'x' }))).statusCode).toBe(
      403,
    );
    expect((await call('GET', KEYWORDS, free.headers)).json().keywords).toHaveLength(10);
  });

  it('lets exactly the plan’s number of keywords through concurrent requests', async () => {
    await build();
    const free = await signUp(t.app, 1);
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        call('POST', KEYWORDS, free.headers, keyword({ keyword: `flavor ${i}` })),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(10);
    expect(codes.filter((code) => code === 403)).toHaveLength(4);
    expect((await call('GET', KEYWORDS, free.headers)).json().keywords).toHaveLength(10);
  });

  /** One keyword checked now on a chain of stand-ins; returns the check and the list item. */
  const checkNowOn = async (scripts: [StandInResults, StandInResults?], body: object = {}) => {
    const first = standInProvider('serpapi', scripts[0]);
    const second = scripts[1] && standInProvider('serper', scripts[1]);
    await build(second ? [first, second] : [first]);
    const user = await signUp(t.app, 4);
    const created = await call('POST', KEYWORDS, user.headers, keyword(body));
    const id = created.json().id as string;
    const res = await call('POST', `${KEYWORDS}/${id}/check`, user.headers);
    expect(res.statusCode).toBe(200);
    const list = (await call('GET', KEYWORDS, user.headers)).json();
    const used = (await t.app.services.quotas.used(user.userId, 'serp')) as number;
    return { check: res.json(), item: list.keywords[0], first, second, used, user, id };
  };

  it('says ranked with the position and page, and charges one search', async () => {
    const { check, item, used, first } = await checkNowOn([
      { total: 100, places: { 14: 'www.scoops.example', 3: 'rival.example' } },
    ]);
    expect(check).toMatchObject({
      state: 'ranked',
      position: 14,
      url: 'https://www.scoops.example/page-14',
      provider: 'serpapi',
      depthReached: 100,
    });
    expect(item.latest).toEqual(check);
    expect(item.best).toEqual({ position: 14, checkedAt: check.checkedAt });
    expect(item.sandbox).toBe(false);
    expect(used).toBe(1);
    // Found on the second page with no competitor to look for: no third page asked.
    expect(first.calls.map((q) => q.pageNum)).toEqual([1, 2]);
  });

  it('reads every page of the depth for not_in_top, and says partial when the results end early', async () => {
    const absent = await checkNowOn([{ total: 100 }]);
    expect(absent.check).toMatchObject({
      state: 'not_in_top',
      position: null,
      url: null,
      depthReached: 100,
    });
    expect(absent.first.calls).toHaveLength(10);
    await t.close();
    const partial = await checkNowOn([{ total: 60 }]);
    expect(partial.check).toMatchObject({ state: 'partial', position: null, depthReached: 60 });
    expect(partial.first.calls).toHaveLength(7);
  });

  it('keeps why a check read no result: the sandbox web has no page about the keyword', async () => {
    const manifest = buildManifest({ port: 8080 });
    await build([
      new SandboxIndexProvider(
        () => manifest,
        () => sandboxDay(new Date()),
      ),
    ]);
    const user = await signUp(t.app, 4);
    const created = await call(
      'POST',
      KEYWORDS,
      user.headers,
      keyword({ keyword: 'zx qv lattice' }),
    );
    const id = created.json().id as string;
    const check = (await call('POST', `${KEYWORDS}/${id}/check`, user.headers)).json();
    expect(check).toMatchObject({ state: 'partial', depthReached: 0 });
    expect(check.note).toMatch(/^The sandbox web has no page about this keyword/);
    const history = (await call('GET', `${KEYWORDS}/${id}/history`, user.headers)).json();
    expect(history).toEqual([check]);
  });

  it('fails with every provider’s error, gives the search back, and restarts a check on the next provider', async () => {
    const failed = await checkNowOn([
      { total: 100, failOnPage: 1 },
      { total: 100, failOnPage: 3, plain: true },
    ]);
    expect(failed.check).toMatchObject({
      state: 'failed',
      position: null,
      provider: 'serper',
      depthReached: 0,
    });
    expect(failed.check.error).toBe('serpapi: serpapi answered HTTP 500; serper: serper went away');
    expect(failed.used).toBe(0);
    await t.close();
    // The first vendor fails on page 2: the whole check is the second's.
    const moved = await checkNowOn(
      [
        { total: 100, places: { 5: 'scoops.example' }, failOnPage: 2 },
        { total: 100, places: { 12: 'scoops.example', 4: 'rival.example', 95: 'other.example' } },
      ],
      { competitors: ['rival.example', 'other.example', 'absent.example'], depth: 50 },
    );
    expect(moved.check).toMatchObject({
      state: 'ranked',
      position: 12,
      provider: 'serper',
      depthReached: 50,
      competitors: { 'rival.example': 4, 'other.example': null, 'absent.example': null },
    });
    expect(moved.second!.calls.map((q) => q.pageNum)).toEqual([1, 2, 3, 4, 5]);
    expect(moved.used).toBe(1);
  });

  it('stops once the domain and every competitor are found', async () => {
    const { check, first } = await checkNowOn(
      [{ total: 100, places: { 2: 'scoops.example', 23: 'rival.example' } }],
      { competitors: ['rival.example'] },
    );
    expect(check.competitors).toEqual({ 'rival.example': 23 });
    expect(first.calls).toHaveLength(3);
  });

  it('lists history by days, and the list’s change, best and sparkline from ranked checks', async () => {
    const clock = new TestClock(new Date('2026-11-22T12:00:00Z'));
    await build([], clock);
    const user = await signUp(t.app, 4);
    const id = (await call('POST', KEYWORDS, user.headers, keyword())).json().id as string;
    const day = (n: number) => new Date(Date.parse('2026-11-22T06:00:00Z') - n * 86_400_000);
    const record = (daysAgo: number, state: string, position: number | null) =>
      t.app.services.rank.checks.record(id, {
        checkedAt: day(daysAgo).toISOString(),
        state: state as 'ranked',
        position,
        url: position ? 'https://scoops.example/' : null,
        provider: 'serpapi',
        depthReached: 100,
        competitors: {},
        features: null,
        top: null,
      });
    await record(40, 'ranked', 20);
    await record(30, 'ranked', 15);
    await record(8, 'ranked', 2);
    await record(7, 'ranked', 9);
    await record(2, 'failed', null);
    await record(1, 'ranked', 6);
    await record(0, 'ranked', 4);
    const item = (await call('GET', KEYWORDS, user.headers)).json().keywords[0];
    expect(item.change).toEqual({ d1: 2, d7: 5, d30: 11 });
    expect(item.best).toEqual({ position: 2, checkedAt: day(8).toISOString() });
    const spark = item.sparkline as (number | null)[];
    expect(spark).toHaveLength(30);
    expect(spark.slice(-9)).toEqual([2, 9, null, null, null, null, null, 6, 4]);
    expect(spark.filter((p) => p !== null)).toEqual([2, 9, 6, 4]);
    const history = (days: number) =>
      call('GET', `${KEYWORDS}/${id}/history?days=${days}`, user.headers).then((r) => r.json());
    expect((await history(7)).map((c: { position: number }) => c.position)).toEqual([null, 6, 4]);
    // Thirty days back from now: the check 30 days and 6 hours ago is past it.
    expect(await history(30)).toHaveLength(5);
    expect(await history(400)).toHaveLength(7);
    expect((await call('GET', `${KEYWORDS}/${id}/history?days=401`, user.headers)).statusCode).toBe(
      400,
    );
  });

  it('alerts on entering the top 10, and never on a failed or partial check', async () => {
    const vendor = standInProvider('serpapi', { total: 100, places: { 14: 'scoops.example' } });
    await build([vendor]);
    const user = await signUp(t.app, 4);
    await t.db.kysely
      .insertInto('tracking_webhooks')
      .values({
        id: crypto.randomUUID(),
        workspace_id: user.userId,
        url: 'https://hooks.slack.com/services/T000/B000/XXXX',
        secret: 'whsec_test',
        created_at: new Date().toISOString(),
      })
      .execute();
    const id = (
      await call(
        'POST',
        KEYWORDS,
        user.headers,
        keyword({ alerts: { move: null, top3: false, top10: true } }),
      )
    ).json().id as string;
    const checkNow = async (script: StandInResults) => {
      vendor.script = script;
      return (await call('POST', `${KEYWORDS}/${id}/check`, user.headers)).json();
    };
    const deliveries = () =>
      t.db.kysely.selectFrom('tracking_webhook_deliveries').selectAll().execute();
    const emails = () =>
      outboxMessagesTo(t.config, user.user.email).filter((m) => m.includes('changed in the check'));
    expect((await checkNow({ total: 100, places: { 14: 'scoops.example' } })).state).toBe('ranked');
    // Failed and partial checks in between, with the domain "gone": nothing is sent.
    expect((await checkNow({ total: 100, failOnPage: 1 })).state).toBe('failed');
    expect((await checkNow({ total: 40 })).state).toBe('partial');
    expect(emails()).toEqual([]);
    expect(await deliveries()).toEqual([]);
    // Into the top 10 from #14 (compared with the last ranked check, past the others).
    expect((await checkNow({ total: 100, places: { 8: 'scoops.example' } })).position).toBe(8);
    const sent = emails();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Entered the top 10');
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ event: 'rank.changed' });
    expect(JSON.parse(delivery!.body).text).toContain('Entered the top 10');
    // A failed check after it sends nothing either.
    await checkNow({ total: 100, failOnPage: 2 });
    expect(emails()).toHaveLength(1);
    expect(await deliveries()).toHaveLength(1);
  });
});
