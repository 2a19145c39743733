import { findCountry } from '@core/reference';
import type { RankKeyword } from '@core/schemas/rank-tracking';

export { dateTimeText } from '../../components/run-comparison/metric-format';

export const DEVICE_NAMES = { mobile: 'Mobile', desktop: 'Desktop' } as const;

/** Where a keyword is searched: its device, country (and language), and city when it has one. */
export function placeText(k: Pick<RankKeyword, 'device' | 'country' | 'language' | 'location'>) {
  const country = findCountry(k.country)?.name ?? k.country.toUpperCase();
  const language = k.language ? ` (${k.language})` : '';
  return `${DEVICE_NAMES[k.device]} · ${k.location ?? country}${language}`;
}

/** A day as the history table shows it. */
export const dayText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
