import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { RunResult } from '@core/speed';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { signUp } from '../../test/users';
import type { CacheTable } from '../shared/ttl-cache';
import { retentionSweep } from './retention-sweep';
import { describeOnDatabases } from '../../test/backends';

const DAY = 24 * 60;
const result: RunResult = {
  lab: { psi: { label: 'Performance', displayValue: '90', score: 90, numericValue: 0.9 } },
  filmstrip: ['data:image/jpeg;base64,AAAA'],
  finalUrl: 'https://example.com/',
  source: 'local-lighthouse',
  field: { page: null, origin: null, source: 'none', error: null },
  measuredAt: '2026-11-22T12:00:00.000Z',
};
/** Where a sample of a page named `key` is cached. */
const sample = (key: string) => [`https://${key}.example/`, 'mobile', 1] as const;

describeOnDatabases('data retention', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  /** One pass of the app's sweep, as it runs at start. */
  const sweep = async () => {
    await retentionSweep.pass(t.app.services, t.app.log);
  };
  const rows = async (table: CacheTable | 'sessions') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('removes a thousand cached entries past their lifetime and keeps fresh ones', async () => {
    const clock = new TestClock();
    // A cap above the thousand, so that the entries' lifetime alone decides.
    t = await buildTestApp({ postgres, clock, env: { SPEED_CACHE_MAX_ENTRIES: '5000' } });
    const { serp, speed } = t.app.services;
    const past = new Date(clock.now().getTime() - 60_000).toISOString();
    for (const table of ['serp_cache', 'speed_cache'] as const) {
      const stale = Array.from({ length: 1000 }, (_, i) => ({
        key: crypto.createHash('sha256').update(`${table}-${i}`).digest('hex'),
        value: '{}',
        expires_at: past,
      }));
      for (let i = 0; i < stale.length; i += 250) {
        await t.db.kysely
          .insertInto(table)
          .values(stale.slice(i, i + 250))
          .execute();
      }
    }
    const page = { organic_results: [] } as never;
    await serp!.cache.set('fresh', page);
    await speed.cache.set(...sample('fresh'), result);
    expect(await rows('serp_cache')).toBe(1001);
    expect(await rows('speed_cache')).toBe(1001);

    await sweep();
    expect(await rows('serp_cache')).toBe(1);
    expect(await rows('speed_cache')).toBe(1);
    expect(await serp!.cache.get('fresh')).toEqual(page);
    expect(await speed.cache.get(...sample('fresh'))).toEqual(result);
  });

  it('drops real-user counts past thirteen months and keeps the recent ones', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock });
    const { rumSites, rumCounts } = t.app.services;
    const { workspace } = await signUp(t.app);
    const site = await rumSites.create(
      workspace,
      { name: 'Scoops', origins: ['https://scoops.example'], sampleRate: 1 },
      'http://localhost',
    );
    const lcp = { device: 'mobile', connection: '4g', pageGroup: '/', metric: 'LCP' } as const;
    await rumCounts.add(site.id, [{ ...lcp, value: 1200 }]);
    clock.advanceMinutes(400 * DAY);
    await rumCounts.add(site.id, [{ ...lcp, value: 900 }]);
    await sweep();
    const kept = await t.db.kysely.selectFrom('rum_counts').select('day').execute();
    expect(kept).toEqual([{ day: clock.now().toISOString().slice(0, 10) }]);
  });

  it('drops tracked keywords’ checks past the 400 days their history reads', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock, env: { RANK_CONCURRENCY: '0' } });
    const { rank } = t.app.services;
    const { workspace } = await signUp(t.app);
    const [row] = await rank.keywords.add(workspace, [
      {
        keyword: 'ice cream',
        domain: 'scoops.example',
        device: 'mobile',
        country: 'us',
        depth: 10,
        competitors: [],
        tags: [],
        alerts: { move: null, top3: false, top10: false, features: false },
      },
    ]);
    const check = (daysAgo: number) => ({
      checkedAt: new Date(clock.now().getTime() - daysAgo * DAY * 60_000).toISOString(),
      state: 'ranked' as const,
      position: 3,
      url: 'https://scoops.example/',
      provider: 'serpapi' as const,
      depthReached: 10,
      competitors: {},
      features: null,
    });
    await rank.checks.record(row!.id, { ...check(401), top: null });
    await rank.checks.record(row!.id, { ...check(399), top: null });
    await sweep();
    expect(await rank.checks.history(row!.id, 400, clock.now())).toEqual([check(399)]);
    const all = await t.db.kysely.selectFrom('rank_checks').select('checked_at').execute();
    expect(all).toEqual([{ checked_at: check(399).checkedAt }]);
  });

  it('keeps at most SPEED_CACHE_MAX_ENTRIES results, the newest', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock, env: { SPEED_CACHE_MAX_ENTRIES: '3' } });
    const { cache } = t.app.services.speed;
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      await cache.set(...sample(key), result);
      clock.advanceMinutes(1);
    }
    expect(await rows('speed_cache')).toBe(3);
    expect(await cache.get(...sample('b'))).toBeNull();
    expect(await cache.get(...sample('c'))).toEqual(result);
    expect(await cache.get(...sample('e'))).toEqual(result);
  });

  it('deletes per-request rows once they stop mattering, and keeps the rest', async () => {
    const clock = new TestClock();
    t = await buildTestApp({
      postgres,
      clock,
      env: { SESSION_TTL_HOURS: String(365 * 24), DEMO_REQUEST_RETENTION_DAYS: '30' },
    });
    const { services } = t.app;
    const outbox = path.join(t.config.dataDir, 'outbox');
    /** Everything a day of traffic leaves behind, stamped with the clock's time. */
    const traffic = async (tag: string) => {
      const now = clock.now();
      const user = await signUp(t.app);
      await services.sessions.rotate((await services.sessions.verify(user.token))!);
      await t.db.kysely
        .insertInto('sessions')
        .values({
          id: crypto.randomUUID(),
          user_id: user.userId,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
          revoked_at: null,
        })
        .execute();
      await services.oneTimeTokens.issue({
        userId: user.userId,
        purpose: 'secure_link',
        ttlMinutes: 15,
        originUrl: '/',
      });
      await services.throttle.hit({ bucket: `test:${tag}`, limit: 10, windowMinutes: 60 });
      await services.quotas.consume(tag, 'serp', 10);
      await services.quotas.consume(tag, 'kw-minute', 10, 1, now.toISOString().slice(0, 16));
      await t.db.kysely
        .insertInto('demo_requests')
        .values({
          id: crypto.randomUUID(),
          email: `${tag}@example.com`,
          created_at: now.toISOString(),
        })
        .execute();
      await t.db.kysely
        .insertInto('payment_events')
        .values({ id: `evt_${tag}`, provider: 'stripe', type: 'x', received_at: now.toISOString() })
        .execute();
      await t.db.kysely
        .insertInto('email_subscribers')
        .values({
          id: crypto.randomUUID(),
          email: `list-${tag}@example.com`,
          first_name: '',
          search_term: '',
          created_at: now.toISOString(),
        })
        .execute();
      const sent = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
      await services.email.send({ to: `${tag}@example.com`, subject: tag, text: tag });
      // The outbox stamps files with real time; give this day's the test clock's.
      const files = fs.readdirSync(outbox).filter((file) => !sent.has(file));
      for (const file of files) fs.utimesSync(path.join(outbox, file), now, now);
      return files;
    };

    await traffic('old');
    clock.advanceMinutes(100 * DAY);
    const newFiles = await traffic('new');
    const before = await rows('sessions');
    await sweep();

    // Of the old day's three sessions, the rotated-out and the expired one go; the active
    // one stays, and so do today's, rotated-out or expired within the grace period.
    expect(await rows('sessions')).toBe(before - 2);
    expect(
      await t.db.kysely
        .selectFrom('sessions')
        .select('id')
        .where('created_at', '<', clock.now().toISOString())
        .where('revoked_at', 'is', null)
        .execute(),
    ).toHaveLength(1);
    const oldest = async (table: 'one_time_tokens' | 'demo_requests' | 'email_subscribers') =>
      (
        await t.db.kysely
          .selectFrom(table)
          .select('created_at')
          .orderBy('created_at')
          .executeTakeFirst()
      )?.created_at;
    expect(await oldest('one_time_tokens')).toBe(clock.now().toISOString());
    expect(await oldest('demo_requests')).toBe(clock.now().toISOString());
    expect(await oldest('email_subscribers')).toBe('2026-11-22T12:00:00.000Z');
    const buckets = await t.db.kysely.selectFrom('rate_counters').select('bucket').execute();
    expect(buckets.map((r) => r.bucket)).toContain('test:new');
    expect(buckets.map((r) => r.bucket)).not.toContain('test:old');
    const usage = await t.db.kysely.selectFrom('usage_counters').selectAll().execute();
    expect(usage.map((r) => r.subject).sort()).toEqual(['new', 'new']);
    const events = await t.db.kysely.selectFrom('payment_events').select('id').execute();
    expect(events.map((r) => r.id)).toEqual(['evt_new']);
    expect(fs.readdirSync(outbox).sort()).toEqual(newFiles.sort());
  });
});
