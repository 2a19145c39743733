/**
 * The soak's figures: one reading of the app per report, the table they print as, and the
 * verdicts that compare the first reading after warm-up with the last.
 */

/** What the soak reads of the app and its storage at one moment. */
export interface Reading {
  elapsedMs: number;
  /** Resident set and heap after a full garbage collection (the app's memory probe). */
  rss: number;
  heapUsed: number;
  /** The event loop's delay p99 since the previous reading. */
  eventLoopP99Ms: number;
  /** libuv handles held open: sockets, timers, child processes' pipes. */
  handles: number;
  chromium: number;
  /** Jobs waiting and running, in every queue. */
  waiting: number;
  active: number;
  /** The SQLite file and its write-ahead log. */
  dbBytes: number;
  outboxFiles: number;
  outboxBytes: number;
  checksDone: number;
  checksFailed: number;
  /** Tracked pages past their due time, not yet claimed by the scheduler. */
  pagesDue: number;
  beacons: number;
  beaconErrors: number;
  apiRequests: number;
  apiErrors: number;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const minutes = (ms: number) => `${(ms / 60_000).toFixed(0)}m`;

const COLUMNS: [string, (r: Reading) => string][] = [
  ['elapsed', (r) => minutes(r.elapsedMs)],
  ['rss MB', (r) => mb(r.rss)],
  ['heap MB', (r) => mb(r.heapUsed)],
  ['loop p99 ms', (r) => r.eventLoopP99Ms.toFixed(1)],
  ['handles', (r) => String(r.handles)],
  ['chromium', (r) => String(r.chromium)],
  ['jobs w/a', (r) => `${r.waiting}/${r.active}`],
  ['db MB', (r) => mb(r.dbBytes)],
  ['outbox', (r) => `${r.outboxFiles}/${mb(r.outboxBytes)}MB`],
  ['checks ok/failed', (r) => `${r.checksDone}/${r.checksFailed}`],
  ['pages due', (r) => String(r.pagesDue)],
  ['beacons/err', (r) => `${r.beacons}/${r.beaconErrors}`],
  ['api/err', (r) => `${r.apiRequests}/${r.apiErrors}`],
];

const row = (cells: string[]) =>
  cells.map((cell, i) => cell.padStart(Math.max(COLUMNS[i]![0].length, 7))).join(' ');

/** The table's header line. */
export const readingHeader = (): string => row(COLUMNS.map(([title]) => title));

/** A reading as one line of the table. */
export const readingLine = (reading: Reading): string =>
  row(COLUMNS.map(([, cell]) => cell(reading)));

/** How much a figure may grow after warm-up and still be flat. */
export interface Allowance {
  /** A share of the value at the start, e.g. 0.1 for 10 %. */
  relative: number;
  /** At least this much, for figures that start small. */
  absolute: number;
}

export const FLAT_ALLOWANCES: Record<'rss' | 'heapUsed' | 'handles', Allowance> = {
  rss: { relative: 0.15, absolute: 32 * 1024 * 1024 },
  heapUsed: { relative: 0.15, absolute: 8 * 1024 * 1024 },
  // A Lighthouse run holds its Chromium's pipes and sockets: the count moves with the runs.
  handles: { relative: 0.25, absolute: 10 },
};

export interface Verdict {
  figure: string;
  first: number;
  last: number;
  growth: number;
  allowed: number;
  ok: boolean;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Whether memory and handles stayed flat over `readings` (those after warm-up): the median
 * of the first third against the median of the last third, so that one report caught amid
 * Lighthouse runs decides neither end. Null with fewer than two readings.
 */
export function flatness(readings: readonly Reading[]): Verdict[] | null {
  if (readings.length < 2) return null;
  const third = Math.max(1, Math.floor(readings.length / 3));
  return (Object.keys(FLAT_ALLOWANCES) as (keyof typeof FLAT_ALLOWANCES)[]).map((figure) => {
    const { relative, absolute } = FLAT_ALLOWANCES[figure];
    const first = median(readings.slice(0, third).map((r) => r[figure]));
    const last = median(readings.slice(-third).map((r) => r[figure]));
    const allowed = Math.max(first * relative, absolute);
    return { figure, first, last, growth: last - first, allowed, ok: last - first <= allowed };
  });
}

/** The readings the verdicts look at: those at or after the warm-up. */
export const afterWarmUp = (readings: readonly Reading[], warmUpMs: number): Reading[] =>
  readings.filter((r) => r.elapsedMs >= warmUpMs);

export interface Pace {
  /** Checks that ended (done or failed) a minute between the two readings. */
  perMinute: number;
  /** Checks a minute the schedule asks for: every page once a period. */
  needed: number;
  ok: boolean;
  /** The largest speed-up this pace keeps up with. */
  fastestSpeedup: number;
}

/** Whether the checks keep up with `pages` daily pages on a schedule `speedup` times faster. */
export function checkPace(first: Reading, last: Reading, pages: number, speedup: number): Pace {
  const ended = (r: Reading) => r.checksDone + r.checksFailed;
  const minutes = (last.elapsedMs - first.elapsedMs) / 60_000;
  const perMinute = minutes > 0 ? (ended(last) - ended(first)) / minutes : 0;
  const needed = (pages * speedup) / (24 * 60);
  return {
    perMinute,
    needed,
    ok: perMinute >= needed,
    fastestSpeedup: Math.floor((perMinute * 24 * 60) / pages),
  };
}
