import { SERP_SHARE_DAYS } from '../limits';

/**
 * SERP analysis alert banners and notes. Which banners show is fixed; their words are
 * SpeedRank's own.
 */
export const SERP_MESSAGES = {
  allResultsLoaded: 'All results loaded.',
  viewSerpStats: 'View SERP stats',
  filtersCleared: 'Your schema type filters were cleared to load more results.',
  notAsExpected: (where: string) =>
    `Results not as expected? These are the results of ${where}. Check the search settings:`,
  viewAllData:
    'Every card shows all its data. Choose a tab or a metric on any card and every card shows it.',
  /** Find your site looks in the cards first; past them, a rank check costs a search. */
  rankCheckCost:
    'Looks in the results on screen first; searching further down the top 100 uses one search of your month.',
  answeredOnScreen: 'Answered from the results on screen: no search used.',
  /** The sandbox index has no page about a search; the topics it covers follow. */
  notCovered: (term: string) => `The sandbox web has no pages about “${term}”.`,
  sandboxCovers: 'It covers:',
  searchTopic: (term: string) => `Search for “${term}”`,
  /** A result card of the same site as the card before it (Google indents those). */
  moreFromSite: 'More from this site',
  /** A share link whose results were never kept or have expired. */
  shareNotFound: `These shared search results are not available any more (shared results are kept for ${SERP_SHARE_DAYS} days). Search again to see the current results.`,
  sharedResults: (ago: string) => `Shared results, searched ${ago}.`,
  sharedResultsFree: 'Opening them used none of your searches.',
  searchAfresh: 'Search again now',
} as const;
