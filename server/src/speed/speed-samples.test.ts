import { pino, type Logger } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FieldResult } from '@core/speed';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import type { Clock } from '../shared/clock';
import { InProcessHostSlots } from '../politeness';
import { NoFieldData } from '../providers/field-data/none';
import type { FieldDataProvider } from '../providers/field-data/port';
import { LabRunError, type LabResult, type LabSpeedProvider } from '../providers/lab-speed/port';
import { InProcessJobs } from '../jobs/in-process-jobs';
import type { HostSlots } from '../politeness';
import { speedSamplesQueue } from './sample-queue';
import { createSpeedEngine } from './speed-engine';
import type { SpeedSamples } from './speed-samples';

const URL_ = 'http://scoops.sandbox.localhost:8080/';
const psiField: FieldResult = {
  page: null,
  origin: { metrics: {}, coreWebVitals: 'Pass' },
  source: 'psi',
  error: null,
};

/** A lab that answers each run with `answer()`: a result or a thrown error. */
function lab(
  source: LabResult['source'],
  answer: () => LabResult,
): LabSpeedProvider & { runs: number } {
  return {
    source,
    runs: 0,
    readiness: () => ({ ready: true, message: null }),
    async run() {
      this.runs++;
      return answer();
    },
    close: async () => undefined,
  };
}
const measured = (source: LabResult['source'], field?: FieldResult): LabResult => ({
  lab: { psi: { label: 'Performance', displayValue: '90', score: 90, numericValue: 0.9 } },
  filmstrip: [],
  finalUrl: URL_,
  source,
  ...(field ? { field } : {}),
});
const field = (result: FieldResult | Error): FieldDataProvider => ({
  source: result instanceof Error ? 'crux' : result.source,
  fetch: async () => {
    if (result instanceof Error) throw result;
    return result;
  },
});

