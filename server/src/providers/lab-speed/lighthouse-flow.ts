// A user flow run with Lighthouse's user-flow API, in the child process (lighthouse-child.ts).
import { startFlow } from 'lighthouse';
import puppeteer, { type HTTPResponse, type Page } from 'puppeteer-core';
import {
  flowStepResultsOf,
  loadsPage,
  plannedStepsOf,
  type FlowFailure,
  type FlowRunResult,
  type FlowStepReport,
} from '@core/flows/flow-result';
import type { FlowBody, FlowStep } from '@core/flows/flow-schema';
import { redactSecrets } from '@core/flows/redact';
import { FLOW_MESSAGES } from '@core/messages';
import { labEnvironmentOf, type LighthouseEnvironmentLike } from '@core/speed';
import { isAction, performAction, secretReader } from './flow-actions';
import { maskSecretsInPage, SECRET_MARK } from './mask-secrets';
import { CONFIGS, FLAGS } from './lighthouse-run';

/** A flow to run in the browser listening for DevTools on `port`. */
export interface FlowJob {
  flow: FlowBody & { device: 'mobile' | 'desktop' };
  port: number;
  /** The workspace's secrets the steps name, by name: used in the page, never reported. */
  secrets: Record<string, string>;
  /** How long an action may wait for its element. */
  stepTimeoutMs: number;
  /** How long a page load, a timespan's end or a snapshot may take Lighthouse. */
  loadTimeoutMs: number;
}

/** The page as a failed step left it, its secrets hidden first (mask-secrets.ts). */
async function screenshotOf(page: Page, secrets: readonly string[]): Promise<string | null> {
  try {
    await page.evaluate(maskSecretsInPage, secrets, SECRET_MARK);
    const jpeg = await page.screenshot({ type: 'jpeg', quality: 60, encoding: 'base64' });
    return `data:image/jpeg;base64,${jpeg}`;
  } catch {
    return null;
  }
}

const selectorOf = (step: FlowStep) =>
  'selector' in step && typeof step.selector === 'string' ? step.selector : null;

/**
 * Runs a flow with Lighthouse's user-flow API in a browser the caller launched (behind its
 * guard proxy, so that every address a step reaches is vetted): each navigate is a
 * navigation, a click or key press that loads a page is one too, and timespans and
 * snapshots are measured as named. A step that fails ends the run, named with its element
 * and a screenshot; the steps after it are reported as not run.
 */
export async function runFlow(job: FlowJob): Promise<FlowRunResult> {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${job.port}`,
    defaultViewport: null,
  });
  // A context of its own: the flow's cookies (a signed-in session) end with it, never
  // reaching the next run in this browser.
  const isolated = await browser.createBrowserContext();
  const page = await isolated.newPage();
  // The last page load's answer: an error page is a failed step, not a page to measure.
  let document: HTTPResponse | null;
  page.on('response', (response) => {
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame())
      document = response;
  });
  const flow = await startFlow(page, { config: CONFIGS[job.flow.device], flags: FLAGS });
  const context = {
    page,
    timeoutMs: job.stepTimeoutMs,
    secret: secretReader(job.secrets),
  };
  const planned = plannedStepsOf(job.flow.steps);
  let failure: FlowFailure | null = null;
  for (const [index, step] of job.flow.steps.entries()) {
    try {
      document = null;
      const measures = loadsPage(step) || step.kind === 'endTimespan' || step.kind === 'snapshot';
      await withTimeout(runStep(step, index), measures ? job.loadTimeoutMs : job.stepTimeoutMs * 2);
      const status = (document as HTTPResponse | null)?.status() ?? 0;
      if (loadsPage(step) && status >= 400) throw new Error(FLOW_MESSAGES.pageStatus(status));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failure = {
        step: index,
        kind: step.kind,
        selector: selectorOf(step),
        message: redactSecrets(message, Object.values(job.secrets)),
        screenshot: await screenshotOf(page, Object.values(job.secrets)),
      };
      break;
    }
  }
  const result = await flow.createFlowResult().catch(() => ({ steps: [] }));
  await isolated.close().catch(() => undefined);
  await browser.disconnect();
  const reports = result.steps.map((step) => step.lhr as unknown as FlowStepReport);
  const first = reports[0] as (FlowStepReport & LighthouseEnvironmentLike) | undefined;
  return {
    steps: flowStepResultsOf(planned, reports, failure),
    failure,
    ...(first && { environment: labEnvironmentOf(first, 1) }),
    measuredAt: first?.fetchTime ?? new Date().toISOString(),
  };

  async function runStep(step: FlowStep, index: number): Promise<void> {
    const measured = planned.find((p) => p.first === index);
    const name = measured?.name ?? step.kind;
    if (step.kind === 'navigate') return void (await flow.navigate(step.url, { name }));
    if (step.kind === 'startTimespan') return flow.startTimespan({ name });
    if (step.kind === 'endTimespan') {
      // An interaction's INP is traced once the page paints after it: a timespan that ends
      // while a click's long task still runs would have no INP at all. A second at most (a
      // hidden page paints no frames); a page gone meanwhile has nothing left to trace.
      await page
        .evaluate(
          () =>
            new Promise<void>((resolve) => {
              requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
              setTimeout(resolve, 1000);
            }),
        )
        .catch(() => undefined);
      return flow.endTimespan();
    }
    if (step.kind === 'snapshot') return flow.snapshot({ name });
    if (!isAction(step)) return;
    if (loadsPage(step)) {
      await flow.startNavigation({ name });
      await performAction(step, context);
      return flow.endNavigation();
    }
    return performAction(step, context);
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(FLOW_MESSAGES.stepTimeout(ms / 1000))), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
