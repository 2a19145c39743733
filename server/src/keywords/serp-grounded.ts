import type { ClusterBasis, KeywordIdea, KeywordList } from '@core/schemas/keywords';
import { SerpProviderError, type SerpPage } from '../providers/serp/port';
import { groundedIdeas, type Idea } from './grounded-ideas';
import {
  clustersByHead,
  clustersByResults,
  searchEach,
  type KeywordCluster,
} from './keyword-clusters';
import { keywordIntent, type IntentEvidence } from './keyword-intent';
import {
  KeywordProviderError,
  type KeywordFailure,
  type KeywordSuggester,
  type SuggestionList,
  type SuggestionRequest,
  type SuggestionResult,
} from '../providers/keywords/port';
import {
  rankingPhrases,
  stopWordsOf,
  wordsBySentence,
  type PhraseBackground,
  type RankingPage,
} from './ranking-phrases';

/** What the grounded suggester reads. */
export interface GroundedSources {
  /** The first page of the seed's results from the configured search provider. */
  search(term: string, language: string, country: string): Promise<SerpPage>;
  /** The ranking pages' text; pages that cannot be read are left out. */
  pageTexts(urls: string[]): Promise<RankingPage[]>;
  /** What pages in the language say in general, to tell the seed's topic from everyone's. */
  background(language: string): PhraseBackground;
  /**
   * Whether searching every idea costs nothing (the sandbox index answers locally): ideas
   * are then clustered by the results they share and labelled from them; otherwise by the
   * words they share, without a paid search each.
   */
  ideaSearchesAreFree: boolean;
}

/** A search's three requests come together: its ideas are worked out once for them all. */
const IDEAS_TTL_MS = 10 * 60_000;
const MAX_CACHED = 200;
/** Phrases read from the ranking pages, before they are spread over the lists. */
const MAX_PHRASES = 200;
/** A word one page of a language uses may be a quote from another; two pages use it. */
const KNOWN_WORD_PAGES = 2;
/** Ideas of each list labelled and clustered: the most a list is asked for. */
const MAX_PER_LIST = 30;

const SERP_FAILURES: Record<SerpProviderError['failure'], KeywordFailure> = {
  auth: 'auth',
  quota: 'quota',
  timeout: 'timeout',
  unavailable: 'unavailable',
  bad_request: 'bad_response',
};

interface Worked {
  at: number;
  ideas: Promise<{
    lists: Record<KeywordList, KeywordIdea[]>;
    clusteredBy: ClusterBasis;
    prompt: string;
  }>;
}

/**
 * Keyword ideas grounded in the seed's own search results, in any language: the engine's
 * related searches and "people also ask" questions, and the phrases its ranking pages put
 * in their titles and headings, weighed against what pages say in general. Every idea
 * names where it was found.
 */
export class SerpGroundedSuggester implements KeywordSuggester {
  readonly source = 'serp' as const;
  readonly model = null;
  private readonly worked = new Map<string, Worked>();

