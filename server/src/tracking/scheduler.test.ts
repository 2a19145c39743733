import crypto from 'node:crypto';
import { afterEach, expect, it, vi } from 'vitest';
import { TRACKING_MESSAGES } from '@core/messages';
import { type TestApp } from '../../test/build-test-app';
import type { TestClock } from '../../test/clock';
import { buildProfileLabApp, type ProfileLab } from '../../test/profile-lab';
import { signUp } from '../../test/users';
import { monthKey } from '../quota/quotas';
import { sweepStorage } from '../retention/sweeps';
import { nextDue } from '../shared/schedule';
import {
  type CheckJob,
  CHECK_JOB_OPTIONS,
  checksNowQueue,
  scheduledChecksQueue,
  SCHEDULED_CHECKS_TOOL,
} from './check-jobs';
import { Tracking } from './tracking';
import { describeOnDatabases } from '../../test/backends';

const URL = 'http://scoops.sandbox.localhost:8080/';
const DAY = 24 * 60;

describeOnDatabases('tracking scheduler', ({ postgres }) => {
  let t: TestApp;
  let lab: ProfileLab;
  let clock: TestClock;
  let tracking: Tracking;
  afterEach(async () => t?.close());

  async function setup(env: Record<string, string> = {}) {
    ({ t, lab, clock } = await buildProfileLabApp(postgres, env));
    tracking = t.app.services.tracking;
  }
  const track = async (
    userId: string,
    planId: number,
    url = URL,
    schedule: 'daily' | 'hourly' = 'daily',
  ) => {
    const created = await tracking.pages.create(userId, planId, {
      url,
      devices: ['mobile'],
      categories: [],
      signIn: null,
      schedule,
      samples: 1,
      budgets: {},
      alertAfter: 2,
    });
    return created;
  };
  const checks = () =>
    t.db.kysely.selectFrom('tracking_checks').selectAll().orderBy('started_at').execute();
  const page = (id: string) =>
    t.db.kysely
      .selectFrom('tracked_pages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** One pass, and the checks it started run to their end. */
  const tick = async (scheduler = tracking.scheduler) => {
    const started = await scheduler.tick();
    await scheduler.idle();
    return started;
  };

  it('runs a due page at background priority on the scheduled allowance, then waits for its slot', async () => {
    await setup();
    const { userId } = await signUp(t.app, 1);
    const { id } = await track(userId, 1);
    expect(await tick()).toBe(1);
    expect(lab.runs.map((r) => r.priority)).toEqual(['background']);
    const [check] = await checks();
    expect(check).toMatchObject({ trigger: 'schedule', status: 'done', median_psi: 92 });
    expect(await t.app.services.quotas.used(userId, SCHEDULED_CHECKS_TOOL)).toBe(1);
    expect(await t.app.services.quotas.used(userId, 'speed')).toBe(0);
    const after = await page(id);
    expect(after.next_due_at).toBe(nextDue(clock.now(), id, 'daily').toISOString());
    expect(after.lease_owner).toBeNull();
    // Not due again until then.
    clock.advanceMinutes(11);
    expect(await tick()).toBe(0);
  });

  it('with TRACKING_SPEEDUP, checks a daily page again a sped-up day later', async () => {
    // 48 times faster: a day every 30 minutes.
    await setup({ TRACKING_SPEEDUP: '48' });
    const { userId } = await signUp(t.app, 4);
    const { id } = await track(userId, 4);
    expect(await tick()).toBe(1);
    const due = new Date((await page(id)).next_due_at).getTime() - clock.now().getTime();
    expect(due).toBeGreaterThanOrEqual(15 * 60_000);
    expect(due).toBeLessThanOrEqual(45 * 60_000);
    clock.advanceMinutes(45);
    expect(await tick()).toBe(1);
    expect(await checks()).toHaveLength(2);
  });

  it('catches up after three days down with one check, not one per missed slot', async () => {
    await setup();
    const { userId } = await signUp(t.app, 2);
    const { id } = await track(userId, 2, URL, 'hourly');
    expect(await tick()).toBe(1);
    clock.advanceMinutes(3 * DAY);
    expect(await tick()).toBe(1);
    for (let i = 0; i < 5; i++) expect(await tick()).toBe(0);
    expect(await checks()).toHaveLength(2);
    const due = (await page(id)).next_due_at;
    expect(due > clock.now().toISOString()).toBe(true);
    expect(new Date(due).getTime() - clock.now().getTime()).toBeGreaterThanOrEqual(30 * 60_000);
  });

  it('never runs a check twice with two schedulers on one database', async () => {
    await setup({ TRACKING_CONCURRENCY: '20' });
    const { userId } = await signUp(t.app, 4);
    const ids = [];
    for (let i = 0; i < 12; i++) ids.push((await track(userId, 4, `${URL}p${i}`)).id);
    const services = t.app.services;
    // A second API process: its own scheduler, owner and lease, on the same database.
    const other = new Tracking({
      db: t.db,
      clock,
      config: services.config,
      quotas: services.quotas,
      jobs: services.jobs,
      speed: services.speed,
      email: services.email,
      pageFetch: services.pageFetch,
      log: t.app.log,
    });
    const started = await Promise.all([
      tracking.scheduler.tick(),
      other.scheduler.tick(),
      tracking.scheduler.tick(),
      other.scheduler.tick(),
    ]);
    await Promise.all([tracking.scheduler.idle(), other.scheduler.idle()]);
    expect(started.reduce((a, b) => a + b, 0)).toBe(12);
    const ran = (await checks()).map((c) => c.page_id).sort();
    expect(ran).toEqual([...ids].sort());
    expect(lab.runs).toHaveLength(12);
    expect(await Promise.all([tracking.scheduler.tick(), other.scheduler.tick()])).toEqual([0, 0]);
  });

  it('takes no more pages per pass than its concurrency', async () => {
    await setup({ TRACKING_CONCURRENCY: '2' });
    const { userId } = await signUp(t.app, 4);
    for (let i = 0; i < 5; i++) await track(userId, 4, `${URL}p${i}`);
    let release!: () => void;
    lab.hold = new Promise<void>((resolve) => (release = resolve));
    expect(await tracking.scheduler.tick()).toBe(2);
    expect(await tracking.scheduler.tick()).toBe(0);
    lab.hold = null;
    release();
    await tracking.scheduler.idle();
    expect(await tick()).toBe(2);
    expect(await tick()).toBe(1);
  });

  it('skips, with the reason, checks past the allowance or past the plan’s pages', async () => {
    await setup({ TRACKING_CONCURRENCY: '5' });
    const { userId } = await signUp(t.app, 4);
    const first = await track(userId, 4, `${URL}a`);
    clock.advanceMinutes(1);
    const second = await track(userId, 4, `${URL}b`);
    // Downgraded to the free plan: the first page stays tracked, the second waits.
    await t.db.kysely.updateTable('users').set({ plan_id: 1 }).where('id', '=', userId).execute();
    expect(await tick()).toBe(2);
    const byPage = Object.fromEntries((await checks()).map((c) => [c.page_id, c]));
    expect(byPage[first.id]).toMatchObject({ status: 'done' });
    expect(byPage[second.id]).toMatchObject({
      status: 'skipped',
      error: TRACKING_MESSAGES.overPageLimit(1),
    });
    expect(lab.runs).toHaveLength(1);

    await t.app.services.quotas.consume(userId, SCHEDULED_CHECKS_TOOL, 100, 99);
    clock.advanceMinutes(2 * DAY);
    expect(await tick()).toBe(2);
    const latest = (await checks()).filter((c) => c.page_id === first.id).at(-1)!;
    expect(latest).toMatchObject({ status: 'skipped', error: TRACKING_MESSAGES.allowanceUsed });
    expect(lab.runs).toHaveLength(1);
    expect((await page(first.id)).next_due_at > clock.now().toISOString()).toBe(true);
  });

  it('removes a check a shutdown interrupts, gives its charge back, and runs it at the next pass', async () => {
    await setup();
    const { userId } = await signUp(t.app, 1);
    const { id } = await track(userId, 1);
    lab.hold = new Promise<void>(() => undefined);
    expect(await tracking.scheduler.tick()).toBe(1);
    await vi.waitFor(() => expect(lab.runs).toHaveLength(1));
    // The month turns while the check runs: the charged month's allowance is given back.
    const month = monthKey(clock.now());
    expect(await t.app.services.quotas.used(userId, SCHEDULED_CHECKS_TOOL)).toBe(1);
    clock.advanceMinutes(40 * DAY);
    await tracking.stop();
    expect(await checks()).toEqual([]);
    expect(await t.app.services.quotas.used(userId, SCHEDULED_CHECKS_TOOL, month)).toBe(0);
    const after = await page(id);
    expect(after).toMatchObject({ lease_owner: null, next_due_at: after.created_at });
    // Back up: the in-process queue ended with the stop (on Redis another worker takes
    // the job), so the next pass checks the page, once.
    lab.hold = null;
    tracking.serve({
      scheduled: scheduledChecksQueue.concurrency(t.config),
      now: checksNowQueue.concurrency(t.config),
    });
    expect(await tick()).toBe(1);
    expect((await checks()).map((c) => c.status)).toEqual(['done']);
    expect(await tick()).toBe(0);
  });

  it('fails the checks a crashed process left running once its lease has expired', async () => {
    await setup();
    const { userId } = await signUp(t.app, 1);
    const { id } = await track(userId, 1);
    // What a process killed mid-check leaves: a running row and a lease nobody renews.
    await tracking.checks.open(id, 'mobile', 'schedule', clock.now().toISOString(), 'gone');
    await t.db.kysely
      .updateTable('tracked_pages')
      .set({
        lease_owner: 'gone',
        lease_until: new Date(clock.now().getTime() + 60_000).toISOString(),
      })
      .execute();
    expect(await tick()).toBe(0);
    clock.advanceMinutes(2);
    expect(await tick()).toBe(1);
    expect((await checks()).map((c) => [c.status, c.error])).toEqual([
      ['failed', TRACKING_MESSAGES.interrupted],
      ['done', null],
    ]);
  });

  /**
   * What a worker killed mid-check leaves (the job's check running with a failed sample,
   * the page's lease the job's until it expires), then the queue handing the job to another
   * worker: that one measures the same check afresh, ends it and gives the lease back.
   */
  const rerunAfterVanishedWorker = async (job: CheckJob) => {
    const jobId = crypto.randomUUID();
    const manual = job.kind === 'manual';
    const checkId = await tracking.checks.open(
      job.pageId,
      'mobile',
      manual ? 'manual' : 'schedule',
      clock.now().toISOString(),
      jobId,
    );
    await tracking.checks.saveSample(checkId, 1, 'local-lighthouse', {
      error: 'Chromium died.',
      kind: 'crashed',
    });
    await t.db.kysely
      .updateTable('tracked_pages')
      .set({
        lease_owner: jobId,
        lease_until: new Date(clock.now().getTime() + 60_000).toISOString(),
      })
      .execute();
    await t.app.services.jobs.enqueue(
      manual ? checksNowQueue.name : scheduledChecksQueue.name,
      job,
      {
        ...CHECK_JOB_OPTIONS,
        priority: manual ? 'interactive' : 'scheduled',
        jobId,
      },
    );
    await vi.waitFor(async () => {
      expect((await checks()).map((c) => [c.id, c.status])).toEqual([[checkId, 'done']]);
      expect((await page(job.pageId)).lease_owner).toBeNull();
    });
    const samples = await t.db.kysely.selectFrom('tracking_samples').selectAll().execute();
    expect(samples.map((sample) => [sample.sample, sample.error])).toEqual([[1, null]]);
  };

  it('measures a run-now check afresh when its job runs again after its worker vanished', async () => {
    await setup();
    const { userId } = await signUp(t.app, 1);
    const { id } = await track(userId, 1);
    const quotas = t.app.services.quotas;
    await quotas.consume(userId, 'speed', 10);
    const charge = quotas.counterKey(userId, 'speed');
    await rerunAfterVanishedWorker({ kind: 'manual', pageId: id, charge });
    expect(await quotas.used(userId, 'speed')).toBe(1);
  });

  it('measures a scheduled check again, charged once, when its job runs again after its worker vanished', async () => {
    await setup();
    const { userId } = await signUp(t.app, 1);
    const { id } = await track(userId, 1);
    const quotas = t.app.services.quotas;
    await quotas.consume(userId, SCHEDULED_CHECKS_TOOL, 100);
    await rerunAfterVanishedWorker({ kind: 'scheduled', pageId: id });
    expect(await quotas.used(userId, SCHEDULED_CHECKS_TOOL)).toBe(1);
    expect((await page(id)).next_due_at).toBe(nextDue(clock.now(), id, 'daily').toISOString());
  });

  it('prunes checks and alerts past the plan’s retention in the storage sweep', async () => {
    await setup();
    const { userId } = await signUp(t.app, 1);
    const { id } = await track(userId, 1);
    await tick();
    clock.advanceMinutes(31 * DAY);
    await tick();
    const services = t.app.services;
    const report = await sweepStorage({
      db: t.db,
      clock,
      caches: [],
      email: services.email,
      settings: services.config,
      rumCounts: services.rumCounts,
    });
    expect(report.tracking_checks).toBe(1);
    expect((await checks()).map((c) => c.page_id)).toEqual([id]);
    expect(await t.db.kysely.selectFrom('tracking_samples').selectAll().execute()).toHaveLength(1);
  });
});
