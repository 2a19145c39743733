import type { KeywordDataItem } from '@core/schemas/keywords';
import type { KeywordDataProvider } from './port';

/** Without a keyword data source every volume is unknown, and the UI says a source is needed. */
export class NoKeywordData implements KeywordDataProvider {
  readonly source = 'none' as const;
  async lookup(): Promise<KeywordDataItem[]> {
    return [];
  }
}
