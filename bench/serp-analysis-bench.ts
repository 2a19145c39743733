/**
 * SERP analysis on the sandbox with local Lighthouse, through the API as the page calls it:
 * POST /serp-search, then the result page's facts and one POST /pagespeed/runs per card in
 * card order, each run followed to its end. Per device: cold (the first search after the
 * app starts, its lab warmed as `npm start` does), warm (another search), and the first
 * search again within the speed cache's lifetime; then a speed test of three samples.
 *
 * The yardstick is one Lighthouse CLI run of a light sandbox page (every category, its own
 * Chromium, as people run it), the median of three measured in the same bench run. The
 * machine's bound for ten cards is measured too: one warm in-app run of each of the warm
 * search's ten pages, one after another (the lab's own pool, its browser warm), and the
 * slots that keep scores equal (± 2) when runs share the cores: each page's mean score of
 * two passes at 2, 3 … runs at once against its mean of two passes alone. Ten cards cannot end before the sum of the
 * warm runs divided by those slots, nor the first before one warm run of its page. The
 * goals are ratios to the bound (first card ≤ 1.1× its page's warm run, all ten ≤ 1.15×
 * the bound), so that a slower or busier machine moves both alike, and every ratio to the
 * CLI run is printed beside them. Per card it prints where the time went, from the lab's
 * own account of each run (the app's log).
 * Then the same searches in scale-out mode, an API process and two `npm run worker`
 * processes of one run each on PostgreSQL and Redis (when Debian's packages are here, as
 * `npm test` installs them): on the same machine they must not be slower.
 * Prints figures against the goals; asserts nothing.
 *   npx tsx bench/serp-analysis-bench.ts [--yardstick-runs 3] [--no-scale-out] [--mobile-only]
 *     [--concurrency N] (the one process's SPEED_CONCURRENCY)
 */
import os from 'node:os';
import pg from 'pg';
import { authResponseSchema } from '@core/schemas/auth';
import { LocalLighthouseProvider } from '../server/src/providers/lab-speed/local-lighthouse';
import { serpSearchResponseSchema } from '@core/schemas/serp';
import { buildManifest } from '@sandbox';
import { startTestPostgres } from '../scripts/postgres.mjs';
import { startTestRedis } from '../scripts/redis.mjs';
import { startAppProcess, startWorkerProcess } from '../server/test/app-process';
import { startBenchApp } from './support/bench-app';
import { chromePath, cliRun } from '../server/test/lighthouse-cli';

/**
 * Goals: the first card within 1.1× one warm run of its page, all ten within 1.15× the
 * machine's bound; a speed test as a fraction of one CLI run; the repeated search in ms.
 */
const GOALS = { first: 1.1, all: 1.15, speedTest: 1.2, repeatMs: 1_000 };
/** Scores within this of a page's run alone keep runs that share the cores fair. */
const SCORE_TOLERANCE = 2;
const RUN_TIMEOUT_MS = 120_000;
/** Passes of the ten pages at each count of runs at once. */
const SLOT_PASSES = 2;
/** Two searches with no page in common, so the warm one measures every page afresh. */
const TERMS = ['lemon sorbet', 'dog food'] as const;
const SPEED_TEST_SAMPLES = 3;
const POLL_MS = 50;
const FINISHED = new Set(['done', 'error', 'cancelled']);
const yardstickArg = process.argv.indexOf('--yardstick-runs');
const yardstickRuns = yardstickArg >= 0 ? Number(process.argv[yardstickArg + 1]) : 3;
const scaleOut = !process.argv.includes('--no-scale-out');
const mobileOnly = process.argv.includes('--mobile-only');
const concurrencyArg = process.argv.indexOf('--concurrency');
/** The one process's SPEED_CONCURRENCY when given; its default (the cores) otherwise. */
const concurrencyEnv: Record<string, string> =
  concurrencyArg >= 0 ? { SPEED_CONCURRENCY: process.argv[concurrencyArg + 1]! } : {};
