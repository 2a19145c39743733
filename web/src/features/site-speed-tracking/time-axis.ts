const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Most time labels under a history chart: more crowd a phone's width. */
export const MAX_TIME_TICKS = 6;

/** Within two days the hour tells checks apart; beyond, the day. */
function timeLabel(value: number, span: number): string {
  const date = new Date(value);
  return span < 2 * DAY_MS
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

export interface TimeAxis {
  min: number;
  max: number;
  /** Where the labels go: at checks' times, each label once. */
  ticks: number[];
  label(value: number): string;
}

/**
 * The time axis of checks started at `xs`: room either side so that the first and last
 * points show whole (an hour around a single check), and labels at up to MAX_TIME_TICKS
 * checks' times spread over the range, never the same label twice. Ticks at round numbers
 * of milliseconds would say one time over and over when the checks are close together.
 */
export function timeAxis(xs: readonly number[]): TimeAxis {
  const times = [...new Set(xs)].sort((a, b) => a - b);
  const first = times[0] ?? 0;
  const last = times.at(-1) ?? first;
  const span = last - first;
  const pad = span > 0 ? span / 20 : HOUR_MS;
  const label = (value: number) => timeLabel(value, span);
  const picked =
    times.length <= MAX_TIME_TICKS
      ? times
      : Array.from(
          { length: MAX_TIME_TICKS },
          (_, i) => times[Math.round((i * (times.length - 1)) / (MAX_TIME_TICKS - 1))]!,
        );
  const ticks = picked.filter((value, i) => i === 0 || label(value) !== label(picked[i - 1]!));
  return { min: first - pad, max: last + pad, ticks, label };
}
