import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunStatus } from '@core/speed';
import { startAppProcess, startWorkerProcess } from '../test/app-process';
import { skipsBackend, testDatabaseUrl } from '../test/backends';
import { createPgDatabase } from '../test/build-test-app';
import { freePort } from '../test/free-port';
import { startRecordedServer } from '../test/recorded-server';
import { TestRedisServer } from '../test/redis-server';

const API = '/backend-service/v1';
const PSI_FIXTURE = path.join(import.meta.dirname, 'providers/lab-speed/fixtures/psi-mobile.json');
/** A public address: the stand-in for PageSpeed Insights never loads it. */
const TARGET = 'http://93.184.215.14/';

type Api = Awaited<ReturnType<typeof startAppProcess>>;
type SpeedWorker = Awaited<ReturnType<typeof startWorkerProcess>>;

/**
 * Scale-out mode as an operator runs it: two API instances and speed workers as
 * their own processes on one PostgreSQL database and one Redis, PageSpeed Insights (a
 * loopback stand-in answering its recorded reply) as the lab, so that samples are quick.
 */
describe.skipIf(skipsBackend('postgres') || skipsBackend('redis'))(
  'scale-out: API instances and workers',
  () => {
    let db: Awaited<ReturnType<typeof createPgDatabase>>;
    let redis: TestRedisServer;
    let psi: Awaited<ReturnType<typeof startRecordedServer>>;
    /** How long the PageSpeed Insights stand-in takes to answer. */
    let psiDelayMs = 0;
    const measuring = new Map<string, number>();
    const mostAtOnce = new Map<string, number>();
    const apis: Api[] = [];
    const workers: SpeedWorker[] = [];
    let env: Record<string, string>;

    beforeAll(async () => {
      db = await createPgDatabase(testDatabaseUrl!);
      redis = await TestRedisServer.start({ persist: true });
      psi = await startRecordedServer((request) => {
        // Samples of each host being measured at once, by every worker together.
        const host = new URL(request.url.searchParams.get('url') ?? TARGET).host;
        const now = (measuring.get(host) ?? 0) + 1;
        measuring.set(host, now);
        mostAtOnce.set(host, Math.max(mostAtOnce.get(host) ?? 0, now));
        setTimeout(() => measuring.set(host, measuring.get(host)! - 1), psiDelayMs);
        return { fixture: PSI_FIXTURE, delayMs: psiDelayMs };
      });
      // The sandbox web's one origin, on the first instance; the second listens elsewhere.
      const sandboxPort = await freePort();
      env = {
        SANDBOX_ORIGIN: `http://sandbox.localhost:${sandboxPort}`,
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        JWT_SECRET: 'scale-out-test-secret-of-at-least-32-characters',
        PSI_API_KEY: 'psi-key',
        PSI_BASE_URL: psi.baseUrl,
        SPEED_CACHE_TTL_MINUTES: '0',
        SPEED_CONCURRENCY: '2',
        SPEED_SAMPLES_PER_HOST: '2',
        // Tracked pages' checks are jobs too: the instances queue them, the workers run them.
        TRACKING_CONCURRENCY: '2',
        TRACKING_TICK_SECONDS: '1',
        JOB_LOCK_SECONDS: '2',
        SHUTDOWN_DRAIN_MS: '500',
      };
      // One instance first: it migrates the database before the others start.
      apis.push(await startAppProcess({ ...env, PORT: String(sandboxPort) }, { webBuild: false }));
      apis.push(await startAppProcess(env, { webBuild: false }));
    }, 120_000);

    afterAll(async () => {
      await Promise.all([...apis, ...workers].map((p) => p.stop()));
      await psi?.close();
      await redis?.close();
      await db?.drop();
    }, 60_000);

    const call = (api: Api, route: string, init: RequestInit & { token?: string } = {}) =>
      fetch(`${api.baseUrl}${API}${route}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
      });
    const startRun = (api: Api, token: string, body: object) =>
      call(api, '/pagespeed/runs', {
        method: 'POST',
        token,
        body: JSON.stringify({ url: TARGET, strategy: 'mobile', ...body }),
      });
    const status = async (api: Api, runId: string): Promise<RunStatus> =>
      (await call(api, `/pagespeed/runs/${runId}`)).json() as Promise<RunStatus>;
    const register = async (api: Api) => {
      const res = await call(api, '/auth/register', {
        method: 'POST',
        body: JSON.stringify({
          email: `scale-${Date.now()}-${Math.random()}@example.com`,
          password: 'password123',
        }),
      });
      return ((await res.json()) as { token: string }).token;
    };
    const speedTestsLeft = async (api: Api, token: string) =>
      (
        (await (await call(api, '/usage/website-speed-tool', { token })).json()) as {
          numOfwebsiteSearchesLeft: number;
        }
      ).numOfwebsiteSearchesLeft;

    it('shares a quota exactly: 10 of 50 concurrent tests across two instances, measured by two workers', async () => {
      workers.push(await startWorkerProcess(env), await startWorkerProcess(env));
      const token = await register(apis[0]!);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => startRun(apis[i % 2]!, token, {})),
      );
      const accepted = answers.filter((res) => res.status === 202);

      expect(accepted).toHaveLength(10);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(40);
      const runIds = await Promise.all(
        accepted.map(async (res) => ((await res.json()) as { runId: string }).runId),
      );
      // Each run read from the instance that did not start it.
      for (const [i, runId] of runIds.entries()) {
        await expect
          .poll(async () => (await status(apis[(i + 1) % 2]!, runId)).status, { timeout: 30_000 })
          .toBe('done');
      }
      expect(await speedTestsLeft(apis[1]!, token)).toBe(0);

      // A search on the second instance links the sandbox origin's port, not its own; the
      // pages' facts, asked through the first, are read by a worker.
      expect(apis[1]!.port).not.toBe(apis[0]!.port);
      const search = (await (
        await call(apis[1]!, '/serp-search', {
          method: 'POST',
          token,
          body: JSON.stringify({ searchTerm: 'ice cream' }),
        })
      ).json()) as { organic_results: { link: string }[]; speedTestId: string };
      expect(new URL(search.organic_results[0]!.link).port).toBe(String(apis[0]!.port));
      const facts = await call(apis[0]!, '/send-urls', {
        method: 'POST',
        token,
        body: JSON.stringify({
          results: search.organic_results.slice(0, 3).map(({ link }) => ({ link })),
          searchId: search.speedTestId,
        }),
      });
      expect(facts.status).toBe(200);
      const { resultArray } = (await facts.json()) as {
        resultArray: { status: number; total: number | null }[];
      };
      expect(resultArray.map((page) => page.status)).toEqual([200, 200, 200]);
      expect(resultArray.every((page) => (page.total ?? 0) > 0)).toBe(true);
    }, 120_000);

    /** Waits until the stand-in for PageSpeed Insights has been asked `count` times in all. */
    const psiAsked = (count: number) =>
      expect.poll(() => psi.requests.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
    const stopWorkers = () => Promise.all(workers.splice(0).map((worker) => worker.stop()));

    it('runs tracked pages’ scheduled and run-now checks on the workers, read from any instance', async () => {
      const token = await register(apis[1]!);
      const created = await call(apis[1]!, '/tracking/pages', {
        method: 'POST',
        token,
        body: JSON.stringify({ url: TARGET, devices: ['mobile'], samples: 2 }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const checks = async (api: Api) =>
        (
          (await (await call(api, `/tracking/pages/${id}/history`, { token })).json()) as {
            checks: { trigger: string; status: string; samples: { error: string | null }[] }[];
          }
        ).checks.map((c) => ({ trigger: c.trigger, status: c.status, samples: c.samples.length }));
      // Due at once: an instance's scheduler queues it, a worker measures both samples.
      await expect
        .poll(() => checks(apis[0]!), { timeout: 30_000 })
        .toEqual([{ trigger: 'schedule', status: 'done', samples: 2 }]);
      const asked = psi.requests.length;
      // The scheduled job gives the page's lease back just after the check ends: till then,
      // 'run now' answers 409 (a check is running).
      await expect
        .poll(
          async () =>
            (
              await call(apis[0]!, `/tracking/pages/${id}/run`, {
                method: 'POST',
                token,
                body: '{}',
              })
            ).status,
          { timeout: 10_000 },
        )
        .toBe(202);
      await expect
        .poll(async () => (await checks(apis[1]!))[0], { timeout: 30_000 })
        .toEqual({ trigger: 'manual', status: 'done', samples: 2 });
      expect(psi.requests.length).toBe(asked + 2);
      // Checked once on schedule: not queued again until its next slot.
      expect(await checks(apis[1]!)).toHaveLength(2);
    }, 120_000);

    it('measures at most SPEED_SAMPLES_PER_HOST samples of one host at once across the workers', async () => {
      const token = await register(apis[0]!);
      const host = '93.184.215.15';
      psiDelayMs = 800;
      // Two workers with two slots each could take all four at once; the host allows two.
      const runs = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const res = await startRun(apis[i % 2]!, token, { url: `http://${host}/p${i}` });
          expect(res.status).toBe(202);
          return ((await res.json()) as { runId: string }).runId;
        }),
      );
      for (const runId of runs) {
        await expect
          .poll(async () => (await status(apis[1]!, runId)).status, { timeout: 30_000 })
          .toBe('done');
      }
      expect(mostAtOnce.get(host)).toBe(2);
      psiDelayMs = 0;
    }, 120_000);

    it('finishes a sample on the other worker when its worker is killed (SIGKILL) mid-run', async () => {
      await stopWorkers();
      const doomed = await startWorkerProcess(env);
      workers.push(doomed);
      const token = await register(apis[0]!);
      psiDelayMs = 60_000;
      const asked = psi.requests.length;
      const { runId } = (await (await startRun(apis[0]!, token, {})).json()) as { runId: string };
      await psiAsked(asked + 1);
      expect((await status(apis[1]!, runId)).status).toBe('running');
      workers.push(await startWorkerProcess(env));
      psiDelayMs = 0;
      doomed.child.kill('SIGKILL');
      await expect
        .poll(async () => (await status(apis[1]!, runId)).status, { timeout: 30_000 })
        .toBe('done');
      // Asked once by the killed worker, once by the one that took the sample over.
      expect(psi.requests.length).toBe(asked + 2);
    }, 120_000);

    it('resumes the event stream on another instance when one is killed, and loses no test', async () => {
      const token = await register(apis[0]!);
      psiDelayMs = 4000;
      const asked = psi.requests.length;
      const started = (await (await startRun(apis[0]!, token, { samples: 3 })).json()) as {
        runId: string;
        testId: string;
      };
      const left = await speedTestsLeft(apis[1]!, token);
      // The browser follows the run on the first instance until it dies.
      const stream = await call(apis[0]!, `/pagespeed/runs/${started.runId}/events`);
      const reader = stream.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      const lastId = /^id: (\d+)$/m.exec(first)![1]!;
      await psiAsked(asked + 1);
      apis[0]!.child.kill('SIGKILL');
      await apis[0]!.exited;
      await reader.read().catch(() => undefined);
      // It reconnects behind the load balancer, to the other instance, saying where it was.
      const resumed = await fetch(
        `${apis[1]!.baseUrl}${API}/pagespeed/runs/${started.runId}/events`,
        {
          headers: { 'last-event-id': lastId },
        },
      );
      const rest = await resumed.text();
      expect(rest).not.toContain(`id: ${lastId}\n`);
      expect(rest).toMatch(/id: 5\ndata: \{"stage":"done","status":"done"\}\n\n$/);
      // The test the first instance opened still pays for its next sample, on the other one.
      psiDelayMs = 0;
      const next = await startRun(apis[1]!, token, {
        sample: 2,
        samples: 3,
        testId: started.testId,
      });
      expect(next.status).toBe(202);
      expect(await speedTestsLeft(apis[1]!, token)).toBe(left);
    }, 120_000);

    it('keeps finished results and finishes a running sample when Redis restarts mid-run', async () => {
      const api = apis[1]!;
      const token = await register(api);
      psiDelayMs = 0;
      const before = (await (await startRun(api, token, {})).json()) as { runId: string };
      await expect.poll(async () => (await status(api, before.runId)).status).toBe('done');
      psiDelayMs = 3000;
      const asked = psi.requests.length;
      const during = (await (await startRun(api, token, {})).json()) as { runId: string };
      await psiAsked(asked + 1);
      await redis.restart();
      await expect
        .poll(async () => (await status(api, during.runId)).status, { timeout: 60_000 })
        .toBe('done');
      expect((await status(api, before.runId)).status).toBe('done');
      // And the queue takes new samples again.
      psiDelayMs = 0;
      const after = (await (await startRun(api, token, {})).json()) as { runId: string };
      await expect
        .poll(async () => (await status(api, after.runId)).status, { timeout: 60_000 })
        .toBe('done');
    }, 180_000);
  },
  600_000,
);
