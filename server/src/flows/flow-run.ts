import { startFlow, type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import type { FlowBody, FlowStep } from '@core/flows/flow-schema';
import { isAction, performAction } from './flow-actions';

/** A flow to run in the browser listening for DevTools on `port`. */
export interface FlowJob {
  flow: FlowBody & { device: 'mobile' | 'desktop' };
  port: number;
  /** The workspace's secrets the steps name, by name: used in the page, never reported. */
  secrets: Record<string, string>;
  /** How long one step may take. */
  stepTimeoutMs: number;
}

/** One measured step of Lighthouse's flow: a page load, a timespan of actions, a snapshot. */
export interface MeasuredStep {
  name: string;
  kind: 'navigation' | 'timespan' | 'snapshot';
  /** Lighthouse's report of the step. */
  lhr: { gatherMode: string; audits: Record<string, { numericValue?: number }> };
}

export type FlowOutcome =
  | { status: 'done'; steps: MeasuredStep[] }
  | {
      status: 'failed';
      /** The step of the flow's own list that failed, by index. */
      step: number;
      message: string;
      /** The page as the step left it (JPEG, base64), when the browser could take one. */
      screenshot: string | null;
      /** What Lighthouse measured before the failure: shown as such, never as the whole. */
      steps: MeasuredStep[];
    };

const FLAGS: Flags = { onlyCategories: ['performance'], logLevel: 'error' };
const KINDS = { navigation: 'navigation', timespan: 'timespan', snapshot: 'snapshot' } as const;

/** A message with every secret's value blotted out: selectors and values may echo in errors. */
function redacted(message: string, secrets: Record<string, string>): string {
  return Object.values(secrets)
    .filter((value) => value.length > 0)
    .reduce((text, value) => text.split(value).join('••••'), message);
}

const nameOf = (step: FlowStep, index: number) =>
  ('name' in step && step.name) || `${step.kind} ${index + 1}`;

async function screenshotOf(page: Page): Promise<string | null> {
  try {
    return await page.screenshot({ type: 'jpeg', quality: 60, encoding: 'base64' });
  } catch {
    return null;
  }
}

/**
 * Runs a flow with Lighthouse's user-flow API in a browser the caller launched (behind its
 * guard proxy, so that every address a step reaches is vetted): each navigate is a
 * navigation, a click or key press that loads a page is one too, and timespans and
 * snapshots are measured as named. A step that fails ends the run, named with its screenshot.
 */
export async function runFlow(job: FlowJob): Promise<FlowOutcome> {
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${job.port}`,
    defaultViewport: null,
  });
  const page = await browser.newPage();
  const flow = await startFlow(page, {
    config: job.flow.device === 'desktop' ? desktopConfig : undefined,
    flags: FLAGS,
    name: job.flow.name,
  });
  const context = {
    page,
    timeoutMs: job.stepTimeoutMs,
    secret: (name: string) => {
      const value = job.secrets[name];
      if (value === undefined) throw new Error(`No secret named ${name} in this workspace.`);
      return value;
    },
  };
  let failed: Omit<Extract<FlowOutcome, { status: 'failed' }>, 'steps'> | null = null;
  for (const [index, step] of job.flow.steps.entries()) {
    try {
      await withTimeout(runStep(step, index), job.stepTimeoutMs * 2);
    } catch (error) {
      failed = {
        status: 'failed',
        step: index,
        message: redacted(error instanceof Error ? error.message : String(error), job.secrets),
        screenshot: await screenshotOf(page),
      };
      break;
    }
  }
  const result = await flow.createFlowResult().catch(() => ({ steps: [] }));
  await page.close().catch(() => undefined);
  await browser.disconnect();
  const steps: MeasuredStep[] = result.steps.map((step) => ({
    name: step.name,
    kind: KINDS[step.lhr.gatherMode],
    lhr: step.lhr as MeasuredStep['lhr'],
  }));
  return failed ? { ...failed, steps } : { status: 'done', steps };

  async function runStep(step: FlowStep, index: number): Promise<void> {
    const name = nameOf(step, index);
    if (step.kind === 'navigate') return void (await flow.navigate(step.url, { name }));
    if (step.kind === 'startTimespan') return flow.startTimespan({ name });
    if (step.kind === 'endTimespan') return flow.endTimespan();
    if (step.kind === 'snapshot') return flow.snapshot({ name });
    if (!isAction(step)) return;
    if ((step.kind === 'click' || step.kind === 'press') && step.navigates) {
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
    timer = setTimeout(() => reject(new Error(`The step took longer than ${ms / 1000} s.`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
