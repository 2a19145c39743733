import type { RunFingerprint, TrackingDevice } from '@core/schemas/tracking';
import type { RunResult } from '@core/speed';

/** How a sample was measured; null when the lab did not say (results cached before). */
export function fingerprintOf(
  result: Pick<RunResult, 'source' | 'environment'>,
  device: TrackingDevice,
): RunFingerprint | null {
  if (!result.environment) return null;
  const { lighthouseVersion, chromiumVersion, benchmarkIndex, throttlingMethod, throttling } =
    result.environment;
  return {
    source: result.source,
    lighthouseVersion,
    chromiumVersion,
    benchmarkIndex,
    throttlingMethod,
    throttling,
    device,
    concurrency: result.environment.concurrency,
  };
}
