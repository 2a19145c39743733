import crypto from 'node:crypto';
import type { TrackingSchedule } from '@core/schemas/tracking';

export const PERIOD_MS: Record<TrackingSchedule, number> = {
  hourly: 60 * 60_000,
  daily: 24 * 60 * 60_000,
};

/**
 * A schedule's period on an install whose tracking runs `speedup` times faster
 * (TRACKING_SPEEDUP: a soak test lives through days of checks in an hour).
 */
export const periodMs = (schedule: TrackingSchedule, speedup = 1): number =>
  Math.round(PERIOD_MS[schedule] / speedup);

/**
 * A scheduled item's place within each period (a tracked page, a rank keyword), from a hash
 * of its id: every process agrees on it without storing it, and a thousand items spread
 * over the period instead of all starting on the hour (or at midnight) together.
 */
export function slotOffsetMs(itemId: string, schedule: TrackingSchedule, speedup = 1): number {
  const hash = crypto.createHash('sha256').update(itemId).digest().readUInt32BE(0);
  return Math.floor((hash / 2 ** 32) * periodMs(schedule, speedup));
}

/** The item's first slot (k × period + offset) strictly after `after`. */
export function nextSlot(
  after: Date,
  itemId: string,
  schedule: TrackingSchedule,
  speedup = 1,
): Date {
  const period = periodMs(schedule, speedup);
  const offset = slotOffsetMs(itemId, schedule, speedup);
  const k = Math.floor((after.getTime() - offset) / period) + 1;
  return new Date(k * period + offset);
}

/**
 * When an item is next due after a check that started at `startedAt`: the first slot at
 * least half a period later. A check on time moves to the next slot; one that catches up
 * after downtime runs once for all the slots it missed, and the next follows no sooner
 * than half a period after it, not in a burst.
 */
export function nextDue(
  startedAt: Date,
  itemId: string,
  schedule: TrackingSchedule,
  speedup = 1,
): Date {
  const halfPeriod = periodMs(schedule, speedup) / 2;
  return nextSlot(new Date(startedAt.getTime() + halfPeriod), itemId, schedule, speedup);
}

/**
 * When an item is next due after a 'run now' that started at `startedAt`: one period
 * later, so that the schedule does not check the item again right after the user did.
 */
export function dueAfterManualRun(startedAt: Date, schedule: TrackingSchedule, speedup = 1): Date {
  return new Date(startedAt.getTime() + periodMs(schedule, speedup));
}
