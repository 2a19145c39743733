import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { Check, CheckVerdict } from '@core/schemas/checks';
import { COMMENT_MARKER } from '../report/markdown';
import { callHost, type HostCall, type MessageOf } from './http';
import {
  CiHostError,
  CiSetupError,
  markedComment,
  required,
  statusDescription,
  type CiEnv,
  type CiPublication,
  type CiReport,
} from './port';

/** The status's name on a commit; a later status of the same context replaces it. */
export const GITHUB_STATUS_CONTEXT = 'speedrank';
const API_VERSION = '2022-11-28';
/** The most GitHub lists on one page. */
const COMMENTS_PER_PAGE = 100;

export type GithubState = 'success' | 'failure' | 'error' | 'pending';

export interface GithubTarget {
  apiUrl: string;
  owner: string;
  repo: string;
  /** The commit the status goes on: the pull request's head, not Actions' test merge. */
  sha: string;
  /** Null outside pull_request events: a status, no comment. */
  pullRequest: number | null;
  token: string;
  /** The workflow run, where the status links without a SpeedRank link. */
  runUrl: string | null;
}

const eventSchema = z.object({
  pull_request: z
    .object({ number: z.number().int().positive(), head: z.object({ sha: z.string().min(1) }) })
    .optional(),
});

async function pullRequestOf(eventPath: string | undefined) {
  if (!eventPath) return undefined;
  let event: unknown;
  try {
    event = JSON.parse(await readFile(eventPath, 'utf8'));
  } catch (error) {
    const why = (error as Error).message;
    throw new CiSetupError('github', `GITHUB_EVENT_PATH ${eventPath} cannot be read: ${why}`);
  }
  const parsed = eventSchema.safeParse(event);
  if (!parsed.success)
    throw new CiSetupError(
      'github',
      `GITHUB_EVENT_PATH ${eventPath} holds a pull_request without a number and head sha.`,
    );
  return parsed.data.pull_request;
}

/**
 * Where the report goes, from the Actions environment. On a pull_request event
 * GITHUB_SHA is a merge commit GitHub made to test, so the head commit and the number
 * come from the event's payload.
 */
export async function githubTarget(env: CiEnv): Promise<GithubTarget> {
  const repository = required(
    'github',
    env,
    'GITHUB_REPOSITORY',
    'the owner/name the status goes to.',
  );
  const [owner, repo, ...rest] = repository.split('/');
  if (!owner || !repo || rest.length)
    throw new CiSetupError('github', `GITHUB_REPOSITORY is ${repository}, not owner/name.`);
  const token = required(
    'github',
    env,
    'GITHUB_TOKEN',
    'pass it to the step (env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}) with permissions statuses: write and pull-requests: write.',
  );
  const pullRequest = await pullRequestOf(env.GITHUB_EVENT_PATH?.trim());
  const sha =
    pullRequest?.head.sha ??
    required(
      'github',
      env,
      'GITHUB_SHA',
      'the commit the status goes on (or run on a pull_request event).',
    );
  const server = env.GITHUB_SERVER_URL?.trim();
  const runId = env.GITHUB_RUN_ID?.trim();
  return {
    apiUrl: (env.GITHUB_API_URL?.trim() || 'https://api.github.com').replace(/\/+$/, ''),
    owner,
    repo,
    sha,
    pullRequest: pullRequest?.number ?? null,
    token,
    runUrl:
      server && runId ? `${server.replace(/\/+$/, '')}/${repository}/actions/runs/${runId}` : null,
  };
}

const STATES: Record<CheckVerdict, GithubState> = {
  pass: 'success',
  fail: 'failure',
  error: 'error',
};

/** The status of a check; 'pending' while it runs. */
export const githubStateOf = (check: Check): GithubState =>
  check.verdict ? STATES[check.verdict] : 'pending';

const refusalSchema = z.object({
  message: z.string(),
  errors: z
    .array(
      z.union([
        z.string(),
        z.object({ message: z.string(), code: z.string(), field: z.string() }).partial(),
      ]),
    )
    .optional(),
});

