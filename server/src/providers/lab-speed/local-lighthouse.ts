import fs from 'node:fs';
import { plannedStepsOf, type FlowRunResult } from '@core/flows/flow-result';
import { FLOW_ACTION_TIMEOUT_MS, type FlowStep } from '@core/flows/flow-schema';
import { redactSecrets } from '@core/flows/redact';
import { FLOW_MESSAGES, SIGN_IN_MESSAGES, SPEED_MESSAGES } from '@core/messages';
import { FetchRefused, vetHost, type SafeFetchOptions } from '../../http/safe-fetch';
import { explainLighthouseFailure } from './explain-failure';
import { GuardProxy } from './guard-proxy';
import { LabPool, type LabSlot, type SlotWait } from './lab-pool';
import { LighthouseFailure } from './lighthouse-process';
import {
  LabRunError,
  type FlowLab,
  type FlowRunRequest,
  type LabResult,
  type LabRunRequest,
  type LabSpeedProvider,
} from './port';

const cancelled = () => new LabRunError('cancelled', SPEED_MESSAGES.runCancelled);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Rejects when the browser process exits; `dispose` stops listening. */
function whenExits(chrome: LabSlot['chrome']) {
  let listener = () => {};
  const promise = new Promise<never>((_, reject) => {
    listener = () => reject(new LabRunError('crashed', 'The browser stopped during the run.'));
    chrome.process.once('exit', listener);
  });
  return { promise, dispose: () => chrome.process.off('exit', listener) };
}

