import commentFixture from '../fixtures/github-issue-comment.json';
import refusals from '../fixtures/github-refusals.json';
import statusFixture from '../fixtures/github-status.json';
import { countOf, literal, pageOf, serveOnLoopback, type Answer, type RecordedCall } from './serve';

/**
 * GitHub's REST API for commit statuses and issue comments, on loopback, for one
 * repository: answers shaped as documented (fixtures/), Link pagination, 401 without the
 * token, 422 for a missing or unknown state, and every call recorded.
 */

export type GithubComment = typeof commentFixture;
export type GithubStatus = Omit<typeof statusFixture, 'description' | 'target_url'> & {
  description: string | null;
  target_url: string | null;
};

export interface GithubStandInOptions {
  /** The token the API takes, as `Bearer` or `token`. */
  token: string;
  /** owner/name; any other answers 404. */
  repository: string;
  /** Caps per_page, so a test can make a short list span pages. */
  maxPerPage?: number;
}

export interface GithubStandIn {
  /** What GITHUB_API_URL would hold. */
  apiUrl: string;
  calls: RecordedCall[];
  /** Statuses by commit, in the order posted. */
  statuses: Map<string, GithubStatus[]>;
  /** Comments by pull request (issue) number, in id order as GitHub lists them. */
  comments: Map<number, GithubComment[]>;
  /** A comment someone already wrote. */
  addComment(issue: number, body: string, login?: string): GithubComment;
  close(): Promise<void>;
}

const STATES = ['error', 'failure', 'pending', 'success'];
/** GitHub's Link targets name the repository by id, not owner/name. */
const REPOSITORY_ID = 1296269;
const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export async function startGithubStandIn(options: GithubStandInOptions): Promise<GithubStandIn> {
  const statuses = new Map<string, GithubStatus[]>();
  const comments = new Map<number, GithubComment[]>();
  let lastId = 1000;
  let apiUrl = '';
  const repoPath = `/repos/${options.repository}`;
  const repoPattern = literal(repoPath);

  const comment = (issue: number, body: string, login: string): GithubComment => {
    const id = ++lastId;
    const at = now();
    return {
      ...commentFixture,
      id,
      node_id: Buffer.from(`IssueComment${id}`).toString('base64'),
      url: `${apiUrl}${repoPath}/issues/comments/${id}`,
      html_url: `https://github.com/${options.repository}/pull/${issue}#issuecomment-${id}`,
      issue_url: `${apiUrl}${repoPath}/issues/${issue}`,
      body,
      user: { ...commentFixture.user, login },
      created_at: at,
      updated_at: at,
    };
  };
  const addComment = (issue: number, body: string, login = 'octocat') => {
    const added = comment(issue, body, login);
    comments.set(issue, [...(comments.get(issue) ?? []), added]);
    return added;
  };

  const postStatus = (sha: string, body: Record<string, unknown> | null): Answer => {
    if (typeof body?.state !== 'string') return { status: 422, body: refusals.stateMissing };
    if (!STATES.includes(body.state)) return { status: 422, body: refusals.stateInvalid };
    const at = now();
    const url = `${apiUrl}${repoPath}/statuses/${sha}`;
    const status: GithubStatus = {
      ...statusFixture,
      id: ++lastId,
      url,
      state: body.state,
      description: (body.description as string | undefined) ?? null,
      target_url: (body.target_url as string | undefined) ?? null,
      context: (body.context as string | undefined) ?? 'default',
      created_at: at,
      updated_at: at,
    };
    statuses.set(sha, [...(statuses.get(sha) ?? []), status]);
    return { status: 201, body: status, headers: { Location: url } };
  };

  const listComments = (issue: number, query: Record<string, string>): Answer => {
    const perPage = Math.min(countOf(query.per_page, 30), 100, options.maxPerPage ?? 100);
    const page = countOf(query.page, 1);
    const { items, pages, next, prev } = pageOf(comments.get(issue) ?? [], page, perPage);
    const link = (n: number) =>
      `<${apiUrl}/repositories/${REPOSITORY_ID}/issues/${issue}/comments?per_page=${perPage}&page=${n}>`;
    const rels = [
      prev && `${link(prev)}; rel="prev"`,
      next && `${link(next)}; rel="next"`,
      next && `${link(pages)}; rel="last"`,
      prev && `${link(1)}; rel="first"`,
    ].filter(Boolean);
    // Left out when everything fits on one page.
    return { status: 200, body: items, headers: rels.length ? { Link: rels.join(', ') } : {} };
  };

  const writeComment = (body: Record<string, unknown> | null, write: (text: string) => Answer) =>
    typeof body?.body === 'string' ? write(body.body) : { status: 422, body: refusals.bodyMissing };

  const updateComment = (id: number, text: string): Answer => {
    for (const list of comments.values()) {
      const found = list.find((c) => c.id === id);
      if (found) {
        Object.assign(found, { body: text, updated_at: now() });
        return { status: 200, body: found };
      }
    }
    return { status: 404, body: refusals.notFound };
  };

  const repo = `(?:${repoPattern}|/repositories/${REPOSITORY_ID})`;
  const routes: [
    string,
    RegExp,
    (id: string, body: Record<string, unknown> | null, query: Record<string, string>) => Answer,
  ][] = [
    [
      'POST',
      new RegExp(`^${repoPattern}/statuses/([0-9a-f]+)$`),
      (sha, body) => postStatus(sha, body),
    ],
    [
      'GET',
      new RegExp(`^${repo}/issues/(\\d+)/comments$`),
      (issue, _, query) => listComments(Number(issue), query),
    ],
    [
      'POST',
      new RegExp(`^${repoPattern}/issues/(\\d+)/comments$`),
      (issue, body) =>
        writeComment(body, (text) => {
          const added = addComment(Number(issue), text, 'github-actions[bot]');
          return { status: 201, body: added, headers: { Location: added.url } };
        }),
    ],
    [
      'PATCH',
      new RegExp(`^${repoPattern}/issues/comments/(\\d+)$`),
      (id, body) => writeComment(body, (text) => updateComment(Number(id), text)),
    ],
  ];

  const answer = ({ method, path, query, headers, body }: RecordedCall): Answer => {
    const auth = headers.authorization;
    if (auth !== `Bearer ${options.token}` && auth !== `token ${options.token}`)
      return { status: 401, body: refusals.badCredentials };
    for (const [routeMethod, pattern, handle] of routes) {
      const match = method === routeMethod ? path.match(pattern) : null;
      if (match) return handle(match[1]!, body as Record<string, unknown> | null, query);
    }
    return { status: 404, body: refusals.notFound };
  };

  const server = await serveOnLoopback(answer, {
    status: 400,
    body: { message: 'Problems parsing JSON', documentation_url: 'https://docs.github.com/rest' },
  });
  apiUrl = server.origin;
  return { apiUrl, calls: server.calls, statuses, comments, addComment, close: server.close };
}
