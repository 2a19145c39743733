import type { Config } from '../../config';
import { CruxFieldData } from './crux';
import { NoFieldData } from './none';
import type { FieldDataProvider } from './port';

export function createFieldDataProvider(config: Config): FieldDataProvider {
  if (config.CRUX_API_KEY)
    return new CruxFieldData(config.CRUX_API_KEY, config.CRUX_BASE_URL, config.PROVIDER_TIMEOUT_MS);
  return new NoFieldData();
}