describe('speed samples', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => t.close());

  /** A run of a speed test, or of a SERP search's card, followed to its end. */
  const finished = async (jobs: SpeedSamples, { sample = 1, card = false } = {}) => {
    const { speedTests } = t.app.services;
    const testId = card
      ? await speedTests.openForResults('ip:127.0.0.1', [URL_])
      : await speedTests.open('ip:127.0.0.1', null, URL_, 1, null);
    const runId = await jobs.start({ testId, url: URL_, strategy: 'mobile', sample });
    for (;;) {
      const status = (await jobs.get(runId))!;
      if (['done', 'error', 'cancelled'].includes(status.status)) return status;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  /** Samples measured here on `labProvider`, from a queue of their own. */
  const jobs = (
    labProvider: LabSpeedProvider,
    fieldProvider: FieldDataProvider,
    ttl = 0,
    clock: Clock = t.app.services.clock,
    {
      concurrency = 64,
      ...more
    }: { concurrency?: number; hostSlots?: HostSlots; log?: Logger } = {},
  ) => {
    const queue = new InProcessJobs();
    const { speed, sampleWorker } = createSpeedEngine({
      lab: labProvider,
      field: fieldProvider,
      db: t.db,
      clock,
      jobs: queue,
      measuresHere: true,
      cacheTtlMinutes: ttl,
      timeoutMs: 600_000,
      retryDelayMs: 0,
      ...more,
    });
    sampleWorker!.serve(queue, concurrency);
    return speed;
  };

  it("takes PSI's loadingExperience when no field source is set, and CrUX's when it is", async () => {
    const psi = lab('psi', () => measured('psi', psiField));
    expect((await finished(jobs(psi, new NoFieldData()))).result!.field).toEqual(psiField);
    const crux: FieldResult = { page: null, origin: null, source: 'crux', error: null };
    expect((await finished(jobs(psi, field(crux)))).result!.field).toEqual(crux);
    const local = lab('local-lighthouse', () => measured('local-lighthouse'));
    expect((await finished(jobs(local, new NoFieldData()))).result!.field.source).toBe('none');
  });

  it('turns a field provider that throws into a failed lookup, and does not cache it', async () => {
    const local = lab('local-lighthouse', () => measured('local-lighthouse'));
    const engine = jobs(local, field(new Error('socket hang up')), 10);
    const run = await finished(engine, { card: true });
    expect(run.result!.field).toEqual({
      page: null,
      origin: null,
      source: 'crux',
      error: 'socket hang up',
    });
    await finished(engine, { card: true });
    expect(local.runs).toBe(2);
  });

  it('names the kind and the lab source of a failed sample', async () => {
    const failing = lab('psi', () => {
      throw new LabRunError('provider', 'PageSpeed Insights answered 429: Quota exceeded.');
    });
    expect(await finished(jobs(failing, new NoFieldData()))).toMatchObject({
      status: 'error',
      error: 'PageSpeed Insights answered 429: Quota exceeded.',
      errorKind: 'provider',
      errorSource: 'psi',
    });
    const broken = lab('local-lighthouse', () => {
      throw new TypeError('undefined is not a function');
    });
    expect(await finished(jobs(broken, new NoFieldData()))).toMatchObject({
      errorKind: 'other',
      errorSource: 'local-lighthouse',
    });
  });

  it("logs where a measured sample's time went, and stores the result without that account", async () => {
    const profile = {
      slotMs: 0,
      launchMs: 0,
      configMs: 150,
      benchmarkMs: 1000,
      loadMs: 2400,
      artifactsMs: 300,
      auditMs: 120,
      otherMs: 30,
      transferMs: 4,
      resultBytes: 120_000,
    };
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const engine = jobs(
      lab('local-lighthouse', () => ({ ...measured('local-lighthouse'), profile })),
      new NoFieldData(),
      0,
      t.app.services.clock,
      { log },
    );
    const run = await finished(engine);
    expect(run.result).not.toHaveProperty('profile');
    const entry = lines
      .map((line) => JSON.parse(line) as { msg: string; url?: string; profile?: object })
      .find((line) => line.msg === 'speed sample measured');
    expect(entry?.url).toBe(URL_);
    expect(entry?.profile).toMatchObject({ ...profile, queueMs: expect.any(Number) });
    expect(entry?.profile).toHaveProperty('storeMs');
  });

  it('fails a job whose data is not a sample, and measures the next one', async () => {
    const local = lab('local-lighthouse', () => measured('local-lighthouse'));
    const engine = jobs(local, new NoFieldData());
    const options = {
      priority: 'interactive',
      attempts: 2,
      backoff: { delayMs: 1 },
      timeoutMs: 5000,
    } as const;
    await engine.jobs.enqueue(
      speedSamplesQueue.name,
      { kind: 'test', runId: 42 },
      { ...options, jobId: 'bad' },
    );
    await expect
      .poll(async () => (await engine.jobs.get(speedSamplesQueue.name, 'bad'))?.state)
      .toBe('failed');
    expect((await engine.jobs.get(speedSamplesQueue.name, 'bad'))?.failedReason).toMatch(
      /Not a job of speed-samples/,
    );
    expect(local.runs).toBe(0);
    expect((await finished(engine)).status).toBe('done');
  });

  it('stores each run with its result and frames, so another engine on the database answers for it', async () => {
    const withFrames = (): LabResult => ({
      ...measured('local-lighthouse'),
      filmstrip: ['data:image/jpeg;base64,AAAA', 'data:image/jpeg;base64,BBBB'],
      filmstripMs: [300, 600],
    });
    const engine = jobs(lab('local-lighthouse', withFrames), new NoFieldData());
    const testId = await t.app.services.speedTests.open('ip:127.0.0.1', null, URL_, 1, null);
    const runId = await engine.start({ testId, url: URL_, strategy: 'desktop', sample: 1 });
    // Another instance (or this one after a restart) has no job in memory: it reads the row.
    const other = jobs(lab('local-lighthouse', withFrames), new NoFieldData());
    expect((await other.get(runId))!.status).toBe('queued');
    await engine.drain(1000);
    const stored = (await other.get(runId))!;
    expect(stored).toEqual(await engine.get(runId));
    expect(stored.result).toMatchObject({
      filmstrip: withFrames().filmstrip,
      filmstripMs: [300, 600],
    });
  });

  it('measures every sample of a speed test afresh, each with its own time of measurement', async () => {
    const local = lab('local-lighthouse', () => measured('local-lighthouse'));
    const clock = new TestClock();
    const engine = jobs(local, new NoFieldData(), 10, clock);
    const first = await finished(engine);
    clock.advanceMinutes(1);
    const second = await finished(engine);
    expect(local.runs).toBe(2);
    expect(second.cached).toBeFalsy();
    expect(Date.parse(second.result!.measuredAt!) - Date.parse(first.result!.measuredAt!)).toBe(
      60_000,
    );
  });

  it("gives a SERP card a result measured shortly before, marked cached with its time; older entries' shapes are misses", async () => {
    const local = lab('local-lighthouse', () => measured('local-lighthouse'));
    const clock = new TestClock();
    const engine = jobs(local, new NoFieldData(), 10, clock);
    // A speed test's fresh result is there for the cards of a search after it.
    const test = await finished(engine);
    clock.advanceMinutes(4);
    const card = await finished(engine, { card: true });
    expect(local.runs).toBe(1);
    expect(card.cached).toBe(true);
    expect(card.result!.measuredAt).toBe(test.result!.measuredAt);
    // An entry written before field data named its source.
    const old = { ...measured('local-lighthouse'), field: { page: null, origin: null } };
    await t.db.kysely
      .updateTable('speed_cache')
      .set({ value: JSON.stringify(old) })
      .execute();
    const run = await finished(engine, { card: true });
    expect(run.result!.field.source).toBe('none');
    expect(run.cached).toBe(false);
    expect(local.runs).toBe(2);
    // An entry written before results said when they were measured.
    const untimed = { ...run.result!, measuredAt: undefined };
    await t.db.kysely
      .updateTable('speed_cache')
      .set({ value: JSON.stringify(untimed) })
      .execute();
    await finished(engine, { card: true });
    expect(local.runs).toBe(3);
    await t.db.kysely.updateTable('speed_cache').set({ value: '{not json' }).execute();
    await finished(engine, { card: true });
    expect(local.runs).toBe(4);
  });

  it('measures fresh runs afresh at their priority, with field data only when asked', async () => {
    const priorities: unknown[] = [];
    const local = lab('local-lighthouse', () => measured('local-lighthouse'));
    const run = local.run.bind(local);
    local.run = async (request) => (priorities.push(request.priority), run(request));
    const engine = jobs(local, field(psiField), 10);
    const options = { priority: 'background' as const, signal: new AbortController().signal };
    const first = await engine.fresh(URL_, 'mobile', { ...options, withField: true });
    const second = await engine.fresh(URL_, 'mobile', { ...options, withField: false });
    expect(local.runs).toBe(2);
    expect(priorities).toEqual(['background', 'background']);
    expect(first.field).toEqual(psiField);
    expect(second.field).toBeUndefined();
    // A tracked page's samples never come from, nor go to, the cache of people's tests.
    expect(await t.db.kysely.selectFrom('speed_cache').selectAll().execute()).toEqual([]);
  });

  it('measures at most the per-host limit of one host at once, the rest later; other hosts do not wait', async () => {
    const runs: string[] = [];
    const running = new Map<string, number>();
    const peak = new Map<string, number>();
    /** Samples of busy.example under way when each other host's sample began. */
    const busyMeanwhile: number[] = [];
    const slow: LabSpeedProvider = {
      source: 'local-lighthouse',
      readiness: () => ({ ready: true, message: null }),
      async run({ url }) {
        runs.push(url);
        const host = new URL(url).hostname;
        if (host !== 'busy.example') busyMeanwhile.push(running.get('busy.example') ?? 0);
        running.set(host, (running.get(host) ?? 0) + 1);
        peak.set(host, Math.max(peak.get(host) ?? 0, running.get(host)!));
        await new Promise((resolve) => setTimeout(resolve, 30));
        running.set(host, running.get(host)! - 1);
        return measured('local-lighthouse');
      },
      close: async () => undefined,
    };
    const engine = jobs(slow, new NoFieldData(), 0, t.app.services.clock, {
      concurrency: 8,
      hostSlots: new InProcessHostSlots({ limit: 2 }),
    });
    const options = { priority: 'interactive' as const, signal: new AbortController().signal };
    const urls = [
      ...Array.from({ length: 6 }, (_, i) => `http://busy.example/${i}`),
      'http://other.example/',
      'http://third.example/',
    ];
    await Promise.all(
      urls.map((url) => engine.fresh(url, 'mobile', { ...options, withField: false })),
    );
    expect(Object.fromEntries(peak)).toEqual({
      'busy.example': 2,
      'other.example': 1,
      'third.example': 1,
    });
    expect(busyMeanwhile).toEqual([2, 2]);
    // The samples that found their host full went back to the queue and ran later, once each.
    expect([...runs].sort()).toEqual([...urls].sort());
    await engine.close();
  });

  it('cancels fresh runs still going when a drain gives up, and refuses new ones', async () => {
    const hanging: LabSpeedProvider = {
      source: 'local-lighthouse',
      readiness: () => ({ ready: true, message: null }),
      run: (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener('abort', () =>
            reject(new LabRunError('cancelled', 'The run was cancelled.')),
          ),
        ),
      close: async () => undefined,
    };
    const engine = jobs(hanging, new NoFieldData(), 0);
    const options = { priority: 'background' as const, signal: new AbortController().signal };
    const running = engine.fresh(URL_, 'desktop', { ...options, withField: false });
    await engine.drain(10);
    await expect(running).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(
      engine.fresh(URL_, 'desktop', { ...options, withField: false }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
