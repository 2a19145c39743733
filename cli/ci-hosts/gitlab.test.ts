import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { erroredCheck, failingCheck, passingCheck } from '../report/check-fixtures';
import { COMMENT_MARKER, renderMarkdown } from '../report/markdown';
import statusFixture from './fixtures/gitlab-commit-status.json';
import noteFixture from './fixtures/gitlab-note.json';
import { JOB_TOKEN_CANNOT_POST, publishToGitlab } from './gitlab';
import { CiHostError, CiSetupError, statusDescription, type CiEnv } from './port';
import { startGitlabStandIn, type GitlabStandIn } from './stand-ins/gitlab';

const TOKEN = 'glpat-2Xv8sTqL9yNcWm4KpR7e';
const SOURCE_HEAD = 'c0ffee1234567890abcdef1234567890abcdef12';
/** CI_COMMIT_SHA in a merged results pipeline: the merge GitLab made to test. */
const MERGED_RESULT = 'dd44ee55ff66007788990011aabbccddeeff0011';
const IID = 7;
const JOB_URL = 'https://gitlab.example.com/acme/shop/-/jobs/991';

let standIn: GitlabStandIn;

beforeEach(async () => {
  // Two notes a page, so a third is on page 2.
  standIn = await startGitlabStandIn({
    token: TOKEN,
    projectId: '5',
    projectPath: 'acme/shop',
    maxPerPage: 2,
  });
});

afterEach(() => standIn.close());

/** A merge request pipeline, as GitLab CI sets it (detached: CI_COMMIT_SHA is the source head). */
const env = (overrides: CiEnv = {}): CiEnv => ({
  GITLAB_CI: 'true',
  CI_API_V4_URL: standIn.apiUrl,
  CI_PROJECT_ID: '5',
  CI_COMMIT_SHA: SOURCE_HEAD,
  CI_MERGE_REQUEST_IID: String(IID),
  CI_JOB_URL: JOB_URL,
  CI_PIPELINE_URL: 'https://gitlab.example.com/acme/shop/-/pipelines/301',
  CI_JOB_TOKEN: 'glcbt-64_job',
  GITLAB_TOKEN: TOKEN,
  ...overrides,
});

const report = (check = failingCheck()) => ({ check, markdown: renderMarkdown(check) });
const callLine = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;
const NOTES = `/api/v4/projects/5/merge_requests/${IID}/notes`;

