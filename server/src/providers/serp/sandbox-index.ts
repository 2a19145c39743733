import MiniSearch from 'minisearch';
import type { CoverageNotice } from '@core/schemas/serp';
import {
  sandboxDay,
  summaryInParts,
  type PageSchedule,
  type SandboxManifest,
  type SandboxPage,
} from '@sandbox';
import { freshnessBoost } from './freshness';
import { crowdHosts, diversifyHosts } from './host-crowding';
import type { SerpPage, SerpProvider, SerpQuery } from './port';
import { relatedOfPage } from './related';
import { sandboxFeatures } from './sandbox-features';
import { MIN_SHARE_OF_BEST, saysTogether } from './relevance-floor';
import { SandboxRelated } from './sandbox-related';
import { indexTerm, sentencesOf, STOP_WORDS, termsOf } from './search-terms';
import { templateRuns, withoutSiteName, withoutTemplate } from './site-boilerplate';

const PAGE_SIZE = 10;
const ANSWER_TYPES = new Set(['FAQPage', 'HowTo', 'QAPage', 'Recipe']);
const MAX_RESULTS = 100;

/** Typos are corrected only in words this long: shorter ones are a letter from other words. */
const MIN_FUZZY_LENGTH = 5;

/** How much a word in each field counts: what a page says up front says what it is about. */
const FIELD_BOOSTS = { title: 3, h1: 2, description: 1.5, summary: 1 };

interface IndexedPage {
  id: string;
  title: string;
  description: string;
  h1: string;
  summary: string;
  lang: string;
  domain: string;
}

/** What the manifest alone decides: built once per manifest, whichever provider reads it. */
interface ManifestIndex {
  index: MiniSearch<IndexedPage>;
  pages: Map<string, SandboxPage>;
  /**
   * Each page's own words (its site's name and template left out), sentence by sentence:
   * `upFront` those of its title, h1 and description, `all` those of its summary.
   */
  sentences: Map<string, { upFront: string[][]; all: string[][] }>;
  coverage: CoverageNotice;
  /** The searchable pages that are published and updated on a schedule. */
  scheduled: Map<string, PageSchedule>;
}

interface BuiltIndex extends ManifestIndex {
  related: SandboxRelated;
}

const manifestIndexes = new WeakMap<SandboxManifest, ManifestIndex>();

/** A query's ranking on one sandbox day. */
export interface DayRanking {
  pages: SandboxPage[];
  /** Whether scheduled pages are among its hits, so that it may differ on another day. */
  moves: boolean;
}

/**
 * The default search provider: BM25 full-text ranking (MiniSearch) over the sandbox web's
 * searchable pages, spread over sites as Google's are (host-crowding.ts), ten results a
 * page, up to a hundred. A page is a result only when it is about the query: it has every
 * word of the query that counts (not its stop words) outside its site's name, and says them
 * together (relevance-floor.ts). A query the sandbox does not cover gets no results and a
 * notice of what it covers, rather than unrelated pages.
 */
export class SandboxIndexProvider implements SerpProvider {
  readonly source = 'sandbox' as const;
  private built: BuiltIndex | null = null;
  /** The scheduled pages' score factors on the last day asked (0: not published). */
  private boosts: { day: number; byUrl: Map<string, number> } | null = null;

  /**
   * The manifest is read on first use, so building an app stays cheap. `day` is the sandbox
   * day the index answers for (schedule.ts): the index holds every page of every day, and a
   * day only hides the scheduled pages not yet published and lifts the freshly changed ones,
   * so no day rebuilds it and no other page's score depends on the day.
   */
  constructor(
    private readonly manifest: () => SandboxManifest,
    private readonly day: () => number = () => sandboxDay(new Date()),
  ) {}

