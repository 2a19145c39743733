import { describe, expect, it } from 'vitest';
import type { FlowRunHistoryEntry } from '@core/flows/flow-api';
import { flowHistory, historyValueText, HISTORY_METRICS } from './flow-history';

type Step = FlowRunHistoryEntry['steps'][number];

const run = (
  id: string,
  steps: Step[],
  status: FlowRunHistoryEntry['status'] = 'done',
): FlowRunHistoryEntry => ({
  id,
  flowId: 'flow-1',
  status,
  trigger: 'manual',
  createdAt: `2026-05-0${id}T10:00:00.000Z`,
  finishedAt: status === 'queued' || status === 'running' ? null : `2026-05-0${id}T10:01:00.000Z`,
  steps,
});

const home = (psi: number, lcp: number, status: Step['status'] = 'done'): Step => ({
  name: 'Home',
  kind: 'navigation',
  status,
  values: status === 'done' ? { psi, fcp: 900, lcp, si: 1500, tbt: 120, cls: 0.02 } : {},
  regression: null,
});
const cart = (tbt: number, inp?: number): Step => ({
  name: 'Add to cart',
  kind: 'timespan',
  status: 'done',
  values: { tbt, cls: 0.1, ...(inp === undefined ? {} : { inp }) },
  regression: null,
});
const snapshot: Step = {
  name: 'Cart',
  kind: 'snapshot',
  status: 'done',
  values: {},
  regression: null,
};

describe('a flow’s history as charts', () => {
  it('draws each measured step over the runs, oldest first, in its axes’ units', () => {
    // Newest first, as the API lists them.
    const history = flowHistory([
      run('3', [home(0.91, 2100), cart(80, 56), snapshot]),
      run('2', [home(0, 0, 'failed')], 'failed'),
      run('1', [home(0.5, 4200), cart(300), snapshot]),
    ]);
    expect(history.runs.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(history.snapshots).toBe(1);
    const [navigation, timespan] = history.charts;
    expect(navigation).toMatchObject({ name: 'Home', kind: 'navigation', timeUnit: 's' });
    expect(navigation!.lines.map((l) => l.metric.key)).toEqual(['psi', 'fcp', 'lcp', 'si', 'tbt']);
    // The score 0-100, page-load timings in seconds; a failed step is a gap, not a zero.
    expect(navigation!.lines[0]!.values).toEqual([50, null, 91]);
    expect(navigation!.lines[2]!.values).toEqual([4.2, null, 2.1]);
    expect(timespan).toMatchObject({ name: 'Add to cart', kind: 'timespan', timeUnit: 'ms' });
    expect(timespan!.lines.map((l) => [l.metric.key, l.values])).toEqual([
      ['tbt', [300, null, 80]],
      ['inp', [null, null, 56]],
      ['cls', [0.1, null, 0.1]],
    ]);
  });

  it('leaves out runs that measured nothing and lines never measured', () => {
    const history = flowHistory([
      run('4', [], 'running'),
      run('3', [], 'error'),
      run('1', [cart(40)]),
    ]);
    expect(history.runs.map((r) => r.id)).toEqual(['1']);
    expect(history.charts[0]!.lines.map((l) => l.metric.key)).toEqual(['tbt', 'cls']);
  });

  it('matches steps by kind and name, the newest run’s order first', () => {
    const later = { ...home(0.8, 2000), name: 'Account' };
    const history = flowHistory([
      run('2', [home(0.9, 1900), later, { ...home(0.7, 2500), name: 'Home' }]),
      run('1', [home(0.6, 3000)]),
    ]);
    expect(history.charts.map((c) => c.name)).toEqual(['Home', 'Account', 'Home']);
    expect(history.charts.map((c) => c.lines[0]!.values)).toEqual([
      [60, 90],
      [null, 80],
      [null, 70],
    ]);
  });

  it('has no chart without a measured value', () => {
    expect(flowHistory([run('1', [home(0, 0, 'not_run'), snapshot])]).charts).toEqual([]);
    expect(flowHistory([]).charts).toEqual([]);
  });

  it('writes values as their axes show them', () => {
    const [psi, , lcp] = HISTORY_METRICS.navigation;
    const [tbt, , cls] = HISTORY_METRICS.timespan;
    expect(historyValueText(psi, 's', 91)).toBe('91');
    expect(historyValueText(lcp, 's', 2.125)).toBe('2.13 s');
    expect(historyValueText(tbt, 'ms', 1234.4)).toBe('1,234 ms');
    expect(historyValueText(cls, 'ms', 0.1)).toBe('0.100');
    expect(historyValueText(cls, 'ms', null)).toBe('not measured');
  });
});
