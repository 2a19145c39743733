// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlowStepResult } from '@core/flows/flow-result';
import type { LabMetric } from '@core/speed';
import { orderedMetrics, StepResultCard } from './flow-step-result';

const metric = (label: string, displayValue: string, numericValue: number, score: number) => ({
  label,
  displayValue,
  numericValue,
  score,
});

const timespan: FlowStepResult = {
  name: 'Add to cart',
  kind: 'timespan',
  status: 'done',
  metrics: {
    inp: {
      ...metric('Interaction to Next Paint', '560 ms', 560, 10),
      thresholds: { good: 200, poor: 500 },
    },
    cls: {
      ...metric('Cumulative Layout Shift', '0.05', 0.05, 95),
      thresholds: { good: 0.1, poor: 0.25 },
    },
    tbt: {
      ...metric('Total Blocking Time', '250 ms', 250, 70),
      thresholds: { good: 200, poor: 600 },
    },
  },
  insights: [],
  filmstrip: ['data:image/jpeg;base64,AA==', 'data:image/jpeg;base64,AB=='],
  filmstripMs: [100, 400],
  url: 'https://shop.example/product/1',
};

const show = (step: FlowStepResult) =>
  render(
    createElement(StepResultCard, {
      number: 2,
      step,
      device: 'mobile',
      lighthouseVersion: '13.0.1',
    }),
  );

afterEach(cleanup);

describe('a measured step’s card', () => {
  it('grades a timespan’s metrics by their thresholds, INP as PSI would', () => {
    show(timespan);
    const metrics = screen.getByTestId('flow-step-metrics');
    const bands = within(metrics)
      .getAllByTestId('metric-value')
      .map((value) => [value.textContent, value.dataset.band]);
    expect(bands).toEqual([
      ['250 ms (needs improvement)', 'average'],
      ['0.05 (good)', 'pass'],
      ['560 ms (poor)', 'fail'],
    ]);
    expect(screen.getByText('https://shop.example/product/1')).toBeTruthy();
    expect(screen.getByTestId('result-filmstrip').querySelectorAll('img')).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('2. Add to cart Timespan');
  });

  it('says why a step failed or did not run, and shows no figures', () => {
    show({
      ...timespan,
      status: 'failed',
      metrics: {},
      filmstrip: [],
      filmstripMs: [],
      error: 'No element matches button.add',
    });
    expect(screen.getByTestId('flow-step-error').textContent).toBe('No element matches button.add');
    expect(screen.queryByTestId('flow-step-metrics')).toBeNull();
    expect(screen.getByText('Failed')).toBeTruthy();
    cleanup();
    show({
      ...timespan,
      status: 'not_run',
      metrics: {},
      url: null,
      error: 'Not run: the flow stopped at step 3.',
    });
    expect(screen.getByText('Not run')).toBeTruthy();
    expect(screen.queryByTestId('flow-step-insights')).toBeNull();
  });

  it('puts the score first, then the paints', () => {
    const lab = { cls: {}, lcp: {}, psi: {}, fcp: {}, zzz: {} } as unknown as Record<
      string,
      LabMetric
    >;
    expect(orderedMetrics(lab).map(([key]) => key)).toEqual(['psi', 'fcp', 'lcp', 'cls', 'zzz']);
  });
});
