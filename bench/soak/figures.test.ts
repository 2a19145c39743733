import { describe, expect, it } from 'vitest';
import {
  checkPace,
  firstAfterWarmUp,
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
  const verdict = (last: Partial<Reading>) =>
    Object.fromEntries(flatness(reading(10), reading(60, last)).map((v) => [v.figure, v]));

  it('calls memory and handles flat within their allowance, whichever way they move', () => {
    const v = verdict({ rss: 450 * MB, heapUsed: 100 * MB, handles: 38 });
    expect(v.rss).toMatchObject({ growth: 50 * MB, allowed: 60 * MB, ok: true });
    expect(v.heapUsed).toMatchObject({ growth: -20 * MB, ok: true });
    expect(v.handles).toMatchObject({ growth: 8, allowed: 10, ok: true });
  });

  it('calls a figure that grew past its allowance growing', () => {
    const v = verdict({ rss: 461 * MB, heapUsed: 139 * MB, handles: 41 });
    expect(v.rss!.ok).toBe(false);
    expect(v.heapUsed).toMatchObject({ allowed: 18 * MB, ok: false });
    expect(v.handles!.ok).toBe(false);
  });

  it('allows small figures their absolute slack', () => {
    const v = Object.fromEntries(
      flatness(reading(10, { heapUsed: 10 * MB }), reading(60, { heapUsed: 17 * MB })).map((f) => [
        f.figure,
        f,
      ]),
    );
    expect(v.heapUsed).toMatchObject({ allowed: 8 * MB, ok: true });
  });
});

describe('firstAfterWarmUp', () => {
  it('is the first reading at or after the warm-up, none when the run was shorter', () => {
    const readings = [reading(5), reading(10), reading(15)];
    expect(firstAfterWarmUp(readings, 10 * 60_000)).toBe(readings[1]);
    expect(firstAfterWarmUp(readings, 7 * 60_000)).toBe(readings[1]);
    expect(firstAfterWarmUp(readings, 20 * 60_000)).toBeNull();
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