/** A page's URL without the port of the app serving it: bound and searches run on two apps. */
const pageKey = (url: string) => url.replace(/^(https?:\/\/[^/:]+):\d+/, '$1');
const PLAN_WITH_MOST_SAMPLES = 4;

/** The steps of a run's profile as printed, in the order they happen. */
const STEPS = [
  ['queueMs', 'queue'],
  ['slotMs', 'slot'],
  ['launchMs', 'launch'],
  ['configMs', 'config'],
  ['benchmarkMs', 'bench'],
  ['loadMs', 'load'],
  ['artifactsMs', 'trace'],
  ['auditMs', 'audit'],
  ['otherMs', 'other'],
  ['transferMs', 'ipc'],
  ['storeMs', 'store'],
] as const;
type Profile = Partial<Record<(typeof STEPS)[number][0] | 'resultBytes', number>>;

interface Card {
  position: number;
  url: string;
  /** From the search's start until the run ended. */
  endMs: number;
  ok: boolean;
  cached: boolean;
}

interface Figures {
  searchMs: number;
  firstMs: number;
  allMs: number;
  cards: Card[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Where a sample's time went, by URL (the latest line wins), from log lines of the app. */
function profilesOf(lines: string[]): Map<string, Profile> {
  const byUrl = new Map<string, Profile>();
  for (const line of lines) {
    if (!line.includes('speed sample measured')) continue;
    const entry = JSON.parse(line) as { url?: string; profile?: Profile };
    if (entry.url && entry.profile) byUrl.set(entry.url, entry.profile);
  }
  return byUrl;
}

/** An app to search on: one process, or an API process with workers (scale-out mode). */
interface Target {
  label: string;
  /** The API's base URL and the port its sandbox is served on. */
  base: string;
  port: number;
  setPlan(userId: string, planId: number): Promise<void>;
  /** Clears the month's counters: quotas are not measured. */
  clearUsage(): Promise<void>;
  /** The log lines written so far. */
  logLines(): string[];
  close(): Promise<void>;
}

async function inProcess(): Promise<Target> {
  const lines: string[] = [];
  const bench = await startBenchApp(concurrencyEnv, { log: (line) => void lines.push(line) });
  return {
    label: `one process, at most ${bench.config.SPEED_CONCURRENCY} runs at a time`,
    base: `http://127.0.0.1:${bench.port}/backend-service/v1`,
    port: bench.port,
    setPlan: async (userId, planId) => {
      await bench.db.kysely
        .updateTable('users')
        .set({ plan_id: planId })
        .where('id', '=', userId)
        .execute();
    },
    clearUsage: async () => {
      await bench.db.kysely.deleteFrom('usage_counters').execute();
    },
    logLines: () => lines,
    close: () => bench.close(),
  };
}

/** Null when PostgreSQL or Redis is not installed. */
async function scaledOut(workerCount: number): Promise<Target | null> {
  const postgres = await startTestPostgres();
  const redis = await startTestRedis();
  if (!postgres || !redis) {
    postgres?.stop();
    redis?.stop();
    return null;
  }
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    JWT_SECRET: 'serp-analysis-bench-secret-of-32-characters',
    TRACKING_CONCURRENCY: '0',
  };
  const api = await startAppProcess(env, { webBuild: false });
  const workers: Awaited<ReturnType<typeof startWorkerProcess>>[] = [];
  // Each worker loads sandbox pages from the API's port, one run at a time: a core each.
  for (let i = 0; i < workerCount; i++)
    workers.push(
      await startWorkerProcess({ ...env, PORT: String(api.port), SPEED_CONCURRENCY: '1' }),
    );
  // As the one process is measured: with its slots warm.
  for (const worker of workers)
    while (!/lab warm|warming the lab failed/.test(worker.output()))
      await new Promise((r) => setTimeout(r, 100));
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  return {
    label: `scale-out, ${workerCount} workers of one run each`,
    base: `${api.baseUrl}/backend-service/v1`,
    port: api.port,
    setPlan: async (userId, planId) => {
      await db.query('update users set plan_id = $1 where id = $2', [planId, userId]);
    },
    clearUsage: async () => {
      await db.query('delete from usage_counters');
    },
    logLines: () => workers.flatMap((worker) => worker.output().split('\n')),
    async close() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await db.end();
      await api.stop();
      redis.stop();
      postgres.stop();
    },
  };
}

