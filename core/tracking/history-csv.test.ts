import { describe, expect, it } from 'vitest';
import type { TrackedPage, TrackingCheck } from '../schemas/tracking';
import { historyCsv } from './history-csv';

const page: TrackedPage = {
  id: 'p1',
  url: 'https://example.com/=cmd',
  devices: ['mobile'],
  schedule: 'daily',
  samples: 2,
  budgets: {},
  categories: [],
  paused: false,
  alertState: 'ok',
  regressedDevices: [],
  unreachable: false,
  alertAfter: 2,
  signIn: null,
  nextCheckAt: null,
  createdAt: '2026-11-20T00:00:00.000Z',
};
const values = { psi: 90, fcp: 1000, si: 1500, lcp: 2000, tti: 3000, tbt: 50, cls: 0.01 };
const check: TrackingCheck = {
  id: 'c1',
  device: 'mobile',
  trigger: 'schedule',
  signedIn: false,
  status: 'done',
  startedAt: '2026-11-22T12:00:00.000Z',
  finishedAt: '2026-11-22T12:01:00.000Z',
  median: values,
  categoryScores: { accessibility: 86, seo: null },
  samples: [
    {
      index: 1,
      source: 'psi',
      metrics: values,
      error: null,
      errorKind: null,
      fingerprint: {
        source: 'psi',
        lighthouseVersion: '12.8.2',
        chromiumVersion: 'Chrome/131.0.6778.85',
        benchmarkIndex: 1234.4,
        throttlingMethod: 'simulate',
        throttling: { rttMs: 150 },
        device: 'mobile',
        concurrency: 1,
      },
    },
    {
      index: 2,
      source: 'psi',
      metrics: null,
      error: '=HYPERLINK("x")',
      errorKind: 'provider',
      fingerprint: null,
    },
  ],
  state: 'partial',
  fingerprintChanged: true,
  regression: true,
  reasons: [
    {
      kind: 'budget',
      metric: 'lcp',
      value: 2000,
      reference: 1500,
      pValue: null,
      text: 'LCP 2.0 s breaks its budget of 1.5 s.',
    },
  ],
  error: null,
};

describe('historyCsv', () => {
  it('writes a median row, then each sample with its lab source, its metrics or its error', () => {
    const lines = historyCsv(page, [check]).split('\r\n');
    expect(lines).toHaveLength(4);
    // The median row ends with each category's median: 86, unscored, not measured.
    expect(lines[1]).toBe(
      `"https://example.com/=cmd","c1","2026-11-22T12:00:00.000Z","mobile","schedule","done","median","psi","90","1000","1500","2000","3000","50","0.01","yes","LCP 2.0 s breaks its budget of 1.5 s.",,"partial","yes",,"86",,,`,
    );
    expect(lines[2]).toContain('"sample 1","psi","90"');
    // The categories' medians are the check's: a sample's row leaves them empty.
    expect(lines[2]).toMatch(/,"ok",,"Lighthouse 12\.8\.2, bench 1234",,,,$/);
    // A failed sample: no metrics, its error, made harmless for spreadsheets.
    expect(lines[3]).toContain(`"sample 2","psi",,,,,,,,,,"'=HYPERLINK(""x"")","failed",,`);
  });

  it('is the header alone for an empty history', () => {
    expect(historyCsv(page, []).split('\r\n')).toHaveLength(1);
  });
});
