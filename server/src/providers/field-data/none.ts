import type { FieldResult } from '@core/speed';
import type { FieldDataProvider } from './port';

/**
 * No field source configured: no real-user data, and the UI says a source is needed
 * (not CrUX's 'not enough real user data').
 */
export class NoFieldData implements FieldDataProvider {
  readonly source = 'none' as const;
  async fetch(): Promise<FieldResult> {
    return { page: null, origin: null, source: this.source, error: null };
  }
}