/** Cold, warm and repeated searches on `target`, and a speed test; the searches' figures. */
async function benchDevice(
  target: Target,
  device: 1 | 2,
  yardstickMs: number,
  bounds: Map<string, Bound>,
) {
  const { base, port } = target;
  const strategy = device === 1 ? 'mobile' : 'desktop';
  const registered = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${device}@example.com`, password: 'password123' }),
  });
  const auth = authResponseSchema.parse(await registered.json());
  await target.setPlan(auth.userId, PLAN_WITH_MOST_SAMPLES);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${auth.token}` };
  const post = async (path: string, body: object) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };

  /** Follows a run by its status until it ends. */
  async function finish(runId: string): Promise<{ status: string; cached: boolean }> {
    for (;;) {
      const res = await fetch(`${base}/pagespeed/runs/${runId}`, { headers });
      const run = (await res.json()) as { status: string; cached?: boolean };
      if (FINISHED.has(run.status)) return { status: run.status, cached: run.cached === true };
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  /** Starts the cards' runs one after another in card order (as the page does), each followed. */
  async function measureCards(links: string[], testId: string, start: number): Promise<Card[]> {
    const follows: Promise<Card>[] = [];
    for (const [index, url] of links.entries()) {
      const body = { url, strategy, sample: 1, samples: 1, testId };
      const { runId } = (await post('/pagespeed/runs', body)) as { runId: string };
      follows.push(
        finish(runId).then((run) => ({
          position: index + 1,
          url,
          endMs: performance.now() - start,
          ok: run.status === 'done',
          cached: run.cached,
        })),
      );
    }
    return Promise.all(follows);
  }

  async function search(term: string): Promise<Figures> {
    await target.clearUsage();
    const start = performance.now();
    const page = serpSearchResponseSchema.parse(
      await post('/serp-search', { searchTerm: term, device }),
    );
    const searchMs = performance.now() - start;
    // One sample per page, as the cards share one when a featured answer repeats a result.
    const links = [...new Set(page.organic_results.map((r) => r.link))];
    const facts = post('/send-urls', {
      searchId: page.speedTestId,
      results: links.map((link) => ({ link })),
    });
    const cards = await measureCards(links, page.speedTestId, start);
    await facts;
    const ends = cards.map((card) => card.endMs);
    return {
      searchMs,
      firstMs: cards[0]?.ok ? cards[0].endMs : NaN,
      allMs: Math.max(...ends),
      cards,
    };
  }

  /** A speed test's samples of one page, all started at once as the speed test page does. */
  async function speedTest(url: string): Promise<number> {
    await target.clearUsage();
    const start = performance.now();
    const first = (await post('/pagespeed/runs', {
      url,
      strategy,
      sample: 1,
      samples: SPEED_TEST_SAMPLES,
    })) as { runId: string; testId: string };
    const rest = await Promise.all(
      Array.from({ length: SPEED_TEST_SAMPLES - 1 }, (_, i) =>
        post('/pagespeed/runs', {
          url,
          strategy,
          sample: i + 2,
          samples: SPEED_TEST_SAMPLES,
          testId: first.testId,
        }),
      ),
    );
    await Promise.all([first, ...(rest as { runId: string }[])].map(({ runId }) => finish(runId)));
    return performance.now() - start;
  }

  const ratio = (ms: number) => `${(ms / yardstickMs).toFixed(2)}×`;
  const verdict = (ms: number, goal: number) =>
    `${ratio(ms)} ${ms / yardstickMs <= goal ? 'meets' : 'misses'} ${goal}×`;
  /** 'x× <what> (meets|misses goal×)', or nothing when the bound is not known. */
  const against = (ms: number, boundMs: number | undefined, what: string, goal: number) =>
    boundMs === undefined
      ? ''
      : `, ${(ms / boundMs).toFixed(2)}× ${what} ${seconds(boundMs)} ` +
        `(${ms / boundMs <= goal ? 'meets' : 'MISSES'} ${goal}×)`;
  const print = (what: string, term: string, f: Figures) => {
    const failed = f.cards.filter((card) => !card.ok).length;
    const bound = bounds.get(term);
    const firstWarm = f.cards[0] && bound?.warmMs.get(pageKey(f.cards[0].url));
    console.log(
      `${strategy.padEnd(7)} ${what.padEnd(24)} search ${f.searchMs.toFixed(0).padStart(5)} ms; ` +
        `first card ${seconds(f.firstMs)} (${ratio(f.firstMs)} a CLI run` +
        `${against(f.firstMs, firstWarm, 'its warm run', GOALS.first)}); ` +
        `all ${f.cards.length} ${seconds(f.allMs)} (${ratio(f.allMs)} a CLI run` +
        `${against(f.allMs, bound?.allMs, 'the bound', GOALS.all)})` +
        (failed ? `; ${failed} failed` : ''),
    );
  };
  const printProfiles = (f: Figures) => {
    const profiles = profilesOf(target.logLines());
    console.log(
      `  card ${STEPS.map(([, label]) => label.padStart(7)).join('')}     KB    ends  (ms)`,
    );
    for (const card of f.cards) {
      const profile = profiles.get(card.url) ?? {};
      const cells = STEPS.map(([key]) =>
        String(profile[key] === undefined ? '-' : profile[key]).padStart(7),
      ).join('');
      const kb = profile.resultBytes === undefined ? '-' : (profile.resultBytes / 1024).toFixed(0);
      console.log(
        `  ${String(card.position).padStart(4)} ${cells} ${kb.padStart(6)} ${card.endMs.toFixed(0).padStart(7)}` +
          (card.cached ? ' cached' : card.ok ? '' : ' failed'),
      );
    }
  };

  console.log(`\n${strategy}, ${target.label}`);
  const cold = await search(TERMS[0]);
  print(`cold "${TERMS[0]}"`, TERMS[0], cold);
  printProfiles(cold);
  const warm = await search(TERMS[1]);
  print(`warm "${TERMS[1]}"`, TERMS[1], warm);
  printProfiles(warm);
  const repeat = await search(TERMS[0]);
  console.log(
    `${strategy.padEnd(7)} ${`repeat "${TERMS[0]}"`.padEnd(24)} all ${repeat.cards.length} ` +
      `${seconds(repeat.allMs)} (${repeat.allMs <= GOALS.repeatMs ? 'meets' : 'misses'} ` +
      `${GOALS.repeatMs / 1000} s; ${repeat.cards.filter((c) => c.cached).length} from the cache)`,
  );
  const light = buildManifest({ port }).pages.find(
    (p) => p.speedProfile === 'light' && p.status === 200 && p.redirects.length === 0,
  )!;
  const testMs = await speedTest(light.url);
  console.log(
    `${strategy.padEnd(7)} ${`speed test, ${SPEED_TEST_SAMPLES} samples`.padEnd(24)} ` +
      `${seconds(testMs)} (${verdict(testMs, GOALS.speedTest)})`,
  );
  return { cold, warm };
}

/** What ten cards of a search cannot beat on this machine, per page and in all. */
interface Bound {
  /** One warm in-app run of each page, alone, by URL. */
  warmMs: Map<string, number>;
  /** The most runs at once whose scores stay within SCORE_TOLERANCE of their runs alone. */
  slots: number;
  /** The sum of the warm runs divided by the slots. */
  allMs: number;
}

/**
 * The bound of each term's ten cards for a device, on an app of its own: the results'
 * pages run one after another in a pool of one (warmed by a run first), then, for the
 * first term, at 2 … cores + 1 at once until a page's score moves by more than the
 * tolerance. The slots found for the first term serve the others.
 */
async function measureBounds(
  strategy: 'mobile' | 'desktop',
  slotsKnown?: number,
): Promise<Map<string, Bound>> {
  const bench = await startBenchApp({});
  const base = `http://127.0.0.1:${bench.port}/backend-service/v1`;
  const registered = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bound-${strategy}@example.com`, password: 'password123' }),
  });
  const auth = authResponseSchema.parse(await registered.json());
  await bench.db.kysely
    .updateTable('users')
    .set({ plan_id: PLAN_WITH_MOST_SAMPLES })
    .where('id', '=', auth.userId)
    .execute();
  const run = (lab: LocalLighthouseProvider, url: string) =>
    lab.run({ url, strategy, signal: AbortSignal.timeout(RUN_TIMEOUT_MS), onStage: () => {} });
  const bounds = new Map<string, Bound>();
  try {
    for (const term of TERMS) {
      const res = await fetch(`${base}/serp-search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${auth.token}` },
        body: JSON.stringify({ searchTerm: term, device: strategy === 'mobile' ? 1 : 2 }),
      });
      const links = [
        ...new Set(
          serpSearchResponseSchema.parse(await res.json()).organic_results.map((r) => r.link),
        ),
      ];
      const alone = new LocalLighthouseProvider(
        chromePath,
        1,
        RUN_TIMEOUT_MS,
        bench.app.services.pageFetch,
      );
      const warmMs = new Map<string, number>();
      /** Each page's scores alone, one a pass. */
      const scores = new Map<string, number[]>();
      const findingSlots = slotsKnown === undefined;
      try {
        await run(alone, links.at(-1)!);
        for (let pass = 0; pass < (findingSlots ? SLOT_PASSES : 1); pass++) {
          for (const url of links) {
            const start = performance.now();
            const result = await run(alone, url);
            if (pass === 0) warmMs.set(pageKey(url), performance.now() - start);
            scores.set(url, [...(scores.get(url) ?? []), result.lab.psi!.score]);
          }
        }
      } finally {
        await alone.close();
      }
      let slots = slotsKnown ?? 1;
      for (let k = 2; slotsKnown === undefined && k <= os.availableParallelism() + 1; k++) {
        const shared = new LocalLighthouseProvider(
          chromePath,
          k,
          RUN_TIMEOUT_MS,
          bench.app.services.pageFetch,
        );
        try {
          // Warm every slot, as the app's pool is warm.
          await Promise.all(Array.from({ length: k }, () => run(shared, links.at(-1)!)));
          const start = performance.now();
          // A score is one sample: each page's mean over the passes against its mean alone,
          // so that one sample's own spread does not count as the cores' doing.
          const sharedScores = new Map<string, number[]>();
          for (let pass = 0; pass < SLOT_PASSES; pass++) {
            const results = await Promise.all(links.map((url) => run(shared, url)));
            links.forEach((url, i) =>
              sharedScores.set(url, [...(sharedScores.get(url) ?? []), results[i]!.lab.psi!.score]),
            );
          }
          const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
          const moved = links
            .map((url) => ({
              url,
              by: Math.round((mean(sharedScores.get(url)!) - mean(scores.get(url)!)) * 10) / 10,
            }))
            .filter(({ by }) => Math.abs(by) > SCORE_TOLERANCE);
          console.log(
            `bound, ${strategy}: the ten pages of "${term}" ${SLOT_PASSES} times at ${k} runs at once in ` +
              `${seconds((performance.now() - start) / SLOT_PASSES)} a pass; ` +
              (moved.length === 0
                ? `every page's mean score within ±${SCORE_TOLERANCE} of its mean alone`
                : `${moved.length} pages' mean scores moved (${moved.map((m) => (m.by > 0 ? `+${m.by}` : m.by)).join(', ')})`),
          );
          if (moved.length > 0) break;
          slots = k;
        } finally {
          await shared.close();
        }
      }
      slotsKnown = slots;
      const sum = [...warmMs.values()].reduce((a, b) => a + b, 0);
      bounds.set(term, { warmMs, slots, allMs: sum / slots });
      console.log(
        `bound, ${strategy}, "${term}": warm runs alone ${[...warmMs.values()].map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; ` +
          `sum ${seconds(sum)} over ${slots} slots = ${seconds(sum / slots)} for ten cards`,
      );
    }
  } finally {
    await bench.close();
  }
  return bounds;
}

