import type { Config } from '../../config';
import type { SafeFetchOptions } from '../../http/safe-fetch';
import { LocalLighthouseProvider } from './local-lighthouse';
import type { LabSpeedProvider } from './port';
import { PsiProvider } from './psi';
import { TokenBucket } from './token-bucket';

/** PSI with a key; otherwise Lighthouse in the local Chromium. */
export function createLabSpeedProvider(config: Config, guard: SafeFetchOptions): LabSpeedProvider {
  if (config.PSI_API_KEY) {
    return new PsiProvider(
      config.PSI_API_KEY,
      config.PSI_BASE_URL,
      config.SPEED_RUN_TIMEOUT_MS,
      guard,
      // Ten seconds' worth may go at once; then calls wait their turn.
      new TokenBucket(
        config.PSI_REQUESTS_PER_MINUTE,
        Math.max(1, Math.ceil(config.PSI_REQUESTS_PER_MINUTE / 6)),
      ),
    );
  }
  return new LocalLighthouseProvider(
    config.CHROME_PATH,
    config.SPEED_CONCURRENCY,
    config.SPEED_RUN_TIMEOUT_MS,
    guard,
  );
}
