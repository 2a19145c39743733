import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Check } from '@core/schemas/checks';
import { buildTestApp, SCRIPTED_LAB_ENV, type TestApp } from '../../server/test/build-test-app';
import { SandboxLab } from '../../server/test/sandbox-lab';
import { NoFieldData } from '../../server/src/providers/field-data/none';
import { COMMENT_MARKER } from '../report/markdown';
import { startGithubStandIn, type GithubStandIn } from '../ci-hosts/stand-ins/github';
import { checkCommand, EXIT } from './check-command';
import { steadySandboxPage } from '../../server/test/sandbox-pages';

const LIGHT = steadySandboxPage('light', 8080);
const HEAVY = steadySandboxPage('heavy-images', 8080);
const HEAD = 'a3f1c2d4e5b6978877665544332211aabbccddee';
const GH_TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';

describe('speedrank check against a running SpeedRank', () => {
  let t: TestApp;
  let server: string;
  let token: string;
  let dir: string;
  let github: GithubStandIn;

  beforeAll(async () => {
    t = await buildTestApp({
      env: SCRIPTED_LAB_ENV,
      overrides: { lab: new SandboxLab(0), field: new NoFieldData() },
    });
    server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/backend-service/v1/auth/register',
      payload: { email: 'ci@example.com', password: 'password123' },
    });
    const session = registered.json<{ token: string; userId: string }>();
    const made = await t.app.inject({
      method: 'POST',
      url: '/backend-service/v1/tokens',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { name: 'CI', workspaceId: session.userId, scopes: ['read', 'run'] },
    });
    token = made.json<{ token: string }>().token;
    dir = await mkdtemp(join(tmpdir(), 'speedrank-cli-'));
    github = await startGithubStandIn({ token: GH_TOKEN, repository: 'scoops/site' });
  });
  afterAll(async () => {
    await github?.close();
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function run(args: string[], env: Record<string, string> = {}) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await checkCommand(args, {
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      env: { SPEEDRANK_SERVER: server, SPEEDRANK_TOKEN: token, ...env },
    });
    return { code, out: out.join(''), err: err.join('') };
  }

  it('exits 1 when a page breaks its Lighthouse budget, with the JSON report on stdout', async () => {
    const budget = join(dir, 'budget.json');
    await writeFile(
      budget,
      JSON.stringify([{ timings: [{ metric: 'largest-contentful-paint', budget: 3000 }] }]),
    );
    const { code, out, err } = await run([
      LIGHT,
      HEAVY,
      '--samples',
      '1',
      '--budget',
      budget,
      '--format',
      'json',
    ]);
    expect(err).toMatch(/started: 2 URLs × 1 samples/);
    expect(code).toBe(EXIT.fail);
    const check = JSON.parse(out) as Check;
    expect(check.pages.map((page) => page.budget[0]!.pass)).toEqual([true, false]);
    expect(check.by.token).toBe('CI');

    // The same pages pass a looser budget when only the budget may fail them.
    await writeFile(budget, JSON.stringify({ lcp: 10_000 }));
    expect(
      (await run([LIGHT, '--samples', '1', '--budget', budget, '--fail-on', 'budget'])).code,
    ).toBe(EXIT.pass);
  });

  it('posts one commit status on the pull request’s head and one comment, updated on the next run', async () => {
    const event = join(dir, 'event.json');
    await writeFile(event, JSON.stringify({ pull_request: { number: 4, head: { sha: HEAD } } }));
    const env = {
      GITHUB_API_URL: github.apiUrl,
      GITHUB_REPOSITORY: 'scoops/site',
      GITHUB_TOKEN: GH_TOKEN,
      GITHUB_EVENT_PATH: event,
      GITHUB_SHA: 'bb11cc22dd33ee44ff5566778899aabbccddeeff',
      GITHUB_HEAD_REF: 'faster',
    };
    const first = await run([LIGHT, '--samples', '1', '--github', '--format', 'markdown'], env);
    expect(first.code).toBe(EXIT.pass);
    expect(first.out.startsWith(COMMENT_MARKER)).toBe(true);
    const second = await run([LIGHT, '--samples', '1', '--github'], env);
    expect(second.code).toBe(EXIT.pass);
    expect(github.statuses.get(HEAD)!.map((s) => s.state)).toEqual(['success', 'success']);
    expect(github.comments.get(4)).toHaveLength(1);
    // The status links to the check's page in the app.
    expect(github.statuses.get(HEAD)![1]!.target_url).toMatch(
      new RegExp(`^${server}/checks\\?id=[0-9a-f-]{36}&ws=`),
    );
    expect(second.err).toMatch(/updated comment/);
    // The checks name the change they ran for.
    const list = await t.app.inject({
      method: 'GET',
      url: '/backend-service/v1/checks',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json<{ checks: Check[] }>().checks[0]!.ref).toEqual({
      repository: 'scoops/site',
      commit: HEAD,
      pullRequest: 4,
      branch: 'faster',
    });
  });

  it('exits 2 when it cannot check: a refused token, a budget that is not one, no URL', async () => {
    const refused = await run([LIGHT], { SPEEDRANK_TOKEN: 'srk_not-a-token' });
    expect(refused.code).toBe(EXIT.couldNotCheck);
    expect(refused.err).toMatch(/SpeedRank answered 401/);
    const budget = join(dir, 'bad.json');
    await writeFile(budget, JSON.stringify({ lcp: 'fast' }));
    const bad = await run([LIGHT, '--budget', budget]);
    expect(bad.code).toBe(EXIT.couldNotCheck);
    expect(bad.err).toMatch(/neither SpeedRank's format nor Lighthouse's budget.json/);
    expect((await run([])).code).toBe(EXIT.couldNotCheck);
  });
});
