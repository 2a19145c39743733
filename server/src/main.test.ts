import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, SPEED_MESSAGES } from '@core/messages';
import type { RunStatus } from '@core/speed';
import { buildManifest } from '@sandbox';
import { startAppProcess } from '../test/app-process';
import { childrenOf, groupOf, isAlive, processGroup, processesWith } from '../test/processes';

const API = '/backend-service/v1';

/**
 * The server as it runs in production (`tsx server/src/main.ts`), stopped mid-run: however
 * it ends, no Chromium or Lighthouse process of it stays behind, nor a browser profile.
 */
describe('the server process, stopped mid-run', () => {
  let app: Awaited<ReturnType<typeof startAppProcess>> | undefined;
  let tmp: string | undefined;
  afterEach(async () => {
    await app?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    app = tmp = undefined;
  });

  const startRun = (url: string) =>
    fetch(`${app!.baseUrl}${API}/pagespeed/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url, strategy: 'mobile' }),
    });
  const runStatus = async (runId: string): Promise<RunStatus> =>
    (await fetch(`${app!.baseUrl}${API}/pagespeed/runs/${runId}`)).json();

  /**
   * The server, its temp folder (where chrome-launcher makes the browser's profile) one of
   * this test's own, with a sample of a sandbox page under way in its browser: a heavy page
   * by default, so that the run is sure to outlast the test's signal.
   */
  async function serverMidRun(
    env: Record<string, string> = {},
    profile: 'long-tasks' | 'light' = 'long-tasks',
  ) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-signals-'));
    // tsx keeps its compiled files under the temp folder: the machine's, linked in, so the
    // server starts in seconds rather than compiling everything again (a quarter minute).
    const tsxCache = `tsx-${os.userInfo().uid}`;
    fs.mkdirSync(path.join(os.tmpdir(), tsxCache), { recursive: true });
    fs.symlinkSync(path.join(os.tmpdir(), tsxCache), path.join(tmp, tsxCache));
    app = await startAppProcess(
      { TMPDIR: tmp, SPEED_CONCURRENCY: '1', SPEED_CACHE_TTL_MINUTES: '0', ...env },
      { webBuild: false },
    );
    const page = buildManifest({ port: app.port }).pages.find(
      (p) => p.speedProfile === profile && p.status === 200 && p.redirects.length === 0,
    )!;
    const started = await startRun(page.url);
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    await expect
      .poll(async () => (await runStatus(runId)).stage, { timeout: 60_000, interval: 100 })
      .toMatch(/^(tracing|auditing)$/);
    const marker = `--user-data-dir=${tmp}`;
    const groups = [...new Set(processesWith(marker).map(groupOf))].filter((g) => g !== null);
    expect(groups).toHaveLength(1);
    const lighthouse = childrenOf(app.child.pid!);
    expect(lighthouse.length).toBeGreaterThan(0);
    /** Every process of the run still alive, and every browser profile still there. */
    const leftovers = () => ({
      processes: [
        ...processesWith(marker),
        ...groups.flatMap(processGroup),
        ...lighthouse.filter(isAlive),
      ],
      profiles: fs.readdirSync(tmp!).filter((name) => name.startsWith('lighthouse.')),
    });
    expect(leftovers().profiles).toHaveLength(1);
    return { runId, page, leftovers };
  }

  const nothingLeft = { processes: [], profiles: [] };

  it('leaves no browser behind when killed outright (SIGKILL)', async () => {
    const { leftovers } = await serverMidRun();
    app!.child.kill('SIGKILL');
    await app!.exited;
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual(nothingLeft);
  }, 120_000);

  it('on SIGTERM, refuses new runs with 503, lets the running one finish, then exits', async () => {
    const { runId, page, leftovers } = await serverMidRun({ SHUTDOWN_DRAIN_MS: '120000' }, 'light');
    // The server ends as soon as the run has: its event stream is the way to see the end.
    const events = (await fetch(`${app!.baseUrl}${API}/pagespeed/runs/${runId}/events`)).text();
    app!.child.kill('SIGTERM');
    await expect.poll(async () => (await fetch(`${app!.baseUrl}${API}/health`)).status).toBe(503);
    expect(await (await fetch(`${app!.baseUrl}${API}/health`)).json()).toEqual({
      message: SERVER_MESSAGES.shuttingDown,
    });
    const refused = await startRun(page.url);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      message: SPEED_MESSAGES.shuttingDown,
      code: 'shutting_down',
    });
    expect(await events).toContain('"status":"done"');
    await app!.exited;
    expect(app!.child.exitCode).toBe(0);
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual(nothingLeft);
  }, 240_000);

  it('on SIGINT, cancels a run that outlasts the drain time, and exits', async () => {
    const { leftovers } = await serverMidRun({ SHUTDOWN_DRAIN_MS: '500' });
    const signalled = Date.now();
    app!.child.kill('SIGINT');
    await app!.exited;
    expect(app!.child.exitCode).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await expect.poll(leftovers, { timeout: 10_000 }).toEqual(nothingLeft);
  }, 120_000);
});
