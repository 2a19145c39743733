// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import lh12 from '@core/fixtures/lh-12-8-2-mobile-light.json';
import lh13 from '@core/fixtures/lh-13-5-0-mobile-render-blocking.json';
import {
  labEnvironmentOf,
  mapLighthouseResult,
  type LighthouseResultLike,
  type RunResult,
} from '@core/speed';
import { summarizeSamples, type SampleMetrics } from '@core/speed-summary';
import { SpeedTestResult } from './speed-test-result';
import type { SampleState } from './use-speed-test';

/** A local run's result as the server stores it, from a recorded Lighthouse result. */
function resultOf(lhr: object, extra: Partial<RunResult> = {}): RunResult {
  return {
    ...mapLighthouseResult(lhr as LighthouseResultLike)!,
    field: { page: null, origin: null, source: 'none', error: null },
    source: 'local-lighthouse',
    environment: labEnvironmentOf(lhr, 1),
    ...extra,
  };
}

const done = (result: RunResult): SampleState => ({
  status: 'done',
  stage: 'done',
  progress: 100,
  result,
  cached: false,
  error: null,
  errorSource: null,
});

function renderResult(samples: SampleState[]) {
  const summary = summarizeSamples(samples.map((s) => s.result!.lab as unknown as SampleMetrics))!;
  return render(
    createElement(SpeedTestResult, { summary, device: 'mobile', samples, categories: [] }),
  );
}

afterEach(cleanup);

describe('a speed test result', () => {
  it('of Lighthouse 12 shows its metrics and says it has no insights, with no insights section', () => {
    const result = resultOf(lh12);
    renderResult([done(result)]);
    const metrics = screen.getByTestId('average-metrics');
    for (const label of ['FCP', 'LCP', 'TBT', 'SI', 'TTI', 'CLS']) {
      expect(within(metrics).getByText(label)).toBeTruthy();
    }
    // Coloured by score where a result has no thresholds, as results before them were.
    const values = within(metrics).getAllByTestId('metric-value');
    expect(values).toHaveLength(6);
    expect(values.every((v) => ['pass', 'average', 'fail'].includes(v.dataset.band!))).toBe(true);
    expect(within(metrics).queryAllByTestId('hint')).toHaveLength(0);
    expect(screen.getByTestId('average-score').textContent).toBe(String(result.lab.psi!.score));
    expect(screen.getByTestId('representative-run').querySelectorAll('img').length).toBe(
      result.filmstrip.length,
    );
    expect(screen.getByTestId('no-insights').textContent).toBe(
      'Measured with Lighthouse 12.8.2: this result has no insights.',
    );
    expect(screen.queryByTestId('lab-insights')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Insights' })).toBeNull();
    // Stored before measuredAt: no time is claimed.
    expect(screen.getByTestId('measured-at').textContent).toBe(
      "Lighthouse 12.8.2 in this server's Chromium",
    );
  });

  it('of Lighthouse 13 shows the representative run’s insights, failed first, the passed folded', () => {
    const measuredAt = new Date(Date.now() - 4 * 60_000 - 5_000).toISOString();
    const result = resultOf(lh13, { measuredAt });
    renderResult([done(result), done(result)]);
    expect(screen.getByTestId('measured-at').textContent).toBe(
      "Measured 4 minutes ago · Lighthouse 13.5.0 in this server's Chromium",
    );
    expect(screen.getByTestId('measured-at').querySelector('time')!.getAttribute('datetime')).toBe(
      measuredAt,
    );
    const insights = screen.getByTestId('lab-insights');
    expect(insights.textContent).toContain('Insights of Sample 1, the representative run.');
    const group = screen.getByTestId('insights-group');
    const blocking = within(group)
      .getAllByTestId('insight')
      .find((row) => row.textContent!.includes('Render-blocking requests'))!;
    expect(blocking.dataset.state).toBe('failed');
    expect(within(blocking).getByTestId('insight-savings').textContent).toMatch(
      /^Est\. savings \d+ ms/,
    );
    const urls = within(blocking)
      .getAllByTestId('insight-url')
      .map((cell) => cell.textContent);
    expect(urls).toEqual(expect.arrayContaining(['/assets/blocking-1600.css']));
    // The failed come before the rest; the passed are inside a closed fold.
    const states = within(group)
      .getAllByTestId('insight')
      .map((row) => row.dataset.state);
    expect(states.indexOf('passed')).toBeGreaterThan(states.lastIndexOf('failed'));
    const passed = within(group).getByTestId('passed-insights') as HTMLDetailsElement;
    expect(passed.open).toBe(false);
    expect(passed.querySelector('summary')!.textContent).toMatch(/^Passed insights \(\d+\)$/);
    expect(screen.getByTestId('diagnostics-group')).toBeTruthy();
    // Graded by the thresholds Lighthouse 13 reports, which a tooltip tells on hover.
    const lcp = within(screen.getByTestId('average-metrics'))
      .getAllByTestId('hint')
      .find((m) => m.textContent!.includes('LCP —'))!;
    const tip = document.getElementById(lcp.getAttribute('aria-describedby')!)!;
    expect(tip.textContent).toBe('LCP — good ≤ 2.5 s, poor > 4.0 s (Lighthouse mobile scoring)');
    expect(tip.hidden).toBe(true);
    fireEvent.mouseEnter(lcp);
    expect(tip.hidden).toBe(false);
    fireEvent.keyDown(lcp, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });
});
