import type { CoverageNotice, SerpSource } from '@core/schemas/serp';
import type { SerpFeature } from '@core/schemas/serp-features';

export type SerpDevice = 'mobile' | 'desktop';

export interface SerpQuery {
  query: string;
  device: SerpDevice;
  /** 1-based page of ten results. */
  pageNum: number;
  googleDomain: string;
  /** Country, Google's `gl`. */
  gl: string;
  /** Interface language, Google's `hl`. */
  hl: string;
  /** A city or region in the vendor's own naming, passed through where the vendor takes one. */
  location?: string;
  /**
   * How many results the caller means to read (10..100), when it knows. A vendor that
   * returns more than ten a request (DataForSEO) asks for them all with the first page and
   * answers the next pages from that; the others ignore it.
   */
  depth?: number;
}

export interface OrganicResult {
  /** Absolute rank across pages, 1-based. */
  position: number;
  title: string;
  link: string;
  domain: string;
  snippet: string;
  /** Shown under the result above, of the same host (the sandbox index groups them). */
  grouped_with_previous?: boolean;
}

export interface AnswerBox {
  title: string;
  link: string;
  answer?: string;
}

export interface SerpPage {
  /** Which provider answered, set by a failover chain (the provider's own `source` otherwise). */
  source?: SerpSource;
  answer_box?: AnswerBox;
  organic_results: OrganicResult[];
  /** The sandbox index found nothing about the query: what it does cover. */
  coverage_notice?: CoverageNotice;
  /** The engine's "related searches" for the query, where the provider returns them. */
  related_searches?: string[];
  /** The engine's "people also ask" questions for the query, where the provider returns them. */
  related_questions?: string[];
  /**
   * The features the page shows beside its organic results, with the hosts each links to
   * (`serpFeatures` builds them). Read from the first page; absent where the provider says
   * nothing of them, which is not "no features".
   */
  features?: SerpFeature[];
  /** When the provider answered: set by the cache that keeps the page. */
  fetchedAt?: string;
  /** The page came from the cache, not from a search made now. */
  cached?: boolean;
}

export type SerpFailure = 'auth' | 'quota' | 'timeout' | 'unavailable' | 'bad_request';

/** A provider failure; never to be shown as "no results". */
export class SerpProviderError extends Error {
  constructor(
    readonly failure: SerpFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A search engine results provider: one page of ten organic results per call. */
export interface SerpProvider {
  /** Which adapter answers, reported to the UI. */
  readonly source: SerpSource;
  /** Searches one page; throws SerpProviderError when the provider fails. */
  search(query: SerpQuery): Promise<SerpPage>;
  /** Builds what the source reads lazily (a local index), so the first search does not wait. */
  warm?(): Promise<void>;
}

/** What one call to a provider came to. */
export type ProviderCall = { ok: true; results: number } | { ok: false; error: string };

/** Where the metering decorator counts calls. */
export interface ProviderMeter {
  record(source: SerpSource, call: ProviderCall): Promise<void>;
}
