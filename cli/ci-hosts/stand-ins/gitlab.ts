import noteFixture from '../fixtures/gitlab-note.json';
import refusals from '../fixtures/gitlab-refusals.json';
import statusFixture from '../fixtures/gitlab-commit-status.json';
import { countOf, literal, pageOf, serveOnLoopback, type Answer, type RecordedCall } from './serve';

/**
 * GitLab's REST API v4 for commit statuses and merge request notes, on loopback, for one
 * project: answers shaped as documented (fixtures/), x-next-page pagination (newest first
 * unless sort=asc), 401 without the token, 400 for a missing or unknown state, and every
 * call recorded.
 */

export type GitlabNote = typeof noteFixture;
export type GitlabStatus = Omit<
  typeof statusFixture,
  'description' | 'target_url' | 'ref' | 'finished_at'
> & {
  description: string | null;
  target_url: string | null;
  ref: string | null;
  finished_at: string | null;
};

export interface GitlabStandInOptions {
  /** The token the API takes as PRIVATE-TOKEN or Bearer. */
  token: string;
  /** The project's numeric id; its path (URL-encoded) is taken too. */
  projectId: string;
  projectPath: string;
  /** Caps per_page, so a test can make a short list span pages. */
  maxPerPage?: number;
}

export interface GitlabStandIn {
  /** What CI_API_V4_URL would hold. */
  apiUrl: string;
  calls: RecordedCall[];
  /** Statuses by commit, in the order posted. */
  statuses: Map<string, GitlabStatus[]>;
  /** Notes by merge request iid, oldest first. */
  notes: Map<number, GitlabNote[]>;
  /** A note already there: someone's comment, or GitLab's own (system). */
  addNote(iid: number, body: string, options?: { system?: boolean; username?: string }): GitlabNote;
  close(): Promise<void>;
}

const STATES = ['pending', 'running', 'success', 'failed', 'canceled'];
const FINISHED = ['success', 'failed', 'canceled'];

export async function startGitlabStandIn(options: GitlabStandInOptions): Promise<GitlabStandIn> {
  const statuses = new Map<string, GitlabStatus[]>();
  const notes = new Map<number, GitlabNote[]>();
  let lastId = 500;

  const addNote = (
    iid: number,
    body: string,
    { system = false, username = 'pipin' }: { system?: boolean; username?: string } = {},
  ): GitlabNote => {
    const at = new Date().toISOString();
    const note: GitlabNote = {
      ...noteFixture,
      id: ++lastId,
      body,
      author: { ...noteFixture.author, username },
      created_at: at,
      updated_at: at,
      system,
      noteable_iid: iid,
      project_id: Number(options.projectId),
    };
    notes.set(iid, [...(notes.get(iid) ?? []), note]);
    return note;
  };

  /** Parameters may come in the query or a JSON body, as GitLab takes both. */
  const postStatus = (sha: string, params: Record<string, unknown>): Answer => {
    if (typeof params.state !== 'string') return { status: 400, body: refusals.stateMissing };
    if (!STATES.includes(params.state)) return { status: 400, body: refusals.stateInvalid };
    const at = new Date().toISOString();
    const text = (name: string) =>
      typeof params[name] === 'string' ? (params[name] as string) : null;
    const status: GitlabStatus = {
      ...statusFixture,
      id: ++lastId,
      sha,
      status: params.state,
      name: text('name') ?? text('context') ?? 'default',
      description: text('description'),
      target_url: text('target_url'),
      ref: text('ref'),
      created_at: at,
      finished_at: FINISHED.includes(params.state) ? at : null,
    };
    statuses.set(sha, [...(statuses.get(sha) ?? []), status]);
    return { status: 201, body: status };
  };

  const listNotes = (iid: number, query: Record<string, string>, url: string): Answer => {
    const perPage = Math.min(countOf(query.per_page, 20), 100, options.maxPerPage ?? 100);
    const page = countOf(query.page, 1);
    const all = notes.get(iid) ?? [];
    const sorted = query.sort === 'asc' ? all : [...all].reverse();
    const { items, pages, next, prev } = pageOf(sorted, page, perPage);
    const link = (n: number) => {
      const target = new URL(url);
      target.searchParams.set('page', String(n));
      target.searchParams.set('per_page', String(perPage));
      return `<${target}>`;
    };
    const rels = [
      prev && `${link(prev)}; rel="prev"`,
      next && `${link(next)}; rel="next"`,
      `${link(1)}; rel="first"`,
      `${link(pages)}; rel="last"`,
    ].filter(Boolean);
    return {
      status: 200,
      body: items,
      headers: {
        Link: rels.join(', '),
        'X-Next-Page': next ? String(next) : '',
        'X-Page': String(page),
        'X-Per-Page': String(perPage),
        'X-Prev-Page': prev ? String(prev) : '',
        'X-Total': String(all.length),
        'X-Total-Pages': String(pages),
      },
    };
  };

  const updateNote = (iid: number, id: number, body: string): Answer => {
    const note = notes.get(iid)?.find((n) => n.id === id);
    if (!note) return { status: 404, body: refusals.notFound };
    Object.assign(note, { body, updated_at: new Date().toISOString() });
    return { status: 200, body: note };
  };

  const project = `(?:${literal(options.projectId)}|${literal(encodeURIComponent(options.projectPath))})`;
  const mergeRequest = `^/api/v4/projects/${project}/merge_requests/(\\d+)/notes`;
  interface Request {
    params: Record<string, unknown>;
    query: Record<string, string>;
    url: string;
  }
  const routes: [string, RegExp, (ids: string[], request: Request) => Answer][] = [
    [
      'POST',
      new RegExp(`^/api/v4/projects/${project}/statuses/([0-9a-f]+)$`),
      ([sha], { params }) => postStatus(sha!, params),
    ],
    [
      'GET',
      new RegExp(`${mergeRequest}$`),
      ([iid], { query, url }) => listNotes(Number(iid), query, url),
    ],
    [
      'POST',
      new RegExp(`${mergeRequest}$`),
      ([iid], { params }) =>
        typeof params.body === 'string'
          ? { status: 201, body: addNote(Number(iid), params.body, { username: 'project_5_bot' }) }
          : { status: 400, body: refusals.bodyMissing },
    ],
    [
      'PUT',
      new RegExp(`${mergeRequest}/(\\d+)$`),
      ([iid, id], { params }) =>
        typeof params.body === 'string'
          ? updateNote(Number(iid), Number(id), params.body)
          : { status: 400, body: refusals.bodyMissing },
    ],
  ];

  const answer = (call: RecordedCall, origin: string): Answer => {
    const { headers } = call;
    const token = options.token;
    if (headers['private-token'] !== token && headers.authorization !== `Bearer ${token}`)
      return { status: 401, body: refusals.unauthorized };
    const request = {
      params: { ...call.query, ...(call.body as Record<string, unknown> | null) },
      query: call.query,
      url: `${origin}${call.path}`,
    };
    for (const [method, pattern, handle] of routes) {
      const match = call.method === method ? call.path.match(pattern) : null;
      if (match) return handle(match.slice(1), request);
    }
    return { status: 404, body: refusals.notFound };
  };

  const server = await serveOnLoopback(answer, {
    status: 400,
    body: { error: 'The request body is not valid JSON' },
  });
  return {
    apiUrl: `${server.origin}/api/v4`,
    calls: server.calls,
    statuses,
    notes,
    addNote,
    close: server.close,
  };
}
