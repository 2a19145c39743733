import type { Entitlements } from '@core/entitlements';
import { SPEED_MESSAGES } from '@core/messages';
import { QUOTA_MESSAGES } from '@core/schemas/quota';
import type { z } from 'zod';
import { SPEED_ERROR_CODES, type startRunRequestSchema } from '@core/speed';
import { QuotaExceeded, Unavailable } from '../domain/errors';
import { requireSamples } from '../domain/plan-refusals';
import { vetOrRefuse } from '../domain/url-refusals';
import type { SafeFetchOptions } from '../http/safe-fetch';
import type { Charge } from '../quota/quotas';
import type { SpeedSamples } from './speed-samples';
import type { SpeedTests } from './speed-tests';

/** Who starts a sample: whose allowance pays, and what their plan allows. */
export interface SampleStarter {
  subject: string;
  /** The workspace whose history keeps the test; null for a visitor. */
  workspaceId: string | null;
  entitlements: Entitlements;
  /** Takes one speed test of the month; null when none is left. */
  charge(): Promise<Charge | null>;
}

/**
 * Refuses (503) while no sample can start: a server shutting down lets running samples
 * finish but starts no new one, and without a browser (or a worker) nothing can run, which
 * is said rather than a sample queued.
 */
export async function refuseUnlessSamplesRun(speed: SpeedSamples): Promise<void> {
  if (speed.draining)
    throw new Unavailable(SPEED_MESSAGES.shuttingDown, SPEED_ERROR_CODES.shuttingDown);
  const readiness = await speed.readinessNow();
  if (!readiness.ready) {
    throw new Unavailable(
      readiness.message ?? 'Speed tests cannot run now.',
      speed.runsSamples ? SPEED_ERROR_CODES.browserMissing : SPEED_ERROR_CODES.noWorker,
    );
  }
}

/**
 * Starting one sample of a speed test, refusals first: a server shutting down, a lab that
 * cannot run (no browser, no worker), a URL the guard refuses, more samples than the plan
 * runs. A sample naming an open test of the same subject and URL runs on that test's
 * count; otherwise a new test is opened and charged. A sample the queue would not take
 * gives its new test's charge back.
 */
export class SpeedTestStart {
  constructor(
    private readonly speed: SpeedSamples,
    private readonly tests: SpeedTests,
    private readonly pageFetch: SafeFetchOptions,
  ) {}

  async start(
    request: z.output<typeof startRunRequestSchema>,
    starter: SampleStarter,
  ): Promise<{ runId: string; testId: string }> {
    const { url, strategy, sample, samples, testId, categories } = request;
    await refuseUnlessSamplesRun(this.speed);
    // Before any browser starts: a private or malformed target never reaches Chromium.
    const vetted = (await vetOrRefuse(url, this.pageFetch, 'speed')).toString();
    requireSamples(starter.entitlements, samples, 'speed');
    let test = testId;
    let charge: Charge | null = null;
    if (!test || !(await this.tests.next(test, starter.subject, vetted))) {
      charge = await starter.charge();
      if (!charge)
        throw new QuotaExceeded(QUOTA_MESSAGES.monthlyTestLimit, SPEED_ERROR_CODES.monthlyLimit);
      test = await this.tests.open(
        starter.subject,
        starter.workspaceId,
        vetted,
        samples,
        charge.counter.period,
      );
    }
    try {
      const runId = await this.speed.start({
        testId: test,
        url: vetted,
        strategy,
        sample,
        categories,
      });
      return { runId, testId: test };
    } catch (error) {
      // Not queued (the queue is down): a test that never ran is not paid for.
      await charge?.refund();
      throw error;
    }
  }
}