  private build(): BuiltIndex {
    if (this.built) return this.built;
    const manifest = this.manifest();
    let indexed = manifestIndexes.get(manifest);
    if (!indexed) manifestIndexes.set(manifest, (indexed = indexOf(manifest)));
    this.built = {
      ...indexed,
      related: new SandboxRelated(manifest.topics, this.day, (q, language, day) =>
        this.ranking(q, language, day),
      ),
    };
    return this.built;
  }

  private boostsOn(day: number): Map<string, number> {
    if (this.boosts?.day !== day) {
      const byUrl = new Map<string, number>();
      for (const [url, schedule] of this.build().scheduled)
        byUrl.set(url, freshnessBoost(schedule, day));
      this.boosts = { day, byUrl };
    }
    return this.boosts.byUrl;
  }

  /** Builds the index and its related searches now (the app's start), not on the first search. */
  async warm(): Promise<void> {
    this.build().related.warm();
  }

  /** The ranking for a query as served on sandbox day `day`, best first, at most a hundred pages. */
  rank(query: string, language: string, day = this.day()): SandboxPage[] {
    return this.ranking(query, language, day).pages;
  }

  private ranking(query: string, language: string, day: number): DayRanking {
    const { index, pages, sentences, scheduled } = this.build();
    const boosts = this.boostsOn(day);
    const hl = language.toLowerCase().slice(0, 2);
    const found = index.search(query, {
      // Pages in the searcher's language rank a little higher, as Google's do.
      boostDocument: (id, _term, stored) =>
        (stored?.lang?.toString().startsWith(hl) ? 1.25 : 1) * (boosts.get(String(id)) || 1),
    });
    const hits = found.filter((hit) => boosts.get(String(hit.id)) !== 0);
    // Each query word with the words of the index it stands for (itself, or a typo's fixes).
    const wordSets = [...new Set(termsOf(query))].map(
      (term) => new Set(index.search(term, { processTerm: (t) => t }).flatMap((hit) => hit.terms)),
    );
    const floor = (hits[0]?.score ?? 0) * MIN_SHARE_OF_BEST;
    const relevant = hits.filter((hit) => {
      const { upFront, all } = sentences.get(String(hit.id))!;
      return (
        saysTogether(upFront, wordSets) ||
        (saysTogether(all, wordSets) && (wordSets.length > 1 || hit.score >= floor))
      );
    });
    const hostOf = (hit: (typeof hits)[number]) => String(hit.domain);
    // Over every hit, so that results pushed down are replaced by other hosts'.
    const diverse = diversifyHosts(relevant, hostOf, (hit) => hit.score);
    return {
      pages: crowdHosts(diverse, hostOf)
        .slice(0, MAX_RESULTS)
        .map((hit) => pages.get(String(hit.id))!),
      moves: found.some((hit) => scheduled.has(String(hit.id))),
    };
  }

  async search(query: SerpQuery): Promise<SerpPage> {
    const day = this.day();
    const ranked = this.rank(query.query, query.hl, day);
    if (ranked.length === 0) return { organic_results: [], coverage_notice: this.build().coverage };
    const offset = (query.pageNum - 1) * PAGE_SIZE;
    const top = ranked[0];
    const words = query.query
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w && !STOP_WORDS.has(w));
    // Like Google's featured snippets: question and how-to pages whose title covers the query.
    const featured =
      query.pageNum === 1 &&
      top?.title &&
      top.description &&
      top.schemaTypes.some((t) => ANSWER_TYPES.has(t)) &&
      words.every((w) => top.title!.toLowerCase().includes(w))
        ? { title: top.title, link: top.url, answer: top.description }
        : undefined;
    const shown = ranked.slice(offset, offset + PAGE_SIZE).map((page) => ({
      page,
      domain: new URL(page.url).hostname,
    }));
    const { related } = this.build();
    // As on Google, the first page shows the related searches and questions, and the features.
    const questions = query.pageNum === 1 ? related.questions(ranked) : [];
    return {
      ...(featured ? { answer_box: featured } : {}),
      ...(query.pageNum === 1
        ? {
            ...relatedOfPage(
              related.searches(query.query, ranked),
              questions.map((q) => q.question),
            ),
            features: sandboxFeatures({ ranked, featuredUrl: featured?.link, questions, day }),
          }
        : {}),
      organic_results: shown.map(({ page, domain }, i) => ({
        position: offset + i + 1,
        title: page.title ?? page.url,
        link: page.url,
        domain,
        snippet: page.description ?? page.summary.split(/\s+/).slice(0, 30).join(' '),
        // crowdHosts sets a host's results on a page side by side.
        ...(i > 0 && shown[i - 1]!.domain === domain ? { grouped_with_previous: true } : {}),
      })),
    };
  }
}

