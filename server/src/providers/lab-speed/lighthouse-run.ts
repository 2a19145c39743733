// One Lighthouse run in the child process (lighthouse-child.ts), reported to the server.
import lighthouse, { type Config, type Flags } from 'lighthouse';
import log from 'lighthouse-logger';
import { initializeConfig } from 'lighthouse/core/config/config.js';
import defaultConfig from 'lighthouse/core/config/default-config.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { OPTIONAL_CATEGORIES, type OptionalCategory } from '@core/lighthouse-categories';
import {
  FILMSTRIP_FRAME_WIDTH,
  labEnvironmentOf,
  mapLighthouseResult,
  resultUsesAudit,
  type LighthouseEnvironmentLike,
  type LighthouseResultLike,
} from '@core/speed';
import { benchmarkAfterRun, benchmarkBeforeRun } from './lighthouse-benchmark';
import { inSession, SignInFailure } from './lighthouse-session';
import type { LabStage } from './port';
import { sendToServer, type LighthouseJob, type LighthouseTimings } from './lighthouse-protocol';

/**
 * The performance category's audits a result does not use: the report's hidden ones other
 * than TTI and the filmstrip (request tables, the treemap's data, the final screenshot).
 * Skipping them also skips the gatherers only they need; the score, made of the metrics
 * alone, is the same.
 */
export const UNUSED_AUDITS = (defaultConfig.categories?.performance?.auditRefs ?? [])
  .filter((ref) => !resultUsesAudit(ref))
  .map((ref) => ref.id);

/**
 * The performance category alone (its metrics, insights and diagnostics), named for the
 * desktop preset too: Lighthouse's default config has every category. The full-page
 * screenshot, which nothing shows, would cost about a second.
 */
export const FLAGS: Flags = {
  onlyCategories: ['performance'],
  skipAudits: UNUSED_AUDITS,
  disableFullPageScreenshot: true,
  output: 'json',
  logLevel: 'error',
};

/** Performance and the categories a run asks for. */
export const flagsFor = (categories: readonly OptionalCategory[] = []): Flags => ({
  ...FLAGS,
  onlyCategories: ['performance', ...categories],
});

/** Lighthouse's filmstrip at the width it is shown, not the trace's full-size frames. */
const FILMSTRIP_AUDITS: Config['audits'] = [
  { path: 'screenshot-thumbnails', options: { thumbnailWidth: FILMSTRIP_FRAME_WIDTH } },
];
export const CONFIGS: Record<LighthouseJob['strategy'], Config> = {
  mobile: { extends: 'lighthouse:default', audits: FILMSTRIP_AUDITS },
  desktop: { ...desktopConfig, audits: FILMSTRIP_AUDITS },
};

/**
 * Resolves both devices' configs once, with every category, which loads every audit and
 * gatherer module a run reads: a process's first run would otherwise spend most of a second
 * on it.
 */
export async function prepare(): Promise<void> {
  for (const config of Object.values(CONFIGS))
    await initializeConfig('navigation', config, flagsFor(OPTIONAL_CATEGORIES));
  // Lighthouse reports the timings it took since the last run: these are no run's.
  log.takeTimeEntries();
}

/** Lighthouse's own timings of its steps (ms); a step it did not time counts 0. */
function timingsOf(
  entries: readonly { name: string; duration: number }[],
  totalMs: number,
): LighthouseTimings {
  const took = (name: string) =>
    entries.filter((entry) => entry.name === name).reduce((sum, entry) => sum + entry.duration, 0);
  const benchmarkMs = took('lh:gather:getBenchmarkIndex');
  const loadMs = took('lh:driver:navigate');
  const gatherMs = took('lh:runner:gather');
  return {
    totalMs,
    configMs: took('lh:config'),
    benchmarkMs,
    loadMs,
    artifactsMs: Math.max(0, gatherMs - benchmarkMs - loadMs),
    auditMs: took('lh:runner:audit'),
  };
}

/** Lighthouse's status log, read as the run's stages: the trace records while the page loads. */
function stageOf(status: string): LabStage | null {
  if (status.startsWith('Navigating to ') && status !== 'Navigating to about:blank')
    return 'tracing';
  if (status === 'Audit phase') return 'auditing';
  return null;
}

export async function runJob(job: LighthouseJob): Promise<void> {
  const onStatus = ([, status]: [string, string]) => {
    const stage = stageOf(status);
    if (stage) sendToServer({ type: 'stage', stage });
  };
  log.events.on('status', onStatus);
  try {
    sendToServer({ type: 'stage', stage: 'loading' });
    const start = performance.now();
    const flags = { ...flagsFor(job.categories), port: job.port };
    const { session } = job;
    benchmarkBeforeRun(Date.now());
    const result = session
      ? await inSession({ ...job, session }, (page) =>
          lighthouse(job.url, flags, CONFIGS[job.strategy], page),
        )
      : await lighthouse(job.url, flags, CONFIGS[job.strategy]);
    const lhr = result?.lhr as
      | (LighthouseResultLike &
          LighthouseEnvironmentLike & { runtimeError?: { code: string; message: string } })
      | undefined;
    if (!lhr)
      return void sendToServer({ type: 'failed', message: 'Lighthouse returned no result.' });
    benchmarkAfterRun(lhr.environment?.benchmarkIndex, Date.now());
    // Page load failures (HTTP errors, DNS, no paint) come as the LHR's runtimeError.
    if (lhr.runtimeError)
      return void sendToServer({
        type: 'failed',
        code: lhr.runtimeError.code,
        message: lhr.runtimeError.message,
      });
    const measurement = mapLighthouseResult(lhr);
    if (!measurement)
      return void sendToServer({
        type: 'failed',
        message: 'Lighthouse returned no performance score.',
      });
    const done = {
      ...measurement,
      environment: labEnvironmentOf(lhr, 1),
      // When Lighthouse loaded the page, not when the server hears of it.
      measuredAt: lhr.fetchTime ?? new Date().toISOString(),
    };
    sendToServer({
      type: 'done',
      measurement: done,
      timings: timingsOf(result?.lhr.timing.entries ?? [], performance.now() - start),
      resultBytes: Buffer.byteLength(JSON.stringify(done)),
      sentAt: Date.now(),
    });
  } catch (error) {
    if (error instanceof SignInFailure)
      return void sendToServer({ type: 'failed', code: 'SIGN_IN_FAILED', message: error.message });
    sendToServer({
      type: 'failed',
      message: `The browser failed during the run (${error instanceof Error ? error.message : String(error)}).`,
    });
  } finally {
    log.events.off('status', onStatus);
  }
}
