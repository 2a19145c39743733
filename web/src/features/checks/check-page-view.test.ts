// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESOURCE_TYPES, type Resources } from '@core/budgets/resources';
import type { CheckPage } from '@core/schemas/checks';
import type { RunStatus } from '@core/speed';
import { CheckPageView } from './check-page-view';

const done: RunStatus = {
  status: 'done',
  stage: 'done',
  error: null,
  errorKind: null,
  errorSource: null,
  result: {
    lab: {
      psi: { label: 'Performance', displayValue: '92', score: 92, numericValue: 0.92 },
      lcp: { label: 'LCP', displayValue: '1.8 s', score: 95, numericValue: 1812 },
    },
    field: { page: null, origin: null, source: 'none', error: null },
    filmstrip: [],
    finalUrl: 'https://shop.example/',
    source: 'local-lighthouse',
  },
};

const resources = Object.fromEntries(
  RESOURCE_TYPES.map((type) => [type, { requests: 2, bytes: 10_240 }]),
) as Resources;

const page = (over: Partial<CheckPage>): CheckPage => ({
  url: 'https://shop.example/',
  finalUrl: 'https://shop.example/home',
  status: 'done',
  samples: { requested: 2, done: 2, failed: 0 },
  testId: 'test-1',
  runIds: ['run-1', 'run-2'],
  source: 'local-lighthouse',
  median: { psi: 92, fcp: 1200, lcp: 1812, si: 1900, tbt: 60, cls: 0.01, tti: 2600 },
  resources,
  field: null,
  budget: [
    {
      limit: 'lcp',
      label: 'LCP',
      unit: 'ms',
      keep: 'atMost',
      budget: 2500,
      value: 1812,
      pass: true,
    },
    {
      limit: 'cls',
      label: 'CLS',
      unit: 'unitless',
      keep: 'atMost',
      budget: 0.005,
      value: 0.01,
      pass: false,
    },
    {
      limit: 'inp',
      label: 'INP (field, p75)',
      unit: 'ms',
      keep: 'atMost',
      budget: 200,
      value: null,
      pass: null,
      note: 'No field data for this page.',
    },
  ],
  change: {
    trackedPageId: 'tracked-1',
    historySamples: 9,
    metrics: [
      {
        metric: 'lcp',
        a: 1500,
        b: 1812,
        difference: 312,
        pValue: 0.0004,
        significant: true,
        worse: true,
      },
      { metric: 'psi', a: 92, b: 92, difference: 0, pValue: 0.9, significant: false, worse: false },
    ],
  },
  changeNote: null,
  error: null,
  ...over,
});

function show(checkPage: CheckPage) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    createElement(
      MemoryRouter,
      null,
      createElement(
        QueryClientProvider,
        { client },
        createElement(CheckPageView, { page: checkPage }),
      ),
    ),
  );
}

const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent!.trim());

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(done), { status: 200 })),
  );
});
afterEach(cleanup);

describe('CheckPageView', () => {
  it('shows a judged page: budget rows, what it fetched, the change with its link, and its runs', async () => {
    show(page({}));
    expect(screen.getByText('Final URL https://shop.example/home')).toBeTruthy();
    expect(screen.getByTestId('check-verdict').textContent).toBe('Fail');
    expect(screen.getAllByTestId('budget-row').map(cells)).toEqual([
      ['LCP', '≤ 2,500 ms', '1,812 ms', '✓kept'],
      ['CLS', '≤ 0.005', '0.010', '✗broken'],
      // Unknown: a dash and why, never 0.
      ['INP (field, p75)', '≤ 200 ms', '-No field data for this page.', '- not judged'],
    ]);
    const fetched = within(screen.getByTestId('check-resources'));
    expect(cells(fetched.getByText('Scripts').closest('tr')!)).toEqual(['Scripts', '2', '10 KiB']);
    const change = within(screen.getByTestId('check-change'));
    expect(change.getByRole('link', { name: 'tracked page' }).getAttribute('href')).toBe(
      '/site-speed-tracking?page=tracked-1',
    );
    expect(change.getAllByTestId('change-row').map(cells)).toEqual([
      ['Score', '92', '92', '±0', '0.900', 'Not significant'],
      ['LCP', '1.5 s', '1.8 s', '+0.3 s', '< 0.001', 'Worse'],
    ]);
    const runs = screen.getAllByTestId('check-run');
    expect(runs).toHaveLength(2);
    await vi.waitFor(() => expect(cells(runs[0]!)).toEqual(['1', 'Done', '92', '1.8 s', 'JSON']));
    expect(
      within(runs[1]!).getByRole('link', { name: 'JSON record of sample 2' }).getAttribute('href'),
    ).toBe('/backend-service/v1/pagespeed/runs/run-2');
  });

  it('shows why a page could not be checked, and judges nothing on it', () => {
    show(
      page({
        status: 'failed',
        samples: { requested: 2, done: 0, failed: 2 },
        median: null,
        resources: null,
        budget: [],
        change: null,
        error: 'The page answered 404.',
      }),
    );
    expect(screen.getByTestId('check-verdict').textContent).toBe('Error');
    expect(screen.getByTestId('check-page-error').textContent).toBe('The page answered 404.');
    expect(screen.getByTestId('check-page-samples').textContent).toBe(
      '0 of 2 samples done, 2 failed',
    );
    expect(screen.queryByTestId('budget-table')).toBeNull();
    expect(screen.queryByTestId('check-medians')).toBeNull();
  });

  it('says why there is no change, and that a page with no limits has no budget', () => {
    show(page({ budget: [], change: null, changeNote: 'No tracked page of this URL.' }));
    expect(screen.getByTestId('check-change-note').textContent).toBe(
      'No tracked page of this URL.',
    );
    expect(screen.getByText('No budget limit applies to this page.')).toBeTruthy();
    expect(screen.getByTestId('check-verdict').textContent).toBe('Pass');
  });
});
