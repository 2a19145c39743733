import type { SandboxManifest, SandboxPage } from '@sandbox';
import type { DayRanking } from './sandbox-index';
import { termsOf } from './search-terms';

/** Results two searches must share in their top ten to be related, as a keyword tool counts. */
export const MIN_SHARED_RESULTS = 2;
const TOP = 10;
const MAX_SEARCHES = 8;
const MAX_QUESTIONS = 8;
/** Words a question's heading opens with, per language of the sandbox's pages. */
const QUESTION_OPENERS: Record<string, string[]> = {
  en: 'how what why when where which who can could should is are does do will'.split(' '),
  es: 'cómo como qué que por cuál cuáles cuándo dónde quién puedo se es son'.split(' '),
  de: 'wie was warum wann wo welche welcher welches wer kann können ist sind'.split(' '),
  fr: 'comment que quoi pourquoi quand où quel quelle quels quelles qui peut est'.split(' '),
  pt: 'como que o por qual quais quando onde quem posso pode é são'.split(' '),
};
/** A heading shorter than this is a section's label with a '?' ("Ingredients?"). */
const MIN_QUESTION_WORDS = 4;

/**
 * The sandbox web's own "related searches" and "people also ask": the searches its sites
 * are about (each topic's phrases) whose top ten share at least MIN_SHARED_RESULTS pages with
 * the seed's, most shared first; and the questions the seed's top pages ask in their
 * headings. `rank` is the index's own ranking, so a related search finds what it says. A
 * phrase's top ten is kept for good, or for its day when scheduled pages make it move.
 */
export class SandboxRelated {
  private readonly topTen = new Map<string, { urls: Set<string>; day: number | null }>();

  constructor(
    private readonly topics: SandboxManifest['topics'],
    private readonly day: () => number,
    private readonly rank: (query: string, language: string, day: number) => DayRanking,
  ) {}

  private topOf(phrase: string, language: string): Set<string> {
    const day = this.day();
    const kept = this.topTen.get(phrase);
    if (kept && (kept.day === null || kept.day === day)) return kept.urls;
    const { pages, moves } = this.rank(phrase, language, day);
    const urls = new Set(pages.slice(0, TOP).map((page) => page.url));
    this.topTen.set(phrase, { urls, day: moves ? day : null });
    return urls;
  }

  /** Ranks every topic's phrases now: a first search would otherwise wait seconds for it. */
  warm(): void {
    for (const topic of this.topics)
      for (const phrase of topic.phrases) this.topOf(phrase, topic.lang);
  }

  searches(query: string, seedTop: SandboxPage[]): string[] {
    const seedUrls = new Set(seedTop.slice(0, TOP).map((page) => page.url));
    const seedTerms = termsOf(query).join(' ');
    const shared: { phrase: string; count: number }[] = [];
    for (const topic of this.topics) {
      for (const phrase of topic.phrases) {
        if (termsOf(phrase).join(' ') === seedTerms) continue;
        let count = 0;
        for (const url of this.topOf(phrase, topic.lang)) if (seedUrls.has(url)) count++;
        if (count >= MIN_SHARED_RESULTS) shared.push({ phrase, count });
      }
    }
    return shared
      .sort((a, b) => b.count - a.count)
      .slice(0, MAX_SEARCHES)
      .map((s) => s.phrase);
  }

  /** The questions the seed's top pages ask in their headings, each with the page asking it. */
  questions(seedTop: SandboxPage[]): { question: string; url: string }[] {
    const found = new Map<string, string>();
    for (const page of seedTop.slice(0, TOP)) {
      const openers = QUESTION_OPENERS[(page.lang ?? 'en').slice(0, 2)] ?? QUESTION_OPENERS.en!;
      for (const heading of page.h2) {
        const words = heading.trim().split(/\s+/);
        if (!heading.endsWith('?') || words.length < MIN_QUESTION_WORDS) continue;
        const opener = words[0]!.toLowerCase().replace(/^[¿¡]/, '');
        if (openers.includes(opener) && !found.has(heading.trim()))
          found.set(heading.trim(), page.url);
      }
    }
    return [...found].slice(0, MAX_QUESTIONS).map(([question, url]) => ({ question, url }));
  }
}
