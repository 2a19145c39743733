import fs from 'node:fs/promises';
import { budgetInputSchema, type BudgetInput } from '@core/budgets/budget';
import type { Check } from '@core/schemas/checks';
import { CI_HOSTS, type CiEnv } from '../ci-hosts';
import { renderReport } from '../report';
import { checkUrl } from '../report/links';
import { renderMarkdown } from '../report/markdown';
import { checkOptions, CHECK_USAGE, UsageError, type CheckOptions } from './options';
import { refFromCi } from './ref';
import { checkLocally } from './local-check';
import { checkOnServer } from './server-check';

/** What the command writes and reads: the process's, or a test's. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: CiEnv;
}

export const EXIT = { pass: 0, fail: 1, couldNotCheck: 2 } as const;

async function budgetOf(path: string | null): Promise<BudgetInput | undefined> {
  if (!path) return undefined;
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`The budget ${path} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`The budget ${path} is not JSON: ${(error as Error).message}`);
  }
  const parsed = budgetInputSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    throw new UsageError(
      `The budget ${path} is neither SpeedRank's format nor Lighthouse's budget.json: ${first.path.join('.') || 'the top'}: ${first.message}`,
    );
  }
  return parsed.data;
}

/** The exit code of a finished check under `--fail-on`. */
export function exitCodeOf(check: Check, failOn: CheckOptions['failOn']): number {
  if (check.verdict === 'error') return EXIT.couldNotCheck;
  if (failOn === 'never') return EXIT.pass;
  if (check.budgetKept === false) return EXIT.fail;
  return failOn === 'regression' && check.regressed ? EXIT.fail : EXIT.pass;
}

/**
 * `speedrank check`: the check on the server, its report on stdout, its status and comment
 * on the pipeline's host when asked; the exit code says pass, fail or could not check.
 */
export async function checkCommand(args: readonly string[], io: CommandIo): Promise<number> {
  let options: CheckOptions;
  try {
    options = checkOptions(args, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n\n${CHECK_USAGE}\n`);
    return EXIT.couldNotCheck;
  }
  const host = options.github ? 'github' : options.gitlab ? 'gitlab' : null;
  try {
    const budget = await budgetOf(options.budgetPath);
    const ref = host ? await refFromCi(host, io.env) : undefined;
    const progress = (line: string) => io.stderr(`${line}\n`);
    const { server, token } = options;
    const check =
      server && token
        ? await checkOnServer({ ...options, server, token }, budget, ref, progress)
        : await checkLocally(options, budget, ref, progress, io.env);
    const report = server ? { serverUrl: server } : {};
    io.stdout(renderReport(options.format, check, report));
    if (host) {
      const published = await CI_HOSTS[host](
        {
          check,
          markdown: renderMarkdown(check, report),
          ...(server && check.workspaceId && { detailsUrl: checkUrl(server, check) }),
        },
        io.env,
      );
      io.stderr(
        `Posted a ${published.status.state} status on ${published.status.sha.slice(0, 12)}` +
          (published.comment
            ? ` and ${published.comment.action} comment ${published.comment.id}.\n`
            : '.\n'),
      );
    }
    return exitCodeOf(check, options.failOn);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n`);
    return EXIT.couldNotCheck;
  }
}
