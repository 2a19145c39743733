// Lighthouse CI over our own pages: mobile, default throttling, one run each. What fails the
// build does not vary from run to run (accessibility, best practices, sizes) or sits far
// below the spread (the performance floor); bench/own-pages-bench.ts takes medians of runs.
// scripts/lighthouse-ci.ts starts the built app, passes its address in LHCI_BASE_URL and
// Debian's Chromium with the project's flags (server/src/providers/lab-speed/chromium-flags.ts).
const base = process.env.LHCI_BASE_URL ?? 'http://127.0.0.1:8080';
const PAGES = [
  '/',
  '/serp-analysis-tool',
  '/website-speed-test',
  '/keyword-suggestion-tool',
  '/pricing',
];
// eslint-disable-next-line @typescript-eslint/no-require-imports -- lhci reads this file as CommonJS
const budgets = require('./build/budgets.json');
const KB = 1024;
const median = { aggregationMethod: 'median-run' };

module.exports = {
  ci: {
    collect: {
      url: PAGES.map((page) => `${base}${page}`),
      numberOfRuns: 1,
    },
    assert: {
      assertMatrix: [
        {
          matchingUrlPattern: '.*',
          assertions: {
            'categories:accessibility': ['error', { minScore: 0.95, ...median }],
            'categories:best-practices': ['error', { minScore: 0.95, ...median }],
            'resource-summary:stylesheet:size': [
              'error',
              { maxNumericValue: budgets.stylesheetKb * KB, ...median },
            ],
            // Performance is a timing. Here (2 cores, Lighthouse's 4x simulated CPU slowdown,
            // Debian's Chromium 156) one build's tool pages score from 0.74 to 0.96 run to run, so
            // the 0.95 target is reported, not enforced, and tracked by bench/own-pages-bench.ts.
            'categories:performance': ['warn', { minScore: 0.95, ...median }],
          },
        },
        {
          matchingUrlPattern: '.*',
          assertions: {
            // What fails the build: a fall to where these pages stood before they were
            // prerendered, compressed and split (0.57 to 0.59), far below the run-to-run spread.
            'categories:performance': ['error', { minScore: 0.6, ...median }],
          },
        },
        {
          matchingUrlPattern: '^https?://[^/]+/$',
          assertions: {
            // Transfer sizes (compressed, with headers) of what the page loads. The tool screens'
            // first loads are held to their budget by the bundle report (scripts/bundle-report.ts):
            // Lighthouse's total there also counts what loads later, such as the account gate
            // a tool opens after a second. The install's own real-user beacon (RUM_SELF) has a
            // budget of its own beside the app's.
            'resource-summary:script:size': [
              'error',
              { maxNumericValue: (budgets.homeScriptKb + budgets.rumBeaconKb) * KB, ...median },
            ],
          },
        },
      ],
    },
    upload: { target: 'filesystem', outputDir: '.lighthouseci/reports' },
  },
};
