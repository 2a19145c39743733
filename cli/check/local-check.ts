import crypto from 'node:crypto';
import { budgetCategories, budgetLimitsFor, type BudgetInput } from '@core/budgets/budget';
import type { Check, CheckRef } from '@core/schemas/checks';
import { QUEUED_RUN, type RunStatus } from '@core/speed';
import { judgePage, verdictOf } from '../../server/src/checks/judge-page';
import { loadConfig } from '../../server/src/config';
import { parseFetchAllowList } from '../../server/src/http/fetch-allow-list';
import { vetOrRefuse } from '../../server/src/domain/url-refusals';
import type { SafeFetchOptions } from '../../server/src/http/safe-fetch';
import { NoFieldData } from '../../server/src/providers/field-data/none';
import { LocalLighthouseProvider } from '../../server/src/providers/lab-speed/local-lighthouse';
import { LabRunError } from '../../server/src/providers/lab-speed/port';
import type { CheckOptions } from './options';

/**
 * What a run on this machine may load: the pipeline's own previews on loopback and private
 * networks (the person running the command chose them), and the public web. Set
 * FETCH_ALLOW_HOSTS to narrow or widen it, as on a server.
 */
const LOCAL_NETWORKS = '127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7';

const guardOf = (env: Readonly<Record<string, string | undefined>>): SafeFetchOptions => ({
  sandbox: { enabled: false, appPort: 0 },
  allow: parseFetchAllowList(env.FETCH_ALLOW_HOSTS ?? LOCAL_NETWORKS),
  timeoutMs: 15_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 5,
  userAgent: 'SpeedRank/1.0 (local check)',
});

const ended = (result: RunStatus['result'], error: string | null): RunStatus => ({
  ...QUEUED_RUN,
  status: result ? 'done' : 'error',
  stage: 'done',
  result,
  error,
});

/**
 * `speedrank check --local`: the same check with no server. Lighthouse runs in this
 * machine's Chromium (CHROME_PATH) as the app runs it, one sample after another, and each
 * page is judged by the server's own rule; there is no tracked history to compare with.
 */
export async function checkLocally(
  options: CheckOptions,
  budget: BudgetInput | undefined,
  ref: CheckRef | undefined,
  progress: (line: string) => void,
  env: Readonly<Record<string, string | undefined>>,
): Promise<Check> {
  const config = loadConfig({
    CHROME_PATH: env.CHROME_PATH,
    SPEED_RUN_TIMEOUT_MS: env.SPEED_RUN_TIMEOUT_MS,
  });
  const guard = guardOf(env);
  const lab = new LocalLighthouseProvider(
    config.CHROME_PATH,
    1,
    config.SPEED_RUN_TIMEOUT_MS,
    guard,
  );
  const readiness = lab.readiness();
  if (!readiness.ready) throw new LabRunError('browser_missing', readiness.message ?? '');
  // No field source here: a page's field limits are unknown, never passed.
  const field = await new NoFieldData().fetch();
  const createdAt = new Date().toISOString();
  const pages = [];
  try {
    for (const asked of options.urls) {
      const url = (await vetOrRefuse(asked, guard, 'speed')).toString();
      const runIds: string[] = [];
      const statuses: RunStatus[] = [];
      for (let sample = 1; sample <= options.samples; sample++) {
        progress(`${url}: sample ${sample} of ${options.samples}…`);
        runIds.push(crypto.randomUUID());
        try {
          const result = await lab.run({
            url,
            strategy: options.device,
            signal: AbortSignal.timeout(config.SPEED_RUN_TIMEOUT_MS),
            onStage: () => {},
            categories: budgetCategories(budget),
          });
          statuses.push(ended({ field, ...result }, null));
        } catch (error) {
          statuses.push(ended(null, (error as Error).message));
        }
      }
      const limits = budget ? budgetLimitsFor(budget, url) : [];
      pages.push(judgePage({ url, testId: 'local', runIds }, statuses, limits, null));
    }
  } finally {
    await lab.close();
  }
  const judged = verdictOf(pages);
  return {
    id: crypto.randomUUID(),
    workspaceId: null,
    status: 'done',
    ...judged,
    device: options.device,
    samples: options.samples,
    compareWith: 'none',
    budget: budget ?? null,
    ref: ref ?? null,
    by: { name: null, token: null },
    createdAt,
    finishedAt: new Date().toISOString(),
    pages,
    runIds: pages.flatMap((page) => page.runIds),
  };
}
