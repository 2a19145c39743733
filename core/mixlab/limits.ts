/** MixLab constants. */
export const MIXLAB_GATE_MS = 1_000;
/** The bar jumps a random 0–4 % past the completed fraction, at one of these delays. */
export const SCRAPE_PROGRESS_JUMP_MAX = 4;
export const SCRAPE_PROGRESS_DELAYS_MS = [4_000, 7_000, 10_000] as const;
/** A run restarts when a listing page cannot be read, this many times at most. */
export const SCRAPE_MAX_RESTARTS = 2;
/** The two CSV files of a run. */
export const ITEMS_FILE = 'scraped_items.csv';
export const VARIANTS_FILE = 'scraped_variants.csv';
