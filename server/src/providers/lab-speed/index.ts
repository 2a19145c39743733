import type { Config } from '../../config';
import type { SafeFetchOptions } from '../../http/safe-fetch';
import { LocalLighthouseProvider } from './local-lighthouse';
import type { LabSpeedProvider } from './port';
import { PsiProvider } from './psi';

/** PSI with a key; otherwise Lighthouse in the local Chromium. */
export function createLabSpeedProvider(config: Config, guard: SafeFetchOptions): LabSpeedProvider {
  if (config.PSI_API_KEY) {
    return new PsiProvider(
      config.PSI_API_KEY,
      config.PSI_BASE_URL,
      config.SPEED_RUN_TIMEOUT_MS,
      guard,
    );
  }
  return new LocalLighthouseProvider(
    config.CHROME_PATH,
    config.SPEED_CONCURRENCY,
    config.SPEED_RUN_TIMEOUT_MS,
    guard,
  );
}
