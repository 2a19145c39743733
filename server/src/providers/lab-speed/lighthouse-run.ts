// One Lighthouse run in the child process (lighthouse-child.ts), reported to the server.
import lighthouse, { type Flags } from 'lighthouse';
import log from 'lighthouse-logger';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  labEnvironmentOf,
  mapLighthouseResult,
  type LighthouseEnvironmentLike,
  type LighthouseResultLike,
} from '@core/speed';
import type { LabStage } from './port';
import type { LighthouseChildMessage, LighthouseJob } from './lighthouse-protocol';

const send = (message: LighthouseChildMessage) => process.send?.(message);

/**
 * The performance category alone, named for the desktop preset too (Lighthouse's default
 * config has other categories): its metrics, insights and diagnostics. The full-page
 * screenshot, which nothing shows, would cost about a second.
 */
const FLAGS: Flags = {
  onlyCategories: ['performance'],
  disableFullPageScreenshot: true,
  output: 'json',
  logLevel: 'error',
};

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
    if (stage) send({ type: 'stage', stage });
  };
  log.events.on('status', onStatus);
  try {
    send({ type: 'stage', stage: 'loading' });
    const result = await lighthouse(
      job.url,
      { ...FLAGS, port: job.port },
      job.strategy === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr as
      | (LighthouseResultLike &
          LighthouseEnvironmentLike & { runtimeError?: { code: string; message: string } })
      | undefined;
    if (!lhr) return void send({ type: 'failed', message: 'Lighthouse returned no result.' });
    // Page load failures (HTTP errors, DNS, no paint) come as the LHR's runtimeError.
    if (lhr.runtimeError)
      return void send({
        type: 'failed',
        code: lhr.runtimeError.code,
        message: lhr.runtimeError.message,
      });
    const measurement = mapLighthouseResult(lhr);
    if (!measurement)
      return void send({ type: 'failed', message: 'Lighthouse returned no performance score.' });
    send({
      type: 'done',
      measurement: {
        ...measurement,
        environment: labEnvironmentOf(lhr, 1),
        // When Lighthouse loaded the page, not when the server hears of it.
        measuredAt: lhr.fetchTime ?? new Date().toISOString(),
      },
    });
  } catch (error) {
    send({
      type: 'failed',
      message: `The browser failed during the run (${error instanceof Error ? error.message : String(error)}).`,
    });
  } finally {
    log.events.off('status', onStatus);
  }
}
