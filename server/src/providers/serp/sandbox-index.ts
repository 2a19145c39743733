import MiniSearch from 'minisearch';
import type { SandboxManifest, SandboxPage } from '@sandbox';
import { crowdHosts, diversifyHosts } from './host-crowding';
import type { SerpPage, SerpProvider, SerpQuery } from './port';

const PAGE_SIZE = 10;
const ANSWER_TYPES = new Set(['FAQPage', 'HowTo', 'QAPage', 'Recipe']);
const MAX_RESULTS = 100;

/** Words too common to rank by (a short English list; the sandbox is mostly English). */
const STOP_WORDS = new Set(
  'a an and are as at be by for from how in is it of on or the to what when where which who why with your you'.split(
    ' ',
  ),
);

interface IndexedPage {
  id: string;
  title: string;
  description: string;
  h1: string;
  summary: string;
  lang: string;
  domain: string;
}

/**
 * The default search provider: BM25 full-text ranking (MiniSearch) over the sandbox web's
 * searchable pages, spread over sites as Google's are (host-crowding.ts), ten results a
 * page, up to a hundred.
 */
export class SandboxIndexProvider implements SerpProvider {
  readonly source = 'sandbox' as const;
  private built: { index: MiniSearch<IndexedPage>; pages: Map<string, SandboxPage> } | null = null;

  /** The manifest is read on first use, so building an app stays cheap. */
  constructor(private readonly manifest: () => SandboxManifest) {}

  private build() {
    if (this.built) return this.built;
    const pages = new Map<string, SandboxPage>();
    const index = new MiniSearch<IndexedPage>({
      fields: ['title', 'h1', 'description', 'summary'],
      storeFields: ['lang', 'domain'],
      processTerm: (term) => {
        const lower = term.toLowerCase();
        return STOP_WORDS.has(lower) ? null : lower;
      },
      searchOptions: {
        boost: { title: 3, h1: 2, description: 1.5 },
        fuzzy: 0.15,
        prefix: (term) => term.length > 4,
      },
    });
    const docs: IndexedPage[] = [];
    for (const page of this.manifest().pages) {
      if (!page.searchable || page.status !== 200) continue;
      pages.set(page.url, page);
      docs.push({
        id: page.url,
        title: page.title ?? '',
        description: page.description ?? '',
        h1: page.h1 ?? '',
        summary: page.summary,
        lang: page.lang ?? '',
        domain: new URL(page.url).hostname,
      });
    }
    index.addAll(docs);
    this.built = { index, pages };
    return this.built;
  }

  /** The ranking for a query as served, best first, at most a hundred pages. */
  rank(query: string, language: string): SandboxPage[] {
    const { index, pages } = this.build();
    const hl = language.toLowerCase().slice(0, 2);
    const hits = index.search(query, {
      // Pages in the searcher's language rank a little higher, as Google's do.
      boostDocument: (_id, _term, stored) => (stored?.lang?.toString().startsWith(hl) ? 1.25 : 1),
    });
    const hostOf = (hit: (typeof hits)[number]) => String(hit.domain);
    // Over every hit, so that results pushed down are replaced by other hosts'.
    const diverse = diversifyHosts(hits, hostOf, (hit) => hit.score);
    return crowdHosts(diverse, hostOf)
      .slice(0, MAX_RESULTS)
      .map((hit) => pages.get(String(hit.id))!);
  }

  async search(query: SerpQuery): Promise<SerpPage> {
    const ranked = this.rank(query.query, query.hl);
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
    return {
      ...(featured ? { answer_box: featured } : {}),
      organic_results: ranked.slice(offset, offset + PAGE_SIZE).map((page, i) => ({
        position: offset + i + 1,
        title: page.title ?? page.url,
        link: page.url,
        domain: new URL(page.url).hostname,
        snippet: page.description ?? page.summary.split(/\s+/).slice(0, 30).join(' '),
      })),
    };
  }
}
