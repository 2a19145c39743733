import { describe, expect, it } from 'vitest';
import { LAB_BENCHMARK_KEPT_MINUTES } from '@core/speed';
import type { RunFingerprint } from '@core/schemas/tracking';
import { fingerprintText } from './tracking-format';

const fingerprint: RunFingerprint = {
  source: 'local-lighthouse',
  lighthouseVersion: '13.5.0',
  chromiumVersion: 'Chrome/131.0.6778.85',
  benchmarkIndex: 1234.4,
  throttlingMethod: 'simulate',
  throttling: {},
  device: 'mobile',
  concurrency: 2,
};

describe('fingerprintText', () => {
  it("says the local lab's benchmark index is measured now and then, not by the run", () => {
    expect(fingerprintText(fingerprint)).toBe(
      `Lighthouse 13.5.0 · Chrome/131.0.6778.85 · benchmark index 1234 (measured within ${LAB_BENCHMARK_KEPT_MINUTES} min) · simulate throttling · 2 runs at once`,
    );
    // PageSpeed Insights measures it for each run.
    expect(fingerprintText({ ...fingerprint, source: 'psi' })).toContain('benchmark index 1234 ·');
  });
});
