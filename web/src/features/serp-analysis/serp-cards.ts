import type { UseQueryResult } from '@tanstack/react-query';
import { SPEED_MESSAGES } from '@core/messages';
import { STAGE_PROGRESS, type RunResult, type RunStatus } from '../../api/speed-runs';
import { sampleErrorLabel } from '../../components/field-notice';
import type { OrganicResult, PageFacts, SerpSearchResponse } from './serp-api';

/** A result on screen, with the page it came from and the test paying for its sample. */
export interface RankedResult {
  /** Unique on screen: a featured answer repeats the link of a result below it. */
  key: string;
  result: OrganicResult;
  /** 1-based result page. */
  page: number;
  testId: string;
}

/**
 * The cards of the pages loaded, in rank order. A featured answer on the first page pushes
 * every later rank down one; a link an earlier page showed is not repeated.
 */
export function rankPages(pages: readonly SerpSearchResponse[]): RankedResult[] {
  const shift = pages[0]?.answer_box ? 1 : 0;
  const seen = new Set<string>();
  return pages.flatMap((page, i) => {
    const fresh = page.organic_results.filter((r) => i === 0 || !seen.has(r.link));
    for (const r of fresh) seen.add(r.link);
    return fresh.map((r) => {
      const result = i === 0 ? r : { ...r, position: r.position + shift };
      return { key: String(result.position), result, page: i + 1, testId: page.speedTestId };
    });
  });
}

/** The top 100 is ten pages of ten. */
export const MAX_PAGES = 10;

/** Whether the pages loaded hold every result: the last one came short, or all ten are in. */
export function pagesExhausted(pages: readonly SerpSearchResponse[]): boolean {
  const last = pages.at(-1);
  if (!last) return false;
  // The featured answer added to the first page is not one of its ten.
  const organic = last.organic_results.length - (last.answer_box ? 1 : 0);
  return organic < 10 || pages.length >= MAX_PAGES;
}

export type PageFactsEntry = PageFacts['resultArray'][number] & {
  redirects: PageFacts['redirectArray'][number]['redirects'];
};

/** Page facts by result link, each with its redirect hops. */
export function factsByLink(facts: PageFacts): Record<string, PageFactsEntry> {
  const entries: Record<string, PageFactsEntry> = {};
  for (const entry of facts.resultArray) {
    const hops = facts.redirectArray.find((r) => r.url === entry.site);
    entries[entry.site] = { ...entry, redirects: hops?.redirects ?? [] };
  }
  return entries;
}

/** Why a card has no speed figures: the reason, and the lab's label when a run failed. */
export interface SampleFailure {
  reason: string;
  /** 'PSI Error' or 'Lighthouse error'; null when no run started (the request was refused). */
  label: string | null;
}

export type CardSpeed =
  | { status: 'loading'; /** 0–100 from the run's real stages. */ progress: number }
  | {
      status: 'done';
      result: RunResult;
      /** An earlier measurement of the page the server reused (a search repeated soon). */
      cached: boolean;
    }
  | { status: 'error'; failure: SampleFailure };

/** A card's speed from its sample query: loading, measured, or failed with the reason. */
export function cardSpeed(query: UseQueryResult<RunStatus>): CardSpeed {
  if (query.isError)
    return { status: 'error', failure: { reason: query.error.message, label: null } };
  const run = query.data;
  if (!run || query.isFetching) {
    return { status: 'loading', progress: run ? (STAGE_PROGRESS[run.stage] ?? 5) : 0 };
  }
  if (run.status === 'done' && run.result)
    return { status: 'done', result: run.result, cached: run.cached === true };
  return {
    status: 'error',
    failure: {
      reason: run.error ?? SPEED_MESSAGES.runFailed,
      label: sampleErrorLabel(run.errorSource),
    },
  };
}
