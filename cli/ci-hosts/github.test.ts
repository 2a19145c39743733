import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { failingCheck, passingCheck } from '../report/check-fixtures';
import { COMMENT_MARKER, renderMarkdown } from '../report/markdown';
import statusFixture from './fixtures/github-status.json';
import commentFixture from './fixtures/github-issue-comment.json';
import { nextLink, publishToGithub } from './github';
import { CiHostError, CiSetupError, statusDescription, type CiEnv } from './port';
import { startGithubStandIn, type GithubStandIn } from './stand-ins/github';
import { serveOnLoopback } from './stand-ins/serve';

const TOKEN = 'ghs_16C7e42F292c6912E7710c838347Ae178B4a';
const HEAD = 'a3f1c2d4e5b6978877665544332211aabbccddee';
/** What Actions puts in GITHUB_SHA on a pull_request event: a merge it made to test. */
const MERGE = 'bb11cc22dd33ee44ff5566778899aabbccddeeff';
const PR = 12;

let standIn: GithubStandIn;
let dir: string;
let pullRequestEvent: string;

beforeEach(async () => {
  // Two comments a page, so a third is on page 2.
  standIn = await startGithubStandIn({ token: TOKEN, repository: 'acme/shop', maxPerPage: 2 });
  dir = await mkdtemp(join(tmpdir(), 'speedrank-github-'));
  pullRequestEvent = join(dir, 'pull_request.json');
  await writeFile(
    pullRequestEvent,
    JSON.stringify({
      action: 'synchronize',
      number: PR,
      pull_request: { number: PR, head: { sha: HEAD }, merge_commit_sha: MERGE },
    }),
  );
});

afterEach(async () => {
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
});

const env = (overrides: CiEnv = {}): CiEnv => ({
  GITHUB_API_URL: standIn.apiUrl,
  GITHUB_REPOSITORY: 'acme/shop',
  GITHUB_TOKEN: TOKEN,
  GITHUB_SHA: MERGE,
  GITHUB_EVENT_PATH: pullRequestEvent,
  GITHUB_SERVER_URL: 'https://github.com',
  GITHUB_RUN_ID: '4242',
  ...overrides,
});

const report = (check = failingCheck()) => ({ check, markdown: renderMarkdown(check) });
const callLine = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

