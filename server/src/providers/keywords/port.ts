import type {
  ClusterBasis,
  KeywordAlgorithm,
  KeywordIdea,
  KeywordList,
  KeywordSource,
} from '@core/schemas/keywords';

export interface SuggestionRequest {
  /** The seed, trimmed. */
  term: string;
  algorithm: KeywordAlgorithm;
  /** 0 = the closest, most predictable answers; 1 = the widest reach. */
  temperature: number;
  /** Keywords wanted in each list of the answer. */
  size: number;
  /** ISO 639-1 code of the language to answer in. */
  language: string;
  /** ISO 3166 alpha-2 code, lower case: the market the keywords are for. */
  country: string;
  signal?: AbortSignal;
}

export interface SuggestionList {
  list: KeywordList;
  keywords: string[];
  /** The keywords with where each was found, its intent and cluster, when the source says. */
  ideas?: KeywordIdea[];
  clusteredBy?: ClusterBasis;
}

export interface SuggestionResult {
  /** `category` answers the Category and Similar lists; the others one list each. */
  lists: SuggestionList[];
  /** The seed's parent category, for 'Identified Category: …'; null when unknown. */
  identifiedCategory: string | null;
  /** What the source was asked, for the debug panel; null when nothing was sent. */
  prompt: string | null;
  /** The source's own verdict on its answer (a model's refusal or content filter). */
  refused?: boolean;
  /** Which source answered, when a suggester asked another (a last resort). */
  source?: KeywordSource;
}

export type KeywordFailure =
  | 'auth'
  | 'quota'
  | 'rate_limit'
  | 'timeout'
  | 'unavailable'
  | 'bad_response'
  /** The source cannot answer in the seed's language (WordNet is English-only). */
  | 'unsupported_language';

/** A suggestion source's failure, with its cause; never an empty list. */
export class KeywordProviderError extends Error {
  constructor(
    readonly failure: KeywordFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A keyword suggestion source: one call per algorithm of a search. */
export interface KeywordSuggester {
  /** Which adapter answers, reported to the UI. */
  readonly source: KeywordSource;
  /** The model name when a language model answers, else null. */
  readonly model: string | null;
  /** Suggests keywords for a seed; throws KeywordProviderError when the source fails. */
  suggest(request: SuggestionRequest): Promise<SuggestionResult>;
  /**
   * Whether the source knows every content word of the seed in `language`. Language
   * detection misreads short seeds ('pasta sauce'); a seed the source fully knows in the
   * settings' language stays in it.
   */
  knowsAllWords?(term: string, language: string): Promise<boolean>;
  /** Loads what the source reads lazily, so the first search does not wait for it. */
  warm?(): Promise<void>;
}
