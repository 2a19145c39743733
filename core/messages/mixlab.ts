/** MixLab messages; the original product has none, so these are SpeedRank's own. */
export const MIXLAB_MESSAGES = {
  signInToScrape: 'Sign in to scrape.',
  listingUnreadable: (restarts: number) =>
    `The shop's listing could not be read after ${restarts + 1} tries. Try again later.`,
} as const;