describe('publishToGitlab', () => {
  it('posts one status on the source head and creates one note', async () => {
    standIn.addNote(IID, 'added 1 commit', { system: true });
    standIn.addNote(IID, 'Please check the pricing page.');
    standIn.addNote(IID, 'Will do.');
    const check = failingCheck();

    const published = await publishToGitlab(report(check), env());

    expect(published).toEqual({
      host: 'gitlab',
      status: { sha: SOURCE_HEAD, state: 'failed' },
      comment: { id: expect.any(Number), action: 'created' },
    });
    const [status, ...more] = standIn.statuses.get(SOURCE_HEAD)!;
    expect(more).toHaveLength(0);
    expect(status).toMatchObject({
      status: 'failed',
      name: 'speedrank',
      description: statusDescription(check),
      target_url: JOB_URL,
    });
    expect(Object.keys(status!).sort()).toEqual(Object.keys(statusFixture).sort());
    const notes = standIn.notes.get(IID)!;
    expect(notes).toHaveLength(4);
    expect(notes.at(-1)).toMatchObject({
      id: published.comment!.id,
      body: renderMarkdown(check),
      system: false,
    });
    expect(Object.keys(notes.at(-1)!).sort()).toEqual(Object.keys(noteFixture).sort());
    expect(standIn.calls.map(callLine)).toEqual([
      `POST /api/v4/projects/5/statuses/${SOURCE_HEAD}`,
      `GET ${NOTES}`,
      `GET ${NOTES}`,
      `POST ${NOTES}`,
    ]);
    expect(standIn.calls[1]!.query).toEqual({
      sort: 'asc',
      order_by: 'created_at',
      per_page: '100',
      page: '1',
    });
    for (const { headers } of standIn.calls) expect(headers['private-token']).toBe(TOKEN);
  });

  it('puts the status on the source head, not the merged result, in a merged results pipeline', async () => {
    const published = await publishToGitlab(
      report(),
      env({ CI_COMMIT_SHA: MERGED_RESULT, CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: SOURCE_HEAD }),
    );
    expect(published.status.sha).toBe(SOURCE_HEAD);
    expect(standIn.statuses.has(MERGED_RESULT)).toBe(false);
  });

  it('updates its note on a later run, found on page 2, rather than adding one', async () => {
    standIn.addNote(IID, 'Please check the pricing page.');
    // GitLab's own note can quote anything; it is never the one to edit.
    standIn.addNote(IID, `${COMMENT_MARKER} mentioned in commit 1a2b3c4`, { system: true });
    const first = await publishToGitlab(report(failingCheck()), env());
    standIn.addNote(IID, 'Fixed the hero image.');
    standIn.calls.length = 0;

    const second = await publishToGitlab(report(passingCheck()), env());

    expect(second.comment).toEqual({ id: first.comment!.id, action: 'updated' });
    expect(second.status).toEqual({ sha: SOURCE_HEAD, state: 'success' });
    const notes = standIn.notes.get(IID)!;
    expect(notes).toHaveLength(4);
    expect(notes.find((n) => n.id === first.comment!.id)!.body).toBe(
      renderMarkdown(passingCheck()),
    );
    expect(standIn.calls.map(callLine)).toEqual([
      `POST /api/v4/projects/5/statuses/${SOURCE_HEAD}`,
      `GET ${NOTES}`,
      `GET ${NOTES}`,
      `PUT ${NOTES}/${first.comment!.id}`,
    ]);
    expect(standIn.calls[2]!.query.page).toBe('2');
    expect(standIn.statuses.get(SOURCE_HEAD)!.map((s) => s.status)).toEqual(['failed', 'success']);
  });

  it('posts a status and no note outside a merge request pipeline', async () => {
    const published = await publishToGitlab(
      report(erroredCheck()),
      env({ CI_MERGE_REQUEST_IID: undefined, CI_JOB_URL: undefined }),
    );
    expect(published).toEqual({
      host: 'gitlab',
      status: { sha: SOURCE_HEAD, state: 'failed' },
      comment: null,
    });
    expect(standIn.calls.map(callLine)).toEqual([
      `POST /api/v4/projects/5/statuses/${SOURCE_HEAD}`,
    ]);
    expect(standIn.statuses.get(SOURCE_HEAD)![0]!.target_url).toBe(
      'https://gitlab.example.com/acme/shop/-/pipelines/301',
    );
  });

  it('says a job token cannot post, and what to set instead, without calling GitLab', async () => {
    const refused = publishToGitlab(report(), env({ GITLAB_TOKEN: undefined }));
    await expect(refused).rejects.toBeInstanceOf(CiSetupError);
    await expect(refused).rejects.toThrow(JOB_TOKEN_CANNOT_POST);
    expect(JOB_TOKEN_CANNOT_POST).toMatch(
      /CI_JOB_TOKEN cannot post commit statuses or merge request notes/,
    );
    expect(JOB_TOKEN_CANNOT_POST).toMatch(/project access token with the api scope/);
    expect(standIn.calls).toHaveLength(0);
  });

  it("surfaces a refusal with GitLab's status and message", async () => {
    const refused = publishToGitlab(report(), env({ GITLAB_TOKEN: 'glpat-revoked' }));
    await expect(refused).rejects.toBeInstanceOf(CiHostError);
    await expect(refused).rejects.toMatchObject({
      host: 'gitlab',
      status: 401,
      hostMessage: '401 Unauthorized',
      message: `GitLab answered 401 to POST /api/v4/projects/5/statuses/${SOURCE_HEAD}: 401 Unauthorized`,
    });
    await expect(publishToGitlab(report(), env({ CI_PROJECT_ID: '6' }))).rejects.toMatchObject({
      status: 404,
      hostMessage: '404 Not found',
    });
  });

  it('takes a project path for CI_PROJECT_ID, encoded', async () => {
    await publishToGitlab(
      report(),
      env({ CI_PROJECT_ID: 'acme/shop', CI_MERGE_REQUEST_IID: undefined }),
    );
    expect(standIn.calls.map(callLine)).toEqual([
      `POST /api/v4/projects/acme%2Fshop/statuses/${SOURCE_HEAD}`,
    ]);
  });
});

describe('the GitLab stand-in', () => {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${standIn.apiUrl}${path}`, {
      method,
      headers: { 'PRIVATE-TOKEN': TOKEN, 'Content-Type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });

  it('refuses a status without a state, or with one GitLab does not know, with 400', async () => {
    const missing = await call('POST', `/projects/5/statuses/${SOURCE_HEAD}`, {
      name: 'speedrank',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'state is missing' });
    const unknown = await call('POST', `/projects/5/statuses/${SOURCE_HEAD}`, { state: 'failure' });
    expect(await unknown.json()).toEqual({ error: 'state does not have a valid value' });
    expect(standIn.statuses.size).toBe(0);
  });

  it('lists notes newest first unless asked, with the pagination headers', async () => {
    for (const body of ['one', 'two', 'three']) standIn.addNote(IID, body);
    const first = await call('GET', `/projects/5/merge_requests/${IID}/notes`);
    expect(((await first.json()) as { body: string }[]).map((n) => n.body)).toEqual([
      'three',
      'two',
    ]);
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(first.headers.get('x-total-pages')).toBe('2');
    const last = await call('GET', `/projects/5/merge_requests/${IID}/notes?page=2`);
    expect(last.headers.get('x-next-page')).toBe('');
  });
});
