import { describe, expect, it } from 'vitest';
import { MAX_TIME_TICKS, timeAxis } from './time-axis';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('timeAxis', () => {
  it('labels a single check once, with room either side of its point', () => {
    const x = at('2026-11-23T10:15:00Z');
    const axis = timeAxis([x]);
    expect(axis.ticks).toEqual([x]);
    expect(axis.min).toBe(x - HOUR);
    expect(axis.max).toBe(x + HOUR);
  });

  it('labels two checks a minute apart at each one, inside the range', () => {
    const [a, b] = [at('2026-11-23T10:15:00Z'), at('2026-11-23T10:16:00Z')];
    const axis = timeAxis([a, b]);
    expect(axis.ticks).toEqual([a, b]);
    expect(axis.label(a)).not.toBe(axis.label(b));
    expect(axis.min).toBeLessThan(a);
    expect(axis.max).toBeGreaterThan(b);
  });

  it('labels two checks of one minute (both devices, a run now) once', () => {
    const [a, b] = [at('2026-11-23T10:15:00Z'), at('2026-11-23T10:15:20Z')];
    expect(timeAxis([a, b, b]).ticks).toEqual([a]);
  });

  it('spreads at most six labels over many checks, each label once', () => {
    // Thirty checks over five days, several a day: labels are days, never repeated.
    const xs = Array.from({ length: 30 }, (_, i) => at('2026-11-20T00:00:00Z') + i * 4 * HOUR);
    const axis = timeAxis(xs);
    expect(axis.ticks.length).toBeLessThanOrEqual(MAX_TIME_TICKS);
    expect(axis.ticks[0]).toBe(xs[0]);
    expect(axis.ticks.at(-1)).toBe(xs.at(-1));
    const labels = axis.ticks.map(axis.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(axis.min).toBeLessThan(xs[0]!);
    expect(axis.max).toBeGreaterThan(xs.at(-1)!);
  });
});
