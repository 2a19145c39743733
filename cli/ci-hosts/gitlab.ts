import { z } from 'zod';
import type { Check, CheckVerdict } from '@core/schemas/checks';
import { COMMENT_MARKER } from '../report/markdown';
import { callHost, type HostCall, type MessageOf } from './http';
import {
  CiSetupError,
  markedComment,
  required,
  statusDescription,
  type CiEnv,
  type CiPublication,
  type CiReport,
} from './port';

/** The status's name on a commit. */
export const GITLAB_STATUS_NAME = 'speedrank';
/** The most GitLab lists on one page. */
const NOTES_PER_PAGE = 100;

export type GitlabState = 'success' | 'failed' | 'pending';

export interface GitlabTarget {
  apiUrl: string;
  /** A numeric id or a project's path; encoded where it goes in a URL. */
  projectId: string;
  /** The commit the status goes on: the merge request's source head, not a merged result. */
  sha: string;
  /** Null outside merge request pipelines: a status, no note. */
  mergeRequestIid: number | null;
  token: string;
  /** The job or pipeline, where the status links without a SpeedRank link. */
  pipelineUrl: string | null;
}

/**
 * Why CI_JOB_TOKEN is not enough: the job token reaches only a fixed list of endpoints,
 * and setting a commit status or writing a merge request note is not on it.
 */
export const JOB_TOKEN_CANNOT_POST =
  'GITLAB_TOKEN is not set, and CI_JOB_TOKEN cannot post commit statuses or merge request ' +
  'notes: GitLab lets a job token call only a fixed list of endpoints, and neither is on it. ' +
  'Create a project access token with the api scope (and at least the Developer role), ' +
  'store it as a masked CI/CD variable named GITLAB_TOKEN, and run again.';

function tokenOf(env: CiEnv): string {
  const token = env.GITLAB_TOKEN?.trim();
  if (token) return token;
  if (env.CI_JOB_TOKEN?.trim()) throw new CiSetupError('gitlab', JOB_TOKEN_CANNOT_POST);
  throw new CiSetupError(
    'gitlab',
    'GITLAB_TOKEN is not set: a project access token with the api scope, as a masked CI/CD variable.',
  );
}

/**
 * Where the report goes, from GitLab CI's predefined variables. In a merged results
 * pipeline CI_COMMIT_SHA is the merge GitLab made to test, and a merge request's status
 * must go on its source branch's commit, so CI_MERGE_REQUEST_SOURCE_BRANCH_SHA (set only
 * there) comes first.
 */
export function gitlabTarget(env: CiEnv): GitlabTarget {
  const token = tokenOf(env);
  const iid = env.CI_MERGE_REQUEST_IID?.trim();
  if (iid && !/^\d+$/.test(iid))
    throw new CiSetupError('gitlab', `CI_MERGE_REQUEST_IID is ${iid}, not a number.`);
  return {
    apiUrl: required(
      'gitlab',
      env,
      'CI_API_V4_URL',
      'the API root, e.g. https://gitlab.com/api/v4.',
    ).replace(/\/+$/, ''),
    projectId: required('gitlab', env, 'CI_PROJECT_ID', 'the project the status goes to.'),
    sha:
      env.CI_MERGE_REQUEST_SOURCE_BRANCH_SHA?.trim() ||
      required('gitlab', env, 'CI_COMMIT_SHA', 'the commit the status goes on.'),
    mergeRequestIid: iid ? Number(iid) : null,
    token,
    pipelineUrl: env.CI_JOB_URL?.trim() || env.CI_PIPELINE_URL?.trim() || null,
  };
}

/** GitLab has no 'error' state: a check that could not run fails the status too. */
const STATES: Record<CheckVerdict, GitlabState> = {
  pass: 'success',
  fail: 'failed',
  error: 'failed',
};

/** The status of a check; 'pending' while it runs. */
export const gitlabStateOf = (check: Check): GitlabState =>
  check.verdict ? STATES[check.verdict] : 'pending';

/**
 * GitLab's refusal: `message` (a string, a list, or messages by field) or, for a missing
 * or invalid parameter, `error`.
 */
const gitlabMessage: MessageOf = (body) => {
  if (typeof body !== 'object' || body === null) return null;
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.join('; ');
  if (message && typeof message === 'object')
    return Object.entries(message)
      .map(([field, said]) => `${field} ${[said].flat().join(', ')}`)
      .join('; ');
  return typeof error === 'string' ? error : null;
};

const noteSchema = z.object({
  id: z.number(),
  body: z.string().nullish(),
  system: z.boolean().optional(),
});

function gitlabClient(target: GitlabTarget) {
  const projectUrl = `${target.apiUrl}/projects/${encodeURIComponent(target.projectId)}`;
  const call = <Answer extends z.ZodType>(
    method: HostCall['method'],
    url: string,
    answer: Answer,
    body?: unknown,
  ) =>
    callHost(
      'gitlab',
      {
        method,
        url,
        body,
        headers: { 'PRIVATE-TOKEN': target.token, 'User-Agent': 'speedrank-cli' },
      },
      gitlabMessage,
      answer,
    );
  return { projectUrl, call };
}

/** The merge request's SpeedRank note: every page read, oldest first, system notes passed over. */
async function findNote(
  { call }: ReturnType<typeof gitlabClient>,
  notesUrl: string,
): Promise<number | null> {
  let page: string | null = '1';
  while (page) {
    const query: URLSearchParams = new URLSearchParams({
      sort: 'asc',
      order_by: 'created_at',
      per_page: String(NOTES_PER_PAGE),
      page,
    });
    const { headers, body }: { headers: Headers; body: z.output<typeof noteSchema>[] } = await call(
      'GET',
      `${notesUrl}?${query}`,
      z.array(noteSchema),
    );
    const ours = body.find((note) => !note.system && note.body?.startsWith(COMMENT_MARKER));
    if (ours) return ours.id;
    // Empty on the last page; x-total-pages may be left out on long lists, so it is not read.
    page = headers.get('x-next-page')?.trim() || null;
  }
  return null;
}

/**
 * Posts the check's commit status and, in a merge request pipeline, writes the SpeedRank
 * note: the one found by its marker is edited, else one is added.
 */
export async function publishToGitlab(report: CiReport, env: CiEnv): Promise<CiPublication> {
  const target = gitlabTarget(env);
  const client = gitlabClient(target);
  const state = gitlabStateOf(report.check);
  const targetUrl = report.detailsUrl ?? target.pipelineUrl;
  await client.call(
    'POST',
    `${client.projectUrl}/statuses/${encodeURIComponent(target.sha)}`,
    z.object({ id: z.number() }),
    {
      state,
      name: GITLAB_STATUS_NAME,
      description: statusDescription(report.check),
      ...(targetUrl && { target_url: targetUrl }),
    },
  );
  const status = { sha: target.sha, state };
  if (target.mergeRequestIid === null) return { host: 'gitlab', status, comment: null };
  const notesUrl = `${client.projectUrl}/merge_requests/${target.mergeRequestIid}/notes`;
  const existing = await findNote(client, notesUrl);
  const body = { body: markedComment(report.markdown) };
  if (existing !== null) {
    await client.call('PUT', `${notesUrl}/${existing}`, noteSchema, body);
    return { host: 'gitlab', status, comment: { id: existing, action: 'updated' } };
  }
  const created = await client.call('POST', notesUrl, noteSchema, body);
  return { host: 'gitlab', status, comment: { id: created.body.id, action: 'created' } };
}
