import type { Config } from '../../config';
import { CruxFieldData } from './crux';
import { CruxFieldHistory } from './crux-history';
import type { FieldHistoryProvider } from './history-port';
import { NoFieldData } from './none';
import { NoFieldHistory } from './none-history';
import type { FieldDataProvider } from './port';

/**
 * CrUX with a key. Without one, PSI's loadingExperience (when PSI is the lab source) fills
 * field data in the speed jobs; otherwise there is none, and the UI says a source is needed.
 */
export function createFieldDataProvider(config: Config): FieldDataProvider {
  if (config.CRUX_API_KEY)
    return new CruxFieldData(config.CRUX_API_KEY, config.CRUX_BASE_URL, config.PROVIDER_TIMEOUT_MS);
  return new NoFieldData();
}

/** Tracked pages' real-user history: the CrUX History API with a key (PSI has none). */
export function createFieldHistoryProvider(config: Config): FieldHistoryProvider {
  if (config.CRUX_API_KEY)
    return new CruxFieldHistory(
      config.CRUX_API_KEY,
      config.CRUX_BASE_URL,
      config.PROVIDER_TIMEOUT_MS,
    );
  return new NoFieldHistory();
}
