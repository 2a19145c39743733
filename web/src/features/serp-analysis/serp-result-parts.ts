// The parts of the screen that show only once a search has results. They load with the
// first search, while it runs, so that the screen itself arrives light.
export { ExportButton } from './export-button';
export { FindYourSite } from './find-your-site';
export { ResultCard } from './result-card';
export { SerpStatsCard } from './serp-stats-card';
export { ShareButton } from './share-button';
