import { describe, expect, it } from 'vitest';
import {
  afterWarmUp,
  checkPace,
  flatness,
  readingHeader,
  readingLine,
  type Reading,
} from './figures';

const MB = 1024 * 1024;

const reading = (minutes: number, figures: Partial<Reading> = {}): Reading => ({
  elapsedMs: minutes * 60_000,
  rss: 400 * MB,
  heapUsed: 120 * MB,
  eventLoopP99Ms: 20,
  handles: 30,
  chromium: 0,
  waiting: 0,
  active: 0,
  dbBytes: 10 * MB,
  outboxFiles: 0,
  outboxBytes: 0,
  checksDone: 0,
  checksFailed: 0,
  pagesDue: 0,
  beacons: 0,
  beaconErrors: 0,
  apiRequests: 0,
  apiErrors: 0,
  ...figures,
});

describe('flatness', () => {
  const verdicts = (readings: Reading[]) =>
    Object.fromEntries((flatness(readings) ?? []).map((v) => [v.figure, v]));

  it('calls memory and handles flat within their allowance, whichever way they move', () => {
    const v = verdicts([
      reading(10),
      reading(60, { rss: 450 * MB, heapUsed: 100 * MB, handles: 38 }),
    ]);
    expect(v.rss).toMatchObject({ growth: 50 * MB, allowed: 60 * MB, ok: true });
    expect(v.heapUsed).toMatchObject({ growth: -20 * MB, ok: true });
    expect(v.handles).toMatchObject({ growth: 8, allowed: 10, ok: true });
  });

  it('calls a figure that grew past its allowance growing', () => {
    const v = verdicts([
      reading(10),
      reading(60, { rss: 461 * MB, heapUsed: 139 * MB, handles: 41 }),
    ]);
    expect(v.rss!.ok).toBe(false);
    expect(v.heapUsed).toMatchObject({ allowed: 18 * MB, ok: false });
    expect(v.handles!.ok).toBe(false);
  });

  it('allows small figures their absolute slack', () => {
    const v = verdicts([reading(10, { heapUsed: 10 * MB }), reading(60, { heapUsed: 17 * MB })]);
    expect(v.heapUsed).toMatchObject({ allowed: 8 * MB, ok: true });
  });

  it('compares the medians of the first and last thirds: one odd report decides neither end', () => {
    const handles = [55, 30, 32, 31, 29, 30, 33, 31, 60];
    const readings = handles.map((n, i) => reading(10 + 5 * i, { handles: n }));
    // First third 55, 30, 32: 32; last third 33, 31, 60: 33.
    expect(verdicts(readings).handles).toMatchObject({ first: 32, last: 33, ok: true });
    // A steady climb is growth however the ends fall.
    const climbing = handles.map((_, i) => reading(10 + 5 * i, { handles: 30 + 3 * i }));
    expect(verdicts(climbing).handles).toMatchObject({ first: 33, last: 51, ok: false });
  });

  it('has nothing to say with fewer than two readings', () => {
    expect(flatness([reading(10)])).toBeNull();
    expect(flatness([])).toBeNull();
  });
});

describe('afterWarmUp', () => {
  it('keeps the readings at or after the warm-up', () => {
    const readings = [reading(5), reading(10), reading(15)];
    expect(afterWarmUp(readings, 10 * 60_000)).toEqual(readings.slice(1));
    expect(afterWarmUp(readings, 7 * 60_000)).toEqual(readings.slice(1));
    expect(afterWarmUp(readings, 20 * 60_000)).toEqual([]);
  });
});

describe('checkPace', () => {
  it('compares the checks ended a minute with what the pages’ sped-up schedule asks', () => {
    const first = reading(10, { checksDone: 40, checksFailed: 2 });
    const last = reading(60, { checksDone: 230, checksFailed: 12 });
    // 200 checks in 50 minutes: 4 a minute; 200 pages daily at 24 times need 3.33.
    const pace = checkPace(first, last, 200, 24);
    expect(pace.perMinute).toBe(4);
    expect(pace.needed).toBeCloseTo(3.33, 2);
    expect(pace.ok).toBe(true);
    expect(pace.fastestSpeedup).toBe(28);
    expect(checkPace(first, last, 200, 48).ok).toBe(false);
  });
});

describe('readingLine', () => {
  it('prints a reading under the header, column for column', () => {
    const line = readingLine(
      reading(20, { checksDone: 12, checksFailed: 1, beacons: 24_000, apiErrors: 2 }),
    );
    const header = readingHeader();
    expect(line).toHaveLength(header.length);
    expect(line.trim().split(/\s+/)).toEqual([
      '20m',
      '400.0',
      '120.0',
      '20.0',
      '30',
      '0',
      '0/0',
      '10.0',
      '0/0.0MB',
      '12/1',
      '0',
      '24000/0',
      '0/2',
    ]);
  });
});