  constructor(
    private readonly sources: GroundedSources,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Whether pages in `language` use every word of the seed that counts: a short seed whose
   * language detection misreads ("helado casero" as Italian) stays in the settings' one.
   */
  knowsAllWords(term: string, language: string): Promise<boolean> {
    const background = this.sources.background(language);
    const stop = stopWordsOf(language);
    const words = wordsBySentence(term, language)
      .flat()
      .filter((word) => !stop.has(word));
    return Promise.resolve(
      words.length > 0 && words.every((word) => background.uses(word) >= KNOWN_WORD_PAGES),
    );
  }

  async suggest(request: SuggestionRequest): Promise<SuggestionResult> {
    const { lists, clusteredBy, prompt } = await this.ideasFor(request);
    const names: KeywordList[] =
      request.algorithm === 'category' ? ['category', 'similar'] : [request.algorithm];
    return {
      lists: names.map((list): SuggestionList => {
        const ideas = lists[list].slice(0, request.size);
        return { list, keywords: ideas.map((i) => i.keyword), ideas, clusteredBy };
      }),
      identifiedCategory: null,
      prompt,
    };
  }

  /** Every idea the seed's results give, on whichever list, with how they were clustered. */
  async allIdeas(
    request: SuggestionRequest,
  ): Promise<{ ideas: KeywordIdea[]; clusteredBy: ClusterBasis }> {
    const { lists, clusteredBy } = await this.ideasFor(request);
    return { ideas: Object.values(lists).flat(), clusteredBy };
  }

  private ideasFor(request: SuggestionRequest): Worked['ideas'] {
    const key = [request.term.trim().toLowerCase(), request.language, request.country].join('\n');
    const now = this.now();
    const cached = this.worked.get(key);
    if (cached && now - cached.at < IDEAS_TTL_MS) return cached.ideas;
    const ideas = this.work(request);
    this.worked.set(key, { at: now, ideas });
    // A failed search is asked again next time, not served from the cache.
    ideas.catch(() => this.worked.delete(key));
    if (this.worked.size > MAX_CACHED) this.worked.delete(this.worked.keys().next().value!);
    return ideas;
  }

  private async work(request: SuggestionRequest): Worked['ideas'] {
    const { term, language, country } = request;
    let page: SerpPage;
    try {
      page = await this.sources.search(term, language, country);
    } catch (error) {
      if (error instanceof SerpProviderError)
        throw new KeywordProviderError(SERP_FAILURES[error.failure], error.message);
      throw error;
    }
    const urls = page.organic_results.map((r) => r.link);
    const texts = await this.sources.pageTexts(urls);
    const phrases = rankingPhrases(texts, language, this.sources.background(language), MAX_PHRASES);
    const found = groundedIdeas(term, language, {
      relatedSearches: page.related_searches ?? [],
      questions: page.related_questions ?? [],
      phrases,
    });
    const { lists, clusteredBy } = await this.labelled(found, request, page);
    const prompt =
      `The results for "${term}" (${language}-${country}): ` +
      `${page.related_searches?.length ?? 0} related searches, ` +
      `${page.related_questions?.length ?? 0} questions, ` +
      `${phrases.length} phrases of ${texts.length} of ${urls.length} ranking pages`;
    return { lists, clusteredBy, prompt };
  }

  /**
   * The ideas with their intent and cluster. When searches are free each idea's own results
   * say both; otherwise the seed's results name the sites and shared words group ideas.
   */
  private async labelled(
    found: Record<KeywordList, Idea[]>,
    { term, language, country }: SuggestionRequest,
    seedPage: SerpPage,
  ): Promise<{ lists: Record<KeywordList, KeywordIdea[]>; clusteredBy: ClusterBasis }> {
    const kept = Object.fromEntries(
      Object.entries(found).map(([list, ideas]) => [list, ideas.slice(0, MAX_PER_LIST)]),
    ) as Record<KeywordList, Idea[]>;
    const keywords = [
      ...new Set(Object.values(kept).flatMap((ideas) => ideas.map((i) => i.keyword))),
    ];
    const seedDomains = seedPage.organic_results.map((r) => r.domain);
    const evidence = new Map<string, IntentEvidence>();
    let clusters: KeywordCluster[];
    let clusteredBy: ClusterBasis;
    if (this.sources.ideaSearchesAreFree) {
      const pages = await searchEach(keywords, (keyword) =>
        this.sources.search(keyword, language, country).catch(() => null),
      );
      const tops = new Map<string, string[]>();
      keywords.forEach((keyword, i) => {
        const results = pages[i]?.organic_results ?? [];
        tops.set(
          keyword,
          results.map((r) => r.link),
        );
        evidence.set(keyword, {
          domains: [...seedDomains, ...results.map((r) => r.domain)],
          titles: results.map((r) => r.title),
          answerBox: Boolean(pages[i]?.answer_box),
        });
      });
      clusters = clustersByResults(tops);
      clusteredBy = 'results';
    } else {
      clusters = clustersByHead(keywords, language, term);
      clusteredBy = 'words';
    }
    const clusterOf = new Map(clusters.flatMap((c) => c.keywords.map((k) => [k, c.label])));
    const label = (idea: Idea): KeywordIdea => ({
      ...idea,
      intent: keywordIntent(
        idea.keyword,
        language,
        evidence.get(idea.keyword) ?? { domains: seedDomains },
      ),
      cluster: clusterOf.get(idea.keyword) ?? idea.keyword,
    });
    return {
      lists: Object.fromEntries(
        Object.entries(kept).map(([list, ideas]) => [list, ideas.map(label)]),
      ) as Record<KeywordList, KeywordIdea[]>,
      clusteredBy,
    };
  }
}