describe('publishToGithub', () => {
  it("posts one status on the pull request's head commit and creates one comment", async () => {
    standIn.addComment(PR, 'LGTM');
    standIn.addComment(PR, 'Could you look at the pricing page?');
    standIn.addComment(PR, 'Sure.');
    const check = failingCheck();

    const published = await publishToGithub(report(check), env());

    expect(published).toEqual({
      host: 'github',
      status: { sha: HEAD, state: 'failure' },
      comment: { id: expect.any(Number), action: 'created' },
    });
    expect(standIn.statuses.has(MERGE)).toBe(false);
    const [status, ...more] = standIn.statuses.get(HEAD)!;
    expect(more).toHaveLength(0);
    expect(status).toMatchObject({
      state: 'failure',
      context: 'speedrank',
      description: statusDescription(check),
      target_url: 'https://github.com/acme/shop/actions/runs/4242',
    });
    expect(Object.keys(status!).sort()).toEqual(Object.keys(statusFixture).sort());
    const comments = standIn.comments.get(PR)!;
    expect(comments).toHaveLength(4);
    expect(comments.at(-1)).toMatchObject({
      id: published.comment!.id,
      body: renderMarkdown(check),
    });
    expect(Object.keys(comments.at(-1)!).sort()).toEqual(Object.keys(commentFixture).sort());
    expect(standIn.calls.map(callLine)).toEqual([
      `POST /repos/acme/shop/statuses/${HEAD}`,
      `GET /repos/acme/shop/issues/${PR}/comments`,
      // The Link header's own address, followed as given.
      `GET /repositories/1296269/issues/${PR}/comments`,
      `POST /repos/acme/shop/issues/${PR}/comments`,
    ]);
  });

  it('sends the headers GitHub asks for', async () => {
    await publishToGithub(report(), env());
    for (const { headers } of standIn.calls)
      expect(headers).toMatchObject({
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${TOKEN}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'speedrank-cli',
      });
    expect(standIn.calls[1]!.query).toEqual({ per_page: '100' });
  });

  it('updates its comment on a later run, found on page 2, rather than adding one', async () => {
    standIn.addComment(PR, 'LGTM');
    standIn.addComment(PR, 'Could you look at the pricing page?');
    const first = await publishToGithub(report(failingCheck()), env());
    standIn.addComment(PR, 'Fixed the hero image.');
    standIn.calls.length = 0;

    const second = await publishToGithub(report(passingCheck()), env());

    expect(second.comment).toEqual({ id: first.comment!.id, action: 'updated' });
    expect(second.status).toEqual({ sha: HEAD, state: 'success' });
    const comments = standIn.comments.get(PR)!;
    expect(comments).toHaveLength(4);
    expect(comments.filter((c) => c.body.startsWith(COMMENT_MARKER))).toEqual([
      expect.objectContaining({ id: first.comment!.id, body: renderMarkdown(passingCheck()) }),
    ]);
    expect(standIn.calls.map(callLine)).toEqual([
      `POST /repos/acme/shop/statuses/${HEAD}`,
      `GET /repos/acme/shop/issues/${PR}/comments`,
      `GET /repositories/1296269/issues/${PR}/comments`,
      `PATCH /repos/acme/shop/issues/comments/${first.comment!.id}`,
    ]);
    expect(standIn.calls[2]!.query).toEqual({ per_page: '2', page: '2' });
    expect(standIn.statuses.get(HEAD)!.map((s) => s.state)).toEqual(['failure', 'success']);
  });

  it('posts a status on GITHUB_SHA and no comment outside a pull request', async () => {
    const push = join(dir, 'push.json');
    await writeFile(push, JSON.stringify({ ref: 'refs/heads/main', after: MERGE }));
    for (const eventPath of [push, undefined]) {
      standIn.calls.length = 0;
      const published = await publishToGithub(report(), env({ GITHUB_EVENT_PATH: eventPath }));
      expect(published.comment).toBeNull();
      expect(published.status.sha).toBe(MERGE);
      expect(standIn.calls.map(callLine)).toEqual([`POST /repos/acme/shop/statuses/${MERGE}`]);
    }
  });

  it('opens the comment with the marker even when the markdown lacks it', async () => {
    await publishToGithub({ check: failingCheck(), markdown: 'Speed is fine.' }, env());
    expect(standIn.comments.get(PR)![0]!.body).toBe(`${COMMENT_MARKER}\nSpeed is fine.`);
    const again = await publishToGithub({ check: failingCheck(), markdown: 'Still fine.' }, env());
    expect(again.comment!.action).toBe('updated');
  });

  it('links the status to SpeedRank when given the link', async () => {
    await publishToGithub({ ...report(), detailsUrl: 'https://speedrank.example/checks/1' }, env());
    expect(standIn.statuses.get(HEAD)![0]!.target_url).toBe('https://speedrank.example/checks/1');
  });

  it("surfaces a refusal with GitHub's status and message", async () => {
    const refused = publishToGithub(report(), env({ GITHUB_TOKEN: 'ghs_revoked' }));
    await expect(refused).rejects.toBeInstanceOf(CiHostError);
    await expect(refused).rejects.toMatchObject({
      host: 'github',
      status: 401,
      hostMessage: 'Bad credentials',
      message: `GitHub answered 401 to POST /repos/acme/shop/statuses/${HEAD}: Bad credentials`,
    });
    await expect(
      publishToGithub(report(), env({ GITHUB_REPOSITORY: 'acme/elsewhere' })),
    ).rejects.toMatchObject({ status: 404, hostMessage: 'Not Found' });
  });

  it('says so when GitHub cannot be reached', async () => {
    const apiUrl = standIn.apiUrl;
    await standIn.close();
    await expect(publishToGithub(report(), env({ GITHUB_API_URL: apiUrl }))).rejects.toMatchObject({
      name: 'CiHostError',
      status: null,
      message: expect.stringMatching(
        new RegExp(
          `^GitHub could not be reached to POST /repos/acme/shop/statuses/${HEAD}: .*ECONNREFUSED`,
        ),
      ),
    });
  });

  it('does not follow a next page to another host with the token', async () => {
    const misdirecting = await serveOnLoopback(
      ({ method }) =>
        method === 'POST'
          ? { status: 201, body: statusFixture }
          : {
              status: 200,
              body: [],
              headers: { Link: '<https://elsewhere.example/comments?page=2>; rel="next"' },
            },
      { status: 400 },
    );
    try {
      await expect(
        publishToGithub(report(), env({ GITHUB_API_URL: misdirecting.origin })),
      ).rejects.toMatchObject({
        hostMessage: 'its next page is on another host (https://elsewhere.example)',
      });
      expect(misdirecting.calls.map(callLine)).toEqual([
        `POST /repos/acme/shop/statuses/${HEAD}`,
        `GET /repos/acme/shop/issues/${PR}/comments`,
      ]);
    } finally {
      await misdirecting.close();
    }
  });

  it('asks for what is missing before calling anything', async () => {
    await expect(publishToGithub(report(), env({ GITHUB_TOKEN: undefined }))).rejects.toThrow(
      /GITHUB_TOKEN is not set: .*statuses: write and pull-requests: write/,
    );
    await expect(
      publishToGithub(report(), env({ GITHUB_REPOSITORY: 'shop' })),
    ).rejects.toBeInstanceOf(CiSetupError);
    await expect(
      publishToGithub(report(), env({ GITHUB_EVENT_PATH: join(dir, 'missing.json') })),
    ).rejects.toThrow('GITHUB_EVENT_PATH');
    expect(standIn.calls).toHaveLength(0);
  });
});

describe('the GitHub stand-in', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${standIn.apiUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a status without a state, or with one GitHub does not know, with 422', async () => {
    const missing = await post(`/repos/acme/shop/statuses/${HEAD}`, { context: 'speedrank' });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      message: 'Invalid request.\n\n"state" wasn\'t supplied.',
    });
    const unknown = await post(`/repos/acme/shop/statuses/${HEAD}`, { state: 'failed' });
    expect(unknown.status).toBe(422);
    expect(standIn.statuses.size).toBe(0);
  });

  it('leaves the Link header out when the list fits on one page', async () => {
    standIn.addComment(PR, 'one');
    const answer = await fetch(`${standIn.apiUrl}/repos/acme/shop/issues/${PR}/comments`, {
      headers: { Authorization: `token ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('link')).toBeNull();
  });
});

describe('nextLink', () => {
  it('reads the next page from a Link header, and null on the last', () => {
    const link =
      '<https://api.github.com/repositories/1/issues/2/comments?page=1>; rel="prev", ' +
      '<https://api.github.com/repositories/1/issues/2/comments?page=3>; rel="next", ' +
      '<https://api.github.com/repositories/1/issues/2/comments?page=5>; rel="last"';
    expect(nextLink(link)).toBe('https://api.github.com/repositories/1/issues/2/comments?page=3');
    expect(
      nextLink('<https://x/?page=1>; rel="first", <https://x/?page=4>; rel="prev"'),
    ).toBeNull();
    expect(nextLink(null)).toBeNull();
  });
});