/** GitHub's refusal: its message and, for a validation failure, each error's message. */
const githubMessage: MessageOf = (body) => {
  const refusal = refusalSchema.safeParse(body);
  if (!refusal.success) return null;
  const details = (refusal.data.errors ?? []).map((e) =>
    typeof e === 'string' ? e : (e.message ?? [e.field, e.code].filter(Boolean).join(' ')),
  );
  return [refusal.data.message, ...details].filter(Boolean).join(': ');
};

const commentSchema = z.object({ id: z.number(), body: z.string().nullish() });

/** The next page's address from a Link header, or null on the last page. */
export function nextLink(link: string | null): string | null {
  for (const [, url, rel] of link?.matchAll(/<([^>]*)>\s*;\s*rel="([^"]*)"/g) ?? [])
    if (rel!.split(/\s+/).includes('next')) return url!;
  return null;
}

function githubClient(target: GithubTarget) {
  const repoUrl = `${target.apiUrl}/repos/${encodeURIComponent(target.owner)}/${encodeURIComponent(target.repo)}`;
  const call = <Answer extends z.ZodType>(
    method: HostCall['method'],
    url: string,
    answer: Answer,
    body?: unknown,
  ) =>
    callHost(
      'github',
      {
        method,
        url,
        body,
        headers: {
          Accept: 'application/vnd.github+json',
          Authorization: `Bearer ${target.token}`,
          'X-GitHub-Api-Version': API_VERSION,
          'User-Agent': 'speedrank-cli',
        },
      },
      githubMessage,
      answer,
    );
  return { repoUrl, call };
}

/** The pull request's SpeedRank comment: every page of comments read, oldest first. */
async function findComment(
  { repoUrl, call }: ReturnType<typeof githubClient>,
  pullRequest: number,
): Promise<number | null> {
  const listed = `${repoUrl}/issues/${pullRequest}/comments`;
  let url: string | null = `${listed}?per_page=${COMMENTS_PER_PAGE}`;
  while (url) {
    const { headers, body } = await call('GET', url, z.array(commentSchema));
    const ours = body.find((comment) => comment.body?.startsWith(COMMENT_MARKER));
    if (ours) return ours.id;
    url = nextLink(headers.get('link'));
    // The token goes to the API's own host only.
    const elsewhere = url && new URL(url).origin !== new URL(repoUrl).origin;
    if (elsewhere) {
      const said = `its next page is on another host (${new URL(url!).origin})`;
      throw new CiHostError('github', 200, said, `GET ${new URL(listed).pathname}`);
    }
  }
  return null;
}

/**
 * Posts the check's commit status on the head commit and, on a pull request, writes the
 * SpeedRank comment: the one found by its marker is edited, else one is added.
 */
export async function publishToGithub(report: CiReport, env: CiEnv): Promise<CiPublication> {
  const target = await githubTarget(env);
  const client = githubClient(target);
  const state = githubStateOf(report.check);
  const targetUrl = report.detailsUrl ?? target.runUrl;
  await client.call(
    'POST',
    `${client.repoUrl}/statuses/${encodeURIComponent(target.sha)}`,
    z.object({ id: z.number() }),
    {
      state,
      context: GITHUB_STATUS_CONTEXT,
      description: statusDescription(report.check),
      ...(targetUrl && { target_url: targetUrl }),
    },
  );
  const status = { sha: target.sha, state };
  if (target.pullRequest === null) return { host: 'github', status, comment: null };
  const existing = await findComment(client, target.pullRequest);
  const body = { body: markedComment(report.markdown) };
  if (existing !== null) {
    await client.call(
      'PATCH',
      `${client.repoUrl}/issues/comments/${existing}`,
      commentSchema,
      body,
    );
    return { host: 'github', status, comment: { id: existing, action: 'updated' } };
  }
  const created = await client.call(
    'POST',
    `${client.repoUrl}/issues/${target.pullRequest}/comments`,
    commentSchema,
    body,
  );
  return { host: 'github', status, comment: { id: created.body.id, action: 'created' } };
}
