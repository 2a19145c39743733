import type { Check } from '@core/schemas/checks';
import { checkSummary } from '../report/figures';
import { COMMENT_MARKER } from '../report/markdown';

/**
 * What a CI host is told about a check: a commit status on the change's head commit and
 * one pull-request (merge-request) comment, updated in place on later runs.
 */

export type CiHostName = 'github' | 'gitlab';

/** The pipeline's environment; passed in (never read from process.env here) so tests set it. */
export type CiEnv = Readonly<Record<string, string | undefined>>;

export interface CiReport {
  check: Check;
  /** The comment, rendered with report/markdown (its first line is COMMENT_MARKER). */
  markdown: string;
  /** Where the status links: the check on a SpeedRank server; else the pipeline's run. */
  detailsUrl?: string;
}

export interface CiPublication {
  host: CiHostName;
  status: { sha: string; state: string };
  /** Null when the pipeline is not for a pull request (nothing to comment on). */
  comment: { id: number; action: 'created' | 'updated' } | null;
}

/** Posts a report's status and comment; rejects with CiHostError or CiSetupError. */
export type PublishReport = (report: CiReport, env: CiEnv) => Promise<CiPublication>;

/** The host refused a call, or could not be reached (status null). */
export class CiHostError extends Error {
  override readonly name = 'CiHostError';
  constructor(
    readonly host: CiHostName,
    readonly status: number | null,
    /** What the host said, as it said it. */
    readonly hostMessage: string,
    readonly request: string,
  ) {
    super(
      `${host === 'github' ? 'GitHub' : 'GitLab'} ${status === null ? 'could not be reached' : `answered ${status}`} to ${request}: ${hostMessage}`,
    );
  }
}

/** The environment lacks what a call needs (a token, the repository); nothing was sent. */
export class CiSetupError extends Error {
  override readonly name = 'CiSetupError';
  constructor(
    readonly host: CiHostName,
    message: string,
  ) {
    super(message);
  }
}

/**
 * GitHub refuses a status description longer than this. A check's summary stays well
 * inside it even at its most (port.test.ts), so it is sent whole.
 */
export const STATUS_DESCRIPTION_CHARS = 140;

export const statusDescription = (check: Check) => checkSummary(check);

/** The comment as posted: it always opens with the marker, or the next run could not find it. */
export const markedComment = (markdown: string) =>
  markdown.startsWith(COMMENT_MARKER) ? markdown : `${COMMENT_MARKER}\n${markdown}`;

/** The variable that must be set, or a CiSetupError naming it. */
export function required(host: CiHostName, env: CiEnv, name: string, why: string): string {
  const value = env[name]?.trim();
  if (!value) throw new CiSetupError(host, `${name} is not set: ${why}`);
  return value;
}
