import { parseArgs } from 'node:util';
import { CHECK_MAX_SAMPLES } from '@core/schemas/checks';
import { isReportFormat, type ReportFormat } from '../report';

export const FAIL_ON = ['budget', 'regression', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export interface CheckOptions {
  urls: string[];
  /** Null with --local: no server. */
  server: string | null;
  token: string | null;
  device: 'mobile' | 'desktop';
  samples: number;
  budgetPath: string | null;
  format: ReportFormat;
  failOn: FailOn;
  github: boolean;
  gitlab: boolean;
  /** How long to wait for the check's runs, in ms. */
  timeoutMs: number;
}

export const CHECK_USAGE = `Usage: speedrank check URL… [options]

Measures each URL on a SpeedRank server, judges it on a budget and against its tracked
page's recent checks, and exits 0 (pass), 1 (fail) or 2 (could not check).

Options:
  --server URL        the SpeedRank server (env SPEEDRANK_SERVER)
  --token TOKEN       an API token with the run and read scopes (env SPEEDRANK_TOKEN)
  --local             no server: Lighthouse in this machine's Chromium (CHROME_PATH),
                      no tracked history to compare with
  --device D          mobile (default) or desktop
  --samples N         samples per URL, 1–${CHECK_MAX_SAMPLES} (default 3)
  --budget FILE       a budget: SpeedRank's JSON or Lighthouse's budget.json
  --format F          table (default), json, junit or markdown, on stdout
  --fail-on WHAT      regression (default: a broken budget or a significant slowdown),
                      budget (a broken budget only) or never
  --github            post a commit status and one pull-request comment (GITHUB_TOKEN)
  --gitlab            post a commit status and one merge-request note (GITLAB_TOKEN)
  --timeout MINUTES   how long to wait for the runs (default 15)
Progress goes to stderr.`;

/** A usage mistake: said with the usage, and exit code 2. */
export class UsageError extends Error {}

const oneOf = <T extends string>(name: string, value: string, allowed: readonly T[]): T => {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, not ${value}.`);
  return value as T;
};

function count(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not ${text}.`);
  return value;
}

function serverOf(server: string | undefined, token: string | undefined) {
  if (!server)
    throw new UsageError(
      'Name the SpeedRank server (--server URL or SPEEDRANK_SERVER), or check --local.',
    );
  if (!URL.canParse(server)) throw new UsageError(`--server is not a URL: ${server}.`);
  if (!token)
    throw new UsageError(
      'An API token is needed: --token or SPEEDRANK_TOKEN (make one under API tokens).',
    );
  return { server: server.replace(/\/+$/, ''), token };
}

/** The options of `speedrank check`, from its arguments and the environment. */
export function checkOptions(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): CheckOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        server: { type: 'string' },
        local: { type: 'boolean', default: false },
        token: { type: 'string' },
        device: { type: 'string', default: 'mobile' },
        samples: { type: 'string', default: '3' },
        budget: { type: 'string' },
        format: { type: 'string', default: 'table' },
        'fail-on': { type: 'string', default: 'regression' },
        github: { type: 'boolean', default: false },
        gitlab: { type: 'boolean', default: false },
        timeout: { type: 'string', default: '15' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError('Name at least one URL to check.');
  const { server, token } = values.local
    ? { server: null, token: null }
    : serverOf(values.server ?? env.SPEEDRANK_SERVER, values.token ?? env.SPEEDRANK_TOKEN);
  if (!isReportFormat(values.format))
    throw new UsageError(
      `--format must be one of table, json, junit, markdown, not ${values.format}.`,
    );
  if (values.github && values.gitlab)
    throw new UsageError('Choose --github or --gitlab, not both.');
  return {
    urls: positionals,
    server,
    token,
    device: oneOf('device', values.device, ['mobile', 'desktop'] as const),
    samples: count('samples', values.samples, 1, CHECK_MAX_SAMPLES),
    budgetPath: values.budget ?? null,
    format: values.format,
    failOn: oneOf('fail-on', values['fail-on'], FAIL_ON),
    github: values.github,
    gitlab: values.gitlab,
    timeoutMs: count('timeout', values.timeout, 1, 24 * 60) * 60_000,
  };
}
