/**
 * What the polite live region says when long work starts and ends, for screen readers. The
 * original product has none of these, so the words are SpeedRank's own, worded apart from
 * the texts on screen so that a search for those finds one element.
 */
export const LIVE_MESSAGES = {
  serpSearching: (term: string) => `Searching for ${term}.`,
  serpMeasuring: (results: number) => `${results} results found; measuring their page speed.`,
  serpLoaded: (results: number) => `Analysis finished for all ${results} results.`,
  serpEmpty: 'The search found no results.',
  speedRunning: (samples: number, device: string) =>
    `Speed test started: ${samples} ${samples === 1 ? 'sample' : 'samples'} on ${device}.`,
  speedDone: (device: string, score: string, samples: number) =>
    `Speed test finished: ${device} score ${score} of 100, the average of ${samples} ${samples === 1 ? 'sample' : 'samples'}.`,
  speedNoData: 'Speed test finished without a score.',
  keywordsGathering: 'Gathering keyword suggestions.',
  keywordsReady: (keywords: number) => `${keywords} keyword suggestions ready.`,
  rankSearching: 'Looking for your site in the top 100 results.',
  rankFound: (position: number | string, domain: string) =>
    `Your site ranks at position ${position}: ${domain}.`,
  rankNotFound: (site: string) => `${site} is not in the top 100 results.`,
} as const;
