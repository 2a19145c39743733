import type { FieldSet } from '@core/speed';
import type { Strategy } from '../lab-speed/port';

export interface FieldData {
  page: FieldSet;
  origin: FieldSet;
}

/** Real-user (field) metrics for a URL and its origin. */
export interface FieldDataProvider {
  readonly source: 'none' | 'crux';
  /** Null sets mean 'not enough real user data', not a failure. */
  fetch(url: string, strategy: Strategy): Promise<FieldData>;
}
