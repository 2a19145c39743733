import { DEVICE_NAMES } from '@core/device-names';
import { findCountry } from '@core/reference';
import type { RankKeyword } from '@core/schemas/rank-tracking';

export { DEVICE_NAMES };
export { dateTimeText, dayText } from '../../components/run-comparison/metric-format';

/** Where a keyword is searched: its device, country (and language), and city when it has one. */
export function placeText(k: Pick<RankKeyword, 'device' | 'country' | 'language' | 'location'>) {
  const country = findCountry(k.country)?.name ?? k.country.toUpperCase();
  const language = k.language ? ` (${k.language})` : '';
  return `${DEVICE_NAMES[k.device]} · ${k.location ?? country}${language}`;
}
