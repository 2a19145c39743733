import type { RumRating } from '@core/rum/metrics';
import type { RumConnection } from './rum-filters';

export const RATING_WORDS: Record<RumRating, string> = {
  good: 'Good',
  needsImprovement: 'Needs improvement',
  poor: 'Poor',
};

export const RATINGS: readonly RumRating[] = ['good', 'needsImprovement', 'poor'];

export { DEVICE_NAMES } from '@core/device-names';

export const CONNECTION_NAMES: Record<RumConnection, string> = {
  'slow-2g': 'Slow 2G',
  '2g': '2G',
  '3g': '3G',
  '4g': '4G',
  unknown: 'Unknown connection',
};

/**
 * The three rating shares as whole percents that add up to 100 (largest remainder), so a
 * bar's labels never read 33% + 33% + 33%.
 */
export function sharePercents(shares: Record<RumRating, number>): Record<RumRating, number> {
  const exact = RATINGS.map((rating) => shares[rating] * 100);
  const whole = exact.map(Math.floor);
  const total = exact.reduce((sum, value) => sum + value, 0);
  let missing = Math.round(total) - whole.reduce((sum, value) => sum + value, 0);
  const byRemainder = exact
    .map((value, i) => ({ i, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder);
  for (const { i } of byRemainder) {
    if (missing <= 0) break;
    whole[i]! += 1;
    missing -= 1;
  }
  return { good: whole[0]!, needsImprovement: whole[1]!, poor: whole[2]! };
}

/** A fraction as a whole percent: '25%'. */
export const percentText = (fraction: number) => `${Math.round(fraction * 100)}%`;

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** A window of UTC days, as 'Nov 21 – 27, 2026'. */
export function windowText(from: string, to: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).formatRange(utcDay(from), utcDay(to));
}

/** One UTC day, as 'Nov 21'. */
export function dayText(day: string, locale?: string): string {
  return utcDay(day).toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Every UTC day from `from` to `to`, inclusive, oldest first. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = utcDay(from); at <= utcDay(to); at = new Date(at.getTime() + 86_400_000)) {
    days.push(at.toISOString().slice(0, 10));
  }
  return days;
}
