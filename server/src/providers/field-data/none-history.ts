import type { FieldHistoryLookup, FieldHistoryProvider } from './history-port';

/** No CrUX key: no real-user history, and the UI says a source is needed. */
export class NoFieldHistory implements FieldHistoryProvider {
  readonly source = 'none' as const;
  async history(): Promise<FieldHistoryLookup> {
    return { series: null, error: null };
  }
}