/** Each topic of the sandbox web with a search for it (the first no earlier topic took). */
function coverageOf(manifest: SandboxManifest): CoverageNotice {
  const taken = new Set<string>();
  const topics: CoverageNotice['topics'] = [];
  for (const topic of manifest.topics) {
    const searchTerm = topic.phrases.find((phrase) => !taken.has(phrase.toLowerCase()));
    if (!searchTerm) continue;
    taken.add(searchTerm.toLowerCase());
    topics.push({ label: topic.label, searchTerm });
  }
  return { topics };
}

/** The search index of the manifest's searchable pages, and what ranking reads beside it. */
function indexOf(manifest: SandboxManifest): ManifestIndex {
  const pages = new Map<string, SandboxPage>();
  const scheduled = new Map<string, PageSchedule>();
  const siteOf = new Map(manifest.sites.map((site) => [site.id, site]));
  // Each page's fields as sentences of index terms, its site's name left out.
  const fields = new Map<string, Record<keyof typeof FIELD_BOOSTS, string[][]>>();
  for (const page of manifest.pages) {
    if (!page.searchable || page.status !== 200) continue;
    pages.set(page.url, page);
    if (page.schedule) scheduled.set(page.url, page.schedule);
    const own = (text: string | null) =>
      sentencesOf(withoutSiteName(text ?? '', siteOf.get(page.site)!.name));
    fields.set(page.url, {
      title: own(page.title),
      h1: own(page.h1),
      description: own(page.description),
      summary: own(summaryInParts(page)),
    });
  }
  const template = templateRuns(
    [...fields].map(([url, { description, summary }]) => ({
      topic: siteOf.get(pages.get(url)!.site)!.topic,
      sentences: [...description, ...summary],
    })),
  );
  const sentences: BuiltIndex['sentences'] = new Map();
  /** Every word the index holds: a query word among them is not a typo. */
  const vocabulary = new Set<string>();
  const docs: IndexedPage[] = [];
  const joined = (sentences: string[][]) => sentences.flat().join(' ');
  for (const [url, own] of fields) {
    const description = withoutTemplate(own.description, template);
    const summary = withoutTemplate(own.summary, template);
    sentences.set(url, { upFront: [...own.title, ...own.h1, ...description], all: summary });
    for (const word of [own.title, own.h1, description, summary].flat(2)) vocabulary.add(word);
    docs.push({
      id: url,
      title: joined(own.title),
      h1: joined(own.h1),
      description: joined(description),
      summary: joined(summary),
      lang: pages.get(url)!.lang ?? '',
      domain: new URL(url).hostname,
    });
  }
  const index = new MiniSearch<IndexedPage>({
    fields: Object.keys(FIELD_BOOSTS),
    storeFields: ['lang', 'domain'],
    // The fields hold index terms already; queries are turned into them.
    processTerm: (term) => term,
    searchOptions: {
      processTerm: indexTerm,
      boost: FIELD_BOOSTS,
      combineWith: 'AND',
      // A word the index holds is taken as written: "bread" must not find "breed".
      fuzzy: (term) => !vocabulary.has(term) && term.length >= MIN_FUZZY_LENGTH && 0.2,
    },
  });
  index.addAll(docs);
  return { index, pages, sentences, coverage: coverageOf(manifest), scheduled };
}
