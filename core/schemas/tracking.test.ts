import { describe, expect, it } from 'vitest';
import { sameMeasurement, type RunFingerprint } from './tracking';

const base: RunFingerprint = {
  source: 'local-lighthouse',
  lighthouseVersion: '12.8.2',
  chromiumVersion: 'Chrome/131.0.6778.85',
  benchmarkIndex: 1500,
  throttlingMethod: 'simulate',
  throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
  device: 'mobile',
  concurrency: 1,
};

describe('sameMeasurement', () => {
  it('holds for one machine under varying load, not for another class of machine', () => {
    expect(sameMeasurement(base, { ...base, benchmarkIndex: 1100, concurrency: 3 })).toBe(true);
    expect(sameMeasurement(base, { ...base, benchmarkIndex: 2250 })).toBe(true);
    expect(sameMeasurement(base, { ...base, benchmarkIndex: 2300 })).toBe(false);
    expect(sameMeasurement(base, { ...base, benchmarkIndex: 900 })).toBe(false);
  });

  it('breaks on another tool, browser, throttling, device or source', () => {
    expect(sameMeasurement(base, { ...base, lighthouseVersion: '13.0.0' })).toBe(false);
    expect(sameMeasurement(base, { ...base, chromiumVersion: 'Chrome/132.0.0.0' })).toBe(false);
    expect(sameMeasurement(base, { ...base, throttlingMethod: 'devtools' })).toBe(false);
    expect(
      sameMeasurement(base, {
        ...base,
        throttling: { ...base.throttling, cpuSlowdownMultiplier: 1 },
      }),
    ).toBe(false);
    expect(sameMeasurement(base, { ...base, throttling: { rttMs: 150 } })).toBe(false);
    expect(sameMeasurement(base, { ...base, device: 'desktop' })).toBe(false);
    expect(sameMeasurement(base, { ...base, source: 'psi' })).toBe(false);
  });

  it('compares an unknown benchmark index only with an unknown one', () => {
    const unknown = { ...base, benchmarkIndex: null };
    expect(sameMeasurement(unknown, { ...unknown })).toBe(true);
    expect(sameMeasurement(unknown, base)).toBe(false);
  });
});
