import { lastChangedDay, type PageSchedule } from '@sandbox';

/**
 * The sandbox index's freshness rule, the one thing that moves its rankings from day to
 * day: a scheduled page (the pickleball cluster's) that was just published or updated
 * scores higher, as a search engine favours fresh pages for a while after they change.
 */

/** How many days a change lifts a page for. */
export const FRESH_DAYS = 10;

/** A page's score is multiplied by up to 1 + FRESH_BOOST on the day it changed. */
export const FRESH_BOOST = 0.6;

/**
 * What a page's score is multiplied by on sandbox day `day`: 1 + FRESH_BOOST on the day it
 * last changed, falling in a straight line to 1 at FRESH_DAYS; 0 while it is unpublished
 * (the index leaves it out).
 */
export function freshnessBoost(schedule: PageSchedule, day: number): number {
  const changed = lastChangedDay(schedule, day);
  if (changed === null) return 0;
  return 1 + FRESH_BOOST * Math.max(0, 1 - (day - changed) / FRESH_DAYS);
}