/** One CLI run of a light sandbox page, served by an app of its own (the median of a few). */
async function yardstick(): Promise<number> {
  const bench = await startBenchApp({ SPEED_CONCURRENCY: '1' });
  try {
    const light = buildManifest({ port: bench.port }).pages.find(
      (p) => p.speedProfile === 'light' && p.status === 200 && p.redirects.length === 0,
    )!;
    const runs: number[] = [];
    for (let i = 0; i < yardstickRuns; i++) runs.push((await cliRun(light.url)).ms);
    console.log(
      `yardstick: one Lighthouse CLI run of ${light.url}: ${runs.map(seconds).join(', ')}; median ${seconds(median(runs))}`,
    );
    return median(runs);
  } finally {
    await bench.close();
  }
}

console.log(
  `machine: ${os.cpus().length} cores, node ${process.version}; goals: first card ≤ ${GOALS.first}× ` +
    `one warm run of its page, all cards ≤ ${GOALS.all}× the machine's bound, a repeated search ≤ ` +
    `${GOALS.repeatMs / 1000} s, a speed test of ${SPEED_TEST_SAMPLES} samples ≤ ${GOALS.speedTest}× one CLI run`,
);
const yardstickMs = await yardstick();
const mobileBounds = await measureBounds('mobile');
const boundsOf = {
  1: mobileBounds,
  2: mobileOnly
    ? new Map<string, Bound>()
    : await measureBounds('desktop', mobileBounds.get(TERMS[0])!.slots),
};
for (const [device, bounds] of Object.entries(boundsOf))
  for (const [term, bound] of bounds)
    console.log(
      `bound ${device === '1' ? 'mobile' : 'desktop'} "${term}": ${seconds(bound.allMs)} = ` +
        `${(bound.allMs / yardstickMs).toFixed(2)}× a CLI run; a warm run alone is ` +
        `${(median([...bound.warmMs.values()]) / yardstickMs).toFixed(2)}× a CLI run (median)`,
    );
const oneProcess: Figures[] = [];
for (const device of mobileOnly ? ([1] as const) : ([1, 2] as const)) {
  const target = await inProcess();
  try {
    const { cold, warm } = await benchDevice(target, device, yardstickMs, boundsOf[device]);
    if (device === 1) oneProcess.push(cold, warm);
  } finally {
    await target.close();
  }
}
const target = scaleOut ? await scaledOut(2) : null;
if (scaleOut && !target) console.log('\nscale-out: needs Debian’s postgresql and redis-server');
if (target) {
  try {
    const { cold, warm } = await benchDevice(target, 1, yardstickMs, boundsOf[1]);
    console.log('\nscale-out against one process, mobile, all cards:');
    for (const [what, scaled, single] of [
      ['cold', cold, oneProcess[0]!],
      ['warm', warm, oneProcess[1]!],
    ] as const)
      console.log(
        `  ${what}: ${seconds(scaled.allMs)} against ${seconds(single.allMs)} ` +
          `(${(scaled.allMs / single.allMs).toFixed(2)}×, ${scaled.allMs <= single.allMs * 1.05 ? 'not slower' : 'SLOWER'})`,
      );
  } finally {
    await target.close();
  }
}
