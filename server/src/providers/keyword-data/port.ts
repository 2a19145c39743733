import type { KeywordDataItem, KeywordDataSource } from '@core/schemas/keywords';

export interface KeywordMarket {
  /** ISO 3166 alpha-2 code, lower case (`us`). */
  countryCode: string;
  /** ISO 639-1 code (`en`). */
  language: string;
}

export type KeywordDataFailure =
  'auth' | 'quota' | 'rate_limit' | 'timeout' | 'unavailable' | 'bad_request';

/** A keyword data failure with its cause; never volumes of 0. */
export class KeywordDataError extends Error {
  constructor(
    readonly failure: KeywordDataFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Search volume, cpc, competition and difficulty of keywords in one market. */
export interface KeywordDataProvider {
  /** Which adapter answers, reported to the UI. */
  readonly source: KeywordDataSource;
  /**
   * Data for the keywords the source knows; keywords it does not know are left out
   * (their volume is unknown, not 0). Throws KeywordDataError when the source fails.
   */
  lookup(keywords: readonly string[], market: KeywordMarket): Promise<KeywordDataItem[]>;
}
