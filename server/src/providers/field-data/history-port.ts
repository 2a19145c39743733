import type { FieldHistorySeries } from '@core/schemas/tracking';
import type { Strategy } from '../lab-speed/port';
import type { CruxTarget } from './crux-request';

/**
 * One target's history. A null series with no error is the source's 'not enough real user
 * data'; a failed lookup is `error` with its reason, never a null series alone.
 */
export interface FieldHistoryLookup {
  series: FieldHistorySeries | null;
  error: string | null;
}

/** Weekly real-user p75s of a page or an origin, for one device. */
export interface FieldHistoryProvider {
  /** 'none' when no source is configured: nothing is asked. */
  readonly source: 'crux' | 'none';
  /** Never rejects. */
  history(target: CruxTarget, strategy: Strategy): Promise<FieldHistoryLookup>;
}
