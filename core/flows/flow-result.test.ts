import { describe, expect, it } from 'vitest';
import { FLOW_MESSAGES } from '../messages/flows';
import { flowStepResultsOf, plannedStepsOf, type FlowStepReport } from './flow-result';
import type { FlowStep } from './flow-schema';
import { REDACTED, redactSecrets } from './redact';

const SIGN_IN_AND_BUY: FlowStep[] = [
  { kind: 'navigate', url: 'https://shop.example/sign-in' },
  { kind: 'type', selector: '#email', text: 'robin@example.com' },
  { kind: 'type', selector: '#password', secret: 'SHOP_PASSWORD' },
  { kind: 'click', selector: 'aria/Sign in', navigates: true, name: 'Account' },
  { kind: 'startTimespan', name: 'Add to cart' },
  { kind: 'click', selector: 'button.add' },
  { kind: 'waitFor', text: 'Added' },
  { kind: 'endTimespan' },
  { kind: 'snapshot', name: 'Cart' },
];

/** A step's report as Lighthouse 13 gives it, with the audits named. */
function report(
  gatherMode: string,
  audits: Record<string, { numericValue: number; score?: number }>,
  extra: Partial<FlowStepReport> = {},
): FlowStepReport {
  return {
    gatherMode,
    finalDisplayedUrl: 'https://shop.example/account',
    categories: { performance: { score: gatherMode === 'snapshot' ? 0 : 0.8, auditRefs: [] } },
    audits: Object.fromEntries(
      Object.entries(audits).map(([id, audit]) => [
        id,
        { score: 1, displayValue: `${audit.numericValue}`, ...audit },
      ]),
    ),
    ...extra,
  };
}

const navigation = report('navigation', {
  'first-contentful-paint': { numericValue: 900 },
  'largest-contentful-paint': { numericValue: 1200 },
  'total-blocking-time': { numericValue: 30 },
});
const timespan = report('timespan', {
  'total-blocking-time': { numericValue: 450, score: 0.4 },
  'cumulative-layout-shift': { numericValue: 0 },
  'interaction-to-next-paint': { numericValue: 520, score: 0.1 },
});
const snapshot = report('snapshot', {});

describe('the steps a flow measures', () => {
  it('are its page loads, its timespans and its snapshots, each with the steps it spans', () => {
    expect(plannedStepsOf(SIGN_IN_AND_BUY)).toEqual([
      { name: 'Open https://shop.example/sign-in', kind: 'navigation', first: 0, last: 0 },
      { name: 'Account', kind: 'navigation', first: 3, last: 3 },
      { name: 'Add to cart', kind: 'timespan', first: 4, last: 7 },
      { name: 'Cart', kind: 'snapshot', first: 8, last: 8 },
    ]);
  });
});

describe("a flow run's step results", () => {
  const planned = plannedStepsOf(SIGN_IN_AND_BUY);

  it("read each kind's own metrics: a page load's score and timings, a timespan's TBT and INP", () => {
    const steps = flowStepResultsOf(planned, [navigation, navigation, timespan, snapshot], null);
    expect(steps.map((s) => s.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(steps[0]!.metrics.psi?.score).toBe(80);
    expect(steps[0]!.metrics.lcp?.numericValue).toBe(1200);
    expect(Object.keys(steps[2]!.metrics).sort()).toEqual(['cls', 'inp', 'tbt']);
    expect(steps[2]!.metrics.inp).toMatchObject({ numericValue: 520, score: 10 });
    expect(steps[3]!.metrics).toEqual({});
    expect(steps[1]!.url).toBe('https://shop.example/account');
  });

  it('leaves out a metric Lighthouse did not report, never a zero', () => {
    const quiet = report('timespan', { 'total-blocking-time': { numericValue: 0 } });
    const [, , span] = flowStepResultsOf(planned, [navigation, navigation, quiet, snapshot], null);
    expect(span!.metrics).toEqual({ tbt: expect.objectContaining({ numericValue: 0 }) });
  });

  it('fail the step holding the failed action, and report every later step as not run', () => {
    const failure = { step: 5, message: 'No element button.add' };
    const steps = flowStepResultsOf(planned, [navigation, navigation], failure);
    expect(steps.map((s) => [s.status, s.error])).toEqual([
      ['done', undefined],
      ['done', undefined],
      ['failed', 'No element button.add'],
      ['not_run', FLOW_MESSAGES.notRunAfter(6)],
    ]);
    expect(steps[2]!.metrics).toEqual({});
  });

  it('report a failure between measured steps (typing the sign-in) as stopping the rest', () => {
    const steps = flowStepResultsOf(planned, [navigation], { step: 2, message: 'No #password' });
    expect(steps.map((s) => s.status)).toEqual(['done', 'not_run', 'not_run', 'not_run']);
    expect(steps[1]!.error).toBe(FLOW_MESSAGES.notRunAfter(3));
  });

  it('fail a page load Lighthouse reported an error for, whatever was measured after it', () => {
    const refused = report(
      'navigation',
      {},
      {
        runtimeError: {
          code: 'ERRORED_DOCUMENT_REQUEST',
          message: 'Lighthouse was unable to load',
        },
      },
    );
    const steps = flowStepResultsOf(planned, [navigation, refused, timespan, snapshot], null);
    expect(steps.map((s) => s.status)).toEqual(['done', 'failed', 'not_run', 'not_run']);
    expect(steps[1]!.error).toBe('Lighthouse was unable to load');
  });
});

describe('a secret in a text', () => {
  it('is blotted out wherever it occurs, a secret inside another one too', () => {
    expect(redactSecrets('typed hunter2 into #pw (hunter2x)', ['hunter2', 'hunter2x', ''])).toBe(
      `typed ${REDACTED} into #pw (${REDACTED})`,
    );
  });
});