/** True when `path` is an executable file (following links, as a launch would). */
function isExecutable(path: string): boolean {
  try {
    if (!fs.statSync(path).isFile()) return false;
    fs.accessSync(path, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lighthouse in Debian's Chromium, mobile (Lighthouse's default) or desktop preset, on a
 * bounded pool of browser + Lighthouse process slots, with a per-run time limit.
 */
export class LocalLighthouseProvider implements LabSpeedProvider, FlowLab {
  readonly source = 'local-lighthouse' as const;
  private readonly pool: LabPool;
  private readonly proxy: GuardProxy;

  constructor(
    private readonly chromePath: string,
    concurrency: number,
    private readonly timeoutMs: number,
    private readonly guard: SafeFetchOptions,
  ) {
    this.proxy = new GuardProxy(guard);
    // Every request of the browser goes through the guard; '<-loopback>' keeps even
    // loopback names from bypassing it.
    this.pool = new LabPool(chromePath, concurrency, async () => [
      `--proxy-server=http://${await this.proxy.start()}`,
      '--proxy-bypass-list=<-loopback>',
    ]);
  }

  /** Checked on each call, so installing Chromium needs no restart. */
  readiness() {
    return isExecutable(this.chromePath)
      ? { ready: true, message: null }
      : { ready: false, message: SPEED_MESSAGES.browserMissing };
  }

  /** Runs `task` in a pool slot; tests use it to reach the browser itself. */
  useSlot<T>(task: (slot: LabSlot) => Promise<T>): Promise<T> {
    return this.pool.use(task);
  }

  async run(request: LabRunRequest): Promise<LabResult> {
    if (request.signal.aborted) throw cancelled();
    if (!this.readiness().ready)
      throw new LabRunError('browser_missing', SPEED_MESSAGES.browserMissing);
    if (request.session) await this.vetSteps(request.session.steps, SIGN_IN_MESSAGES.signInFailed);
    try {
      return await this.pool.use(
        (slot, wait) => this.measure(slot, wait, request),
        request.priority,
      );
    } catch (error) {
      if (error instanceof LighthouseFailure)
        throw await explainLighthouseFailure(request.url, error, this.guard);
      if (error instanceof LabRunError) throw error;
      // Outside the run itself only the browser's launch fails.
      if (!this.readiness().ready)
        throw new LabRunError('browser_missing', SPEED_MESSAGES.browserMissing);
      throw new LabRunError('crashed', `Chromium could not start (${reason(error)}).`);
    }
  }

  private async measure({ chrome, lighthouse }: LabSlot, wait: SlotWait, request: LabRunRequest) {
    // The runs sharing the machine with this one as it starts, for its fingerprint.
    const concurrency = this.pool.running;
    const { session } = request;
    const job = {
      url: request.url,
      strategy: request.strategy,
      port: chrome.port,
      ...(request.categories?.length && { categories: request.categories }),
      ...(session && {
        session: {
          ...session,
          stepTimeoutMs: FLOW_ACTION_TIMEOUT_MS,
          loadTimeoutMs: this.timeoutMs,
        },
      }),
    };
    const { measurement, profile } = await this.limited(
      { chrome, lighthouse },
      request.signal,
      this.timeoutMs,
      () => lighthouse.run(job, request.onStage),
    );
    const environment = measurement.environment && { ...measurement.environment, concurrency };
    const { totalMs, ...steps } = profile;
    const timedMs =
      steps.configMs + steps.benchmarkMs + steps.loadMs + steps.artifactsMs + steps.auditMs;
    const otherMs = Math.max(0, totalMs - timedMs);
    return {
      ...measurement,
      environment,
      source: this.source,
      profile: { ...wait, ...steps, otherMs },
    };
  }

  /**
   * Runs a user flow in a pool slot, each step's address vetted first (and every request
   * of the browser by the guard proxy on the way); the whole flow within a run's time
   * limit per measured step.
   */
  async runFlow(request: FlowRunRequest): Promise<FlowRunResult> {
    if (request.signal.aborted) throw cancelled();
    if (!this.readiness().ready)
      throw new LabRunError('browser_missing', SPEED_MESSAGES.browserMissing);
    await this.vetSteps(request.flow.steps, FLOW_MESSAGES.stepRefused);
    const measured = Math.max(1, plannedStepsOf(request.flow.steps).length);
    try {
      return await this.pool.use((slot) => {
        const job = {
          flow: request.flow,
          port: slot.chrome.port,
          secrets: request.secrets,
          stepTimeoutMs: FLOW_ACTION_TIMEOUT_MS,
          loadTimeoutMs: this.timeoutMs,
        };
        return this.limited(slot, request.signal, this.timeoutMs * measured, () =>
          slot.lighthouse.flow(job),
        );
      }, request.priority);
    } catch (error) {
      if (error instanceof LabRunError) throw error;
      throw new LabRunError(
        'crashed',
        redactSecrets(reason(error), Object.values(request.secrets)),
      );
    }
  }

  /**
   * Refuses, before any browser, steps that open a private address (the guard proxy refuses
   * every other request of the browser on the way), each named by `refused`.
   */
  private async vetSteps(
    steps: readonly FlowStep[],
    refused: (step: number, why: string) => string,
  ): Promise<void> {
    for (const [index, step] of steps.entries()) {
      if (step.kind !== 'navigate') continue;
      try {
        await vetHost(new URL(step.url), this.guard);
      } catch (error) {
        if (!(error instanceof FetchRefused)) throw error;
        throw new LabRunError('blocked_address', refused(index + 1, error.message));
      }
    }
  }

  /**
   * `work` in a slot, ended by the slot's browser dying, by `signal`, or after `timeoutMs`
   * (which takes the browser and Lighthouse process down: the pool replaces the slot).
   */
  private async limited<T>(
    { chrome, lighthouse }: LabSlot,
    signal: AbortSignal,
    timeoutMs: number,
    work: () => Promise<T>,
  ): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    // Killing the browser ends the run at once; the pool replaces the slot.
    const stop = () => void Promise.resolve(chrome.kill()).catch(() => undefined);
    signal.addEventListener('abort', stop, { once: true });
    // Lighthouse itself would wait out its load timeout on a dead browser.
    const browserGone = whenExits(chrome);
    try {
      const limit = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          stop();
          lighthouse.kill();
          reject(
            new LabRunError(
              'timeout',
              `The run took longer than ${Math.round(timeoutMs / 1000)} s.`,
            ),
          );
        }, timeoutMs);
      });
      const result = await Promise.race([work(), limit, browserGone.promise]);
      if (signal.aborted) throw cancelled();
      return result;
    } catch (error) {
      if (signal.aborted) throw cancelled();
      if (error instanceof LabRunError || error instanceof LighthouseFailure) throw error;
      // The Lighthouse process died, or Lighthouse lost the browser.
      throw new LabRunError('crashed', reason(error));
    } finally {
      clearTimeout(timer);
      browserGone.dispose();
      signal.removeEventListener('abort', stop);
    }
  }

  /** Fills the pool with started browsers and Lighthouse processes, when Chromium is here. */
  async warm(): Promise<void> {
    if (this.readiness().ready) await this.pool.warm();
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.proxy.close();
  }
}
