/**
 * The sandbox web's calendar: the pickleball cluster's pages are published and updated on
 * a schedule, so that rankings for its searches move from day to day while every other
 * page stays as it is on any date. Everything here is a pure function of the day.
 *
 * A sandbox day is a UTC date, counted in days since 1970-01-01. The schedule repeats every
 * SEASON_DAYS: a page published late in the season is retired again when the next one
 * starts, so every stretch of weeks shows pages appearing (or leaving) and being updated.
 */

/** Days in a season; a page's `publishedDay` counts from the start of the current one. */
export const SEASON_DAYS = 84;

const DAY_MS = 86_400_000;

/** When a page exists and how often it is updated. */
export interface PageSchedule {
  /** Day of the season (0 to SEASON_DAYS - 1) the page is published on; 0 for all season. */
  publishedDay: number;
  /** Days between updates, or null for a page never updated. */
  updateEvery: number | null;
  /** Updates fall on the sandbox days d with d ≡ updateOffset (mod updateEvery). */
  updateOffset: number;
}

/** A scheduled site: its update cycle, and its content pages published late in the season. */
export interface SiteSchedule {
  updateEvery: number | null;
  updateOffset: number;
  /** The site's last `pages` content pages appear on season day `publishedDay`. */
  late?: { pages: number; publishedDay: number };
}

/** The scheduled sites (all of the pickleball cluster); no other page moves. */
export const SITE_SCHEDULES: Readonly<Record<string, SiteSchedule>> = {
  'dink-daily': { updateEvery: 14, updateOffset: 0 },
  'paddle-lab': { updateEvery: 21, updateOffset: 7 },
  'kitchen-line': { updateEvery: null, updateOffset: 0 },
  'court-finder': { updateEvery: 28, updateOffset: 3 },
  'pickle-pro-shop': { updateEvery: 30, updateOffset: 11 },
  'third-shot-news': { updateEvery: null, updateOffset: 0, late: { pages: 3, publishedDay: 30 } },
  'open-play-club': { updateEvery: 10, updateOffset: 2, late: { pages: 2, publishedDay: 56 } },
  'serve-and-score': { updateEvery: null, updateOffset: 0 },
  'drop-shot-reviews': { updateEvery: 35, updateOffset: 20 },
  'baseline-pickleball': {
    updateEvery: null,
    updateOffset: 0,
    late: { pages: 2, publishedDay: 14 },
  },
  'net-game-academy': { updateEvery: 42, updateOffset: 9 },
  picklehub: { updateEvery: null, updateOffset: 0 },
};

/** The sandbox day of a moment: its UTC date as days since 1970-01-01. */
export function sandboxDay(date: Date): number {
  return Math.floor(date.getTime() / DAY_MS);
}

/** The sandbox day of a `YYYY-MM-DD` date. */
export function dayOfIsoDate(iso: string): number {
  return sandboxDay(new Date(`${iso}T00:00:00Z`));
}

/** The `YYYY-MM-DD` date of a sandbox day. */
export function isoDateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day of the season (0 to SEASON_DAYS - 1). */
export function seasonDay(day: number): number {
  return ((day % SEASON_DAYS) + SEASON_DAYS) % SEASON_DAYS;
}

export function isPublished(schedule: PageSchedule, day: number): boolean {
  return seasonDay(day) >= schedule.publishedDay;
}

/** The day the page was published in the season `day` falls in (later than `day` when not yet). */
export function publicationDay(schedule: PageSchedule, day: number): number {
  return day - seasonDay(day) + schedule.publishedDay;
}

/**
 * The day the page last changed, on or before `day`: its latest update or, when none came
 * since, its publication in the current season. Null while the page is not published.
 */
export function lastChangedDay(schedule: PageSchedule, day: number): number | null {
  if (!isPublished(schedule, day)) return null;
  const published = publicationDay(schedule, day);
  if (schedule.updateEvery === null) return published;
  const every = schedule.updateEvery;
  const lastUpdate = day - ((((day - schedule.updateOffset) % every) + every) % every);
  return Math.max(published, lastUpdate);
}
