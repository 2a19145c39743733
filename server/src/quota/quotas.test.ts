import { afterEach, describe, expect, it } from 'vitest';
import { PLANS } from '@core/plans';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { signUp } from '../../test/users';
import { describeOnDatabases } from '../../test/backends';

describeOnDatabases('quotas', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('lets exactly ten of fifty concurrent requests through a remaining quota of ten', async () => {
    t = await buildTestApp({ postgres });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => t.app.services.quotas.consume('user-1', 'serp', 10)),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await t.app.services.quotas.used('user-1', 'serp')).toBe(10);
  });

  it('never lets an amount overshoot the limit', async () => {
    t = await buildTestApp({ postgres });
    const q = t.app.services.quotas;
    expect(await q.consume('u', 'kw', 150, 100)).toBe(true);
    expect(await q.consume('u', 'kw', 150, 60)).toBe(false);
    expect(await q.consume('u', 'kw', 150, 50)).toBe(true);
    expect(await q.used('u', 'kw')).toBe(150);
  });
});

describe('quota endpoints', () => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const API = '/backend-service/v1';

  const user = (planId = 1) => signUp(t.app, planId);

  it.each(PLANS.map((p) => [p.plan, p] as const))(
    'reports and enforces the %s plan limits',
    async (_name, plan) => {
      t = await buildTestApp();
      const u = await user(plan.planId);
      const usage = (path: string) =>
        t.app
          .inject({ method: 'GET', url: `${API}/usage/${path}`, headers: u.headers })
          .then((r) => r.json());
      expect(await usage('serp-analysis-tool')).toEqual({ numOfSerpLeft: plan.searchLimit });
      expect(await usage('website-speed-tool')).toEqual({
        numOfwebsiteSearchesLeft: plan.speedTestLimit,
      });
      expect(await usage('keyword-tool')).toEqual({ kwtSearchesLeft: plan.keywordSearchLimit });

      const rate = (body: object) =>
        t.app.inject({
          method: 'POST',
          url: `${API}/rate-limit`,
          headers: u.headers,
          payload: body,
        });
      expect(
        (await rate({ limitType: 'speedTest', speedTestSampleSize: plan.speedTestSampleLimit }))
          .statusCode,
      ).toBe(200);
      const tooMany = await rate({
        limitType: 'speedTest',
        speedTestSampleSize: plan.speedTestSampleLimit + 1,
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe('You have hit your sample size limit. Upgrade here.');

      await t.app.services.quotas.consume(u.userId, 'serp', plan.searchLimit, plan.searchLimit);
      expect(await usage('serp-analysis-tool')).toEqual({ numOfSerpLeft: 0 });
      const limited = await rate({ limitType: 'serpSearch', searchString: 'dog food' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe('You have hit your monthly search limit. Upgrade here.');
    },
  );

  it('resets on the first of the month (UTC)', async () => {
    const clock = new TestClock(new Date('2026-11-30T23:59:00Z'));
    t = await buildTestApp({ clock });
    const u = await user(1);
    await t.app.services.quotas.consume(u.userId, 'serp', 10, 10);
    const left = () =>
      t.app
        .inject({ method: 'GET', url: `${API}/usage/serp-analysis-tool`, headers: u.headers })
        .then((r) => r.json().numOfSerpLeft);
    expect(await left()).toBe(0);
    clock.advanceMinutes(2);
    expect(await left()).toBe(10);
  });

  it('answers 400 with a message, not 500, to a malformed rate-limit body', async () => {
    t = await buildTestApp();
    const u = await user(1);
    for (const payload of ['{"limitType": ', '[]', '{"limitType": "nope"}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/rate-limit`,
        headers: { ...u.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(typeof res.json().message, payload).toBe('string');
    }
  });

  it('answers kwt-rate-limit from the keyword windows without charging them', async () => {
    t = await buildTestApp();
    const u = await user(2);
    const kwt = (keywordsUsed: number) =>
      t.app.inject({
        method: 'POST',
        url: `${API}/kwt-rate-limit`,
        headers: u.headers,
        payload: { keywordString: 'ice cream', keywordsUsed },
      });
    // Advisory: asking twice charges nothing.
    expect((await kwt(31)).statusCode).toBe(200);
    expect((await kwt(31)).statusCode).toBe(200);
    expect((await kwt(32)).statusCode).toBe(429);
    expect((await t.app.services.keywordQuota.charge(u.workspace, 30)).ok).toBe(true);
    const limited = await kwt(2);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(QUOTA_MESSAGES.keywordsPerMinute);
  });

  it('answers the IP check from the keyword allowance of the visitor’s address', async () => {
    t = await buildTestApp();
    const check = () =>
      t.app.inject({ method: 'GET', url: `${API}/ip-rate-limit/ip-limit` }).then((r) => r.json());
    expect(await check()).toEqual({ status: 'SUCCESS' });
    // SERP searches are another allowance.
    await t.app.services.quotas.consume('ip:127.0.0.1', 'serp', 10, 10);
    expect(await check()).toEqual({ status: 'SUCCESS' });
    const limit = PLANS[0]!.keywordSearchLimit;
    await t.app.services.quotas.consume('ip:127.0.0.1', 'keywords', limit, limit);
    expect(await check()).toEqual({ status: 'FAILURE' });
  });

  it('answers the IP check for the tool it names', async () => {
    t = await buildTestApp();
    const check = (limitType: string) =>
      t.app
        .inject({ method: 'GET', url: `${API}/ip-rate-limit/ip-limit?limitType=${limitType}` })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const tests = PLANS[0]!.speedTestLimit;
    await t.app.services.quotas.consume('ip:127.0.0.1', 'speed', tests, tests);
    expect(await check('speedTest')).toEqual({ status: 200, body: { status: 'FAILURE' } });
    expect(await check('serpSearch')).toEqual({ status: 200, body: { status: 'SUCCESS' } });
    expect((await check('nope')).status).toBe(400);
  });
});
