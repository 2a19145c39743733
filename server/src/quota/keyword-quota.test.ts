import { afterEach, describe, expect, it } from 'vitest';
import { FREE_KEYWORDS_PER_LIST } from '@core/keywords/limits';
import { planById } from '@core/plans';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { signUp } from '../../test/users';
import { describeOnDatabases } from '../../test/backends';

let t: TestApp;
afterEach(async () => t?.close());

const userOnPlan = async (planId: number) => (await signUp(t.app, planId)).workspace;

describeOnDatabases('keyword quota', ({ postgres }) => {
  it('lets exactly ten of fifty concurrent searches through 100 keywords left', async () => {
    t = await buildTestApp({ postgres });
    const user = await userOnPlan(1);
    const limit = planById(1).keywordSearchLimit;
    await t.app.services.quotas.consume(user.id, 'keywords', limit, limit - 100);
    const charges = await Promise.all(
      Array.from({ length: 50 }, () => t.app.services.keywordQuota.charge(user, 10)),
    );
    expect(charges.filter((c) => c.ok)).toHaveLength(10);
    expect(await t.app.services.quotas.used(user.id, 'keywords')).toBe(limit);
  });
});

describe('keyword quota', () => {
  it('caps a free list at about 21 and charges what it asked for', async () => {
    t = await buildTestApp();
    const user = await userOnPlan(1);
    const charge = await t.app.services.keywordQuota.charge(user, 30);
    expect(charge).toMatchObject({ ok: true, size: FREE_KEYWORDS_PER_LIST });
    expect(await t.app.services.quotas.used(user.id, 'keywords')).toBe(FREE_KEYWORDS_PER_LIST);
  });

  it('gives a request what is left of the month, then refuses with the monthly message', async () => {
    t = await buildTestApp();
    const user = await userOnPlan(1);
    const limit = planById(1).keywordSearchLimit;
    await t.app.services.quotas.consume(user.id, 'keywords', limit, limit - 4);
    expect(await t.app.services.keywordQuota.charge(user, 10)).toMatchObject({ ok: true, size: 4 });
    expect(await t.app.services.keywordQuota.charge(user, 10)).toEqual({
      ok: false,
      message: QUOTA_MESSAGES.monthlySearchLimit,
    });
  });

  it('releases a failed request so it costs nothing', async () => {
    t = await buildTestApp();
    const user = await userOnPlan(2);
    const charge = await t.app.services.keywordQuota.charge(user, 30);
    if (!charge.ok) throw new Error(charge.message);
    await charge.release();
    expect(await t.app.services.quotas.used(user.id, 'keywords')).toBe(0);
    expect(await t.app.services.keywordQuota.check(user, 30)).toBeNull();
  });

  it('gives a failed request back to the month it was charged to, across the month’s end', async () => {
    const clock = new TestClock(new Date('2026-11-30T23:59:30Z'));
    t = await buildTestApp({ clock });
    const user = await userOnPlan(2);
    const charge = await t.app.services.keywordQuota.charge(user, 30);
    if (!charge.ok) throw new Error(charge.message);
    clock.advanceMinutes(1);
    expect(await t.app.services.keywordQuota.charge(user, 30)).toMatchObject({ ok: true });
    await charge.release();
    const used = (month: string) => t.app.services.quotas.used(user.id, 'keywords', month);
    expect(await used('2026-11')).toBe(0);
    expect(await used('2026-12')).toBe(30);
  });

  it('holds paid searches to 30 keywords a minute (31 on the first) and 150 an hour', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00Z'));
    t = await buildTestApp({ clock });
    const user = await userOnPlan(2);
    const q = t.app.services.keywordQuota;
    const search = async (size: number) => {
      const opened = await q.charge(user, size);
      if (!opened.ok) return opened;
      // The search's other two requests join it and leave the windows alone.
      for (let i = 0; i < 2; i++) {
        expect(await q.charge(user, size, opened.searchId)).toMatchObject({
          ok: true,
          searchId: opened.searchId,
        });
      }
      return opened;
    };
    expect((await search(31)).ok).toBe(true);
    expect(await q.check(user, 1)).toBe(QUOTA_MESSAGES.keywordsPerMinute);
    expect(await search(1)).toEqual({ ok: false, message: QUOTA_MESSAGES.keywordsPerMinute });
    clock.advanceMinutes(1);
    expect((await search(31)).ok).toBe(false);
    expect((await search(30)).ok).toBe(true);
    for (let minute = 0; minute < 2; minute++) {
      clock.advanceMinutes(1);
      expect((await search(30)).ok).toBe(true);
    }
    clock.advanceMinutes(1);
    expect((await search(29)).ok).toBe(true);
    clock.advanceMinutes(1);
    expect(await q.check(user, 1)).toBe(QUOTA_MESSAGES.keywordsPerHour);
    expect(await search(1)).toEqual({ ok: false, message: QUOTA_MESSAGES.keywordsPerHour });
    clock.advanceMinutes(60);
    expect((await search(30)).ok).toBe(true);
  });

  it('opens a new search for an id it never issued, so the windows still count', async () => {
    t = await buildTestApp();
    const user = await userOnPlan(2);
    const q = t.app.services.keywordQuota;
    expect((await q.charge(user, 30)).ok).toBe(true);
    const forged = await q.charge(user, 30, crypto.randomUUID());
    expect(forged).toEqual({ ok: false, message: QUOTA_MESSAGES.keywordsPerMinute });
  });
});
