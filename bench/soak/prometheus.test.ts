import { describe, expect, it } from 'vitest';
import { metricSum, parsePrometheus } from './prometheus';

describe('parsePrometheus and metricSum', () => {
  const text = [
    '# HELP nodejs_active_handles_total Number of active libuv handles.',
    '# TYPE nodejs_active_handles_total gauge',
    'nodejs_active_handles_total 31',
    'nodejs_eventloop_lag_p99_seconds 0.0251',
    'speedrank_queue_jobs{queue="speed-samples",state="waiting"} 3',
    'speedrank_queue_jobs{queue="speed-samples",state="active"} 2',
    'speedrank_queue_jobs{queue="tracking-checks",state="waiting"} 4',
    'label_with_quote{help="say \\"hi\\", twice"} 1',
    '',
  ].join('\n');
  const samples = parsePrometheus(text);

  it('reads every sample with its labels, skipping comments and blank lines', () => {
    expect(samples).toHaveLength(6);
    expect(samples[0]).toEqual({ name: 'nodejs_active_handles_total', labels: {}, value: 31 });
    expect(samples[2]).toEqual({
      name: 'speedrank_queue_jobs',
      labels: { queue: 'speed-samples', state: 'waiting' },
      value: 3,
    });
    expect(samples[5]!.labels).toEqual({ help: 'say \\"hi\\", twice' });
  });

  it('adds up the samples whose labels match', () => {
    expect(metricSum(samples, 'nodejs_eventloop_lag_p99_seconds')).toBe(0.0251);
    expect(metricSum(samples, 'speedrank_queue_jobs')).toBe(9);
    expect(metricSum(samples, 'speedrank_queue_jobs', { state: 'waiting' })).toBe(7);
    expect(metricSum(samples, 'speedrank_queue_jobs', { queue: 'speed-samples' })).toBe(5);
    expect(metricSum(samples, 'no_such_metric')).toBe(0);
  });
});
