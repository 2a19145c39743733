// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Insight } from '@core/speed';
import { LabInsights } from './lab-insights';

const PAGE = 'https://shop.example/recipes/lasagna';
const blocking: Insight = {
  id: 'render-blocking-insight',
  group: 'insight',
  title: 'Render-blocking requests',
  description:
    'Requests are blocking the render. <img src=x onerror="window.injected=1"> [Deferring or inlining](https://developer.chrome.com/docs/performance/insights/render-blocking) can help.',
  score: 0,
  savingsMs: 260,
  metricSavings: { FCP: 250, LCP: 250 },
  items: [
    {
      label: 'x',
      url: 'https://shop.example/assets/blocking-1600.css',
      totalBytes: 23_658,
      wastedMs: 320,
    },
  ],
};
const layoutShifts: Insight = {
  id: 'cls-culprits-insight',
  group: 'insight',
  title: 'Layout shift culprits',
  description: 'Shifts.',
  score: 1,
  metricSavings: { CLS: 0 },
  items: [],
};

afterEach(cleanup);

describe('LabInsights', () => {
  it("renders Lighthouse's Markdown as text and safe links that open in a new tab", () => {
    const { container } = render(
      createElement(LabInsights, {
        insights: [blocking],
        lighthouseVersion: '13.5.0',
        pageUrl: PAGE,
      }),
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="window.injected=1">');
    const link = screen.getByRole('link', { name: /Deferring or inlining/ });
    expect(link.getAttribute('href')).toBe(
      'https://developer.chrome.com/docs/performance/insights/render-blocking',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('insight-savings').textContent).toBe('Est. savings 260 ms');
    const row = screen.getByTestId('insight-item');
    expect(row.textContent).toBe('/assets/blocking-1600.css23 KiB320 ms');
    expect(screen.getByTestId('insight-url').getAttribute('title')).toBe(
      'https://shop.example/assets/blocking-1600.css',
    );
  });

  it('shows the insights relevant to the metric chosen', () => {
    render(
      createElement(LabInsights, {
        insights: [blocking, layoutShifts],
        lighthouseVersion: '13.5.0',
        pageUrl: PAGE,
      }),
    );
    const titles = () => screen.queryAllByTestId('insight-title').map((t) => t.textContent);
    expect(titles()).toEqual(['Render-blocking requests', 'Layout shift culprits']);
    fireEvent.click(screen.getByLabelText('CLS'));
    expect(titles()).toEqual(['Layout shift culprits']);
    expect(screen.getByText('Nothing to fix here.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('TBT'));
    expect(titles()).toEqual([]);
    expect(screen.getByText('No insight would improve TBT.')).toBeTruthy();
  });
});
