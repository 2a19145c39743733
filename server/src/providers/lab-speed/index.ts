import type { Config } from '../../config';
import type { SafeFetchOptions } from '../../http/safe-fetch';
import { LocalLighthouseProvider } from './local-lighthouse';
import type { LabSpeedProvider } from './port';
import { PsiProvider } from './psi';

/** PSI with a key; otherwise Lighthouse in the local Chromium. */
export function createLabSpeedProvider(config: Config, guard: SafeFetchOptions): LabSpeedProvider {
  if (config.PSI_API_KEY) {
    return new PsiProvider(config.PSI_API_KEY, config.PSI_BASE_URL, config.SPEED_RUN_TIMEOUT_MS);
  }
  // One Lighthouse run at a time per process: Lighthouse keeps global state (performance
  // marks, its trace engine), and overlapping runs in one process fail (bench/speed-bench.ts
  // shows 2–4 of 10 failing at concurrency 2). More throughput needs more processes.
  return new LocalLighthouseProvider(config.CHROME_PATH, 1, config.SPEED_RUN_TIMEOUT_MS, guard);
}
