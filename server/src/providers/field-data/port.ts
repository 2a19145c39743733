import type { FieldDataSource, FieldResult } from '@core/speed';
import type { Strategy } from '../lab-speed/port';

/** Real-user (field) metrics for a URL and its origin. */
export interface FieldDataProvider {
  readonly source: FieldDataSource;
  /**
   * Never rejects: a null set with no error is the source's 'not enough real user data';
   * a failed lookup is `error` with its reason, never a null set.
   */
  fetch(url: string, strategy: Strategy): Promise<FieldResult>;
}

/** A lookup that failed, from any source. */
export const fieldFailure = (source: FieldDataSource, reason: string): FieldResult => ({
  page: null,
  origin: null,
  source,
  error: reason,
});
