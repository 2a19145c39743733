import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dueAfterManualRun, nextDue, nextSlot, PERIOD_MS, slotOffsetMs } from './schedule';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ids = Array.from({ length: 1000 }, (_, i) =>
  crypto.createHash('md5').update(String(i)).digest('hex'),
);

describe('slotOffsetMs (jitter)', () => {
  it.each(['hourly', 'daily'] as const)('stays within one %s period', (schedule) => {
    for (const id of ids) {
      const offset = slotOffsetMs(id, schedule);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(PERIOD_MS[schedule]);
      expect(Number.isInteger(offset)).toBe(true);
    }
  });

  it('spreads a thousand hourly pages over the hour instead of starting them together', () => {
    const minutes = ids.map((id) => Math.floor(slotOffsetMs(id, 'hourly') / 60_000));
    const perMinute = new Map<number, number>();
    for (const m of minutes) perMinute.set(m, (perMinute.get(m) ?? 0) + 1);
    // Every minute of the hour has some; none has more than twice the even share (~17).
    expect(perMinute.size).toBe(60);
    expect(Math.max(...perMinute.values())).toBeLessThan(35);
    expect(perMinute.get(0) ?? 0).toBeLessThan(35);
  });

  it('is the same in every process: derived from the page id alone', () => {
    expect(slotOffsetMs('page-a', 'daily')).toBe(slotOffsetMs('page-a', 'daily'));
    expect(slotOffsetMs('page-a', 'daily')).not.toBe(slotOffsetMs('page-b', 'daily'));
  });
});

describe('nextSlot and nextDue', () => {
  const id = ids[7]!;
  const offset = slotOffsetMs(id, 'hourly');
  const slot = (k: number) => new Date(Date.UTC(2026, 10, 23, 0) + k * HOUR + offset);

  it('moves a check on time to the following slot, one period later', () => {
    expect(nextSlot(slot(5), id, 'hourly')).toEqual(slot(6));
    expect(nextDue(new Date(slot(5).getTime() + 2_000), id, 'hourly')).toEqual(slot(6));
  });

  it('catches up after downtime with one check, then the next slot at least half a period on', () => {
    // Due at slot 5; the server was down for three days and starts the check at slot 77 + 59 min.
    const late = new Date(slot(77).getTime() + 59 * 60_000);
    const next = nextDue(late, id, 'hourly');
    // Not slot 78, a minute away (a burst of two), but slot 79.
    expect(next).toEqual(slot(79));
    expect(next.getTime() - late.getTime()).toBeGreaterThanOrEqual(HOUR / 2);
    expect(next.getTime() - late.getTime()).toBeLessThanOrEqual(1.5 * HOUR);
  });

  it('keeps every next due time on the page’s own slots, for any start time', () => {
    for (let t = 0; t < 3 * DAY; t += 7 * 60_000 + 13) {
      const start = new Date(Date.UTC(2026, 10, 23) + t);
      for (const schedule of ['hourly', 'daily'] as const) {
        const next = nextDue(start, id, schedule).getTime();
        const gap = next - start.getTime();
        expect(gap).toBeGreaterThanOrEqual(PERIOD_MS[schedule] / 2);
        expect(gap).toBeLessThanOrEqual(1.5 * PERIOD_MS[schedule]);
        expect((next - slotOffsetMs(id, schedule)) % PERIOD_MS[schedule]).toBe(0);
      }
    }
  });

  it('runs a speeded-up schedule on slots that many times closer, the same for every process', () => {
    const start = new Date(Date.UTC(2026, 10, 23, 9, 17));
    // Daily at 48 times the speed: a day every 30 minutes.
    const period = 30 * 60_000;
    const offset = slotOffsetMs(id, 'daily', 48);
    expect(offset).toBe(slotOffsetMs(id, 'daily', 48));
    expect(offset).toBeLessThan(period);
    let at = start;
    for (let n = 0; n < 20; n++) {
      const next = nextDue(at, id, 'daily', 48);
      expect(next.getTime() - at.getTime()).toBeGreaterThanOrEqual(period / 2);
      expect(next.getTime() - at.getTime()).toBeLessThanOrEqual(1.5 * period);
      expect((next.getTime() - offset) % period).toBe(0);
      at = next;
    }
    expect(dueAfterManualRun(start, 'daily', 48)).toEqual(new Date(start.getTime() + period));
    expect(dueAfterManualRun(start, 'daily')).toEqual(new Date(start.getTime() + DAY));
  });
});
