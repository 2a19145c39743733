// Lighthouse CI over our own pages: mobile, default throttling, 3 runs each.
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
      numberOfRuns: 3,
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
            'categories:performance': ['error', { minScore: 0.95, ...median }],
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
