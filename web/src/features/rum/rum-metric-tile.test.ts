// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RumMetricTile } from './rum-metric-tile';

afterEach(cleanup);

describe('RumMetricTile', () => {
  it('shows the p75 in its rating’s band, the shares adding up to 100% and the samples', () => {
    render(
      createElement(RumMetricTile, {
        metric: 'LCP',
        figures: { p75: 3010, good: 2 / 6, needsImprovement: 1 / 6, poor: 3 / 6, samples: 6 },
      }),
    );
    const p75 = screen.getByTestId('rum-p75');
    expect(p75.textContent).toBe('3.0 s (needs improvement)');
    expect(p75.className).toContain('sr-average');
    expect(screen.getByTestId('rum-shares').textContent).toBe(
      'Good 33%Needs improvement 17%Poor 50%',
    );
    expect(screen.getByTestId('rum-samples').textContent).toBe('6 samples');
  });

  it('rates CLS by its own thresholds and writes it to two decimals', () => {
    render(
      createElement(RumMetricTile, {
        metric: 'CLS',
        figures: { p75: 0.31, good: 0, needsImprovement: 0, poor: 1, samples: 1 },
      }),
    );
    expect(screen.getByTestId('rum-p75').textContent).toBe('0.31 (poor)');
    expect(screen.getByTestId('rum-samples').textContent).toBe('1 sample');
  });

  it('says a metric without values is unknown, not zero', () => {
    render(createElement(RumMetricTile, { metric: 'INP' }));
    expect(screen.getByTestId('rum-p75').textContent).toBe('-');
    expect(screen.queryByTestId('rum-shares')).toBeNull();
  });
});
