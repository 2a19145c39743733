export const SPEED_MESSAGES = {
  /** A URL the test cannot run on; the server adds why (malformed, private or local). */
  invalidUrl: 'Please enter a valid url',
  runCancelled: 'The run was cancelled.',
  /** A run queued in a process that is gone (no shared queue): it will not run. */
  runLost: 'The run was lost when the server restarted; run the test again.',
  /** Scale-out mode with no `npm run worker` process serving the queue. */
  noWorker:
    'No speed worker is running, so speed tests cannot start now: the operator starts one with npm run worker (same REDIS_URL).',
  /** The queue (Redis) did not take the sample. */
  notQueued: (reason: string) => `The sample could not be queued: ${reason}`,
  /** Comparing two of a user's speed tests. */
  testNotFound: 'No such speed test among yours (only your last tests are kept).',
  sameTest: 'Choose two different speed tests to compare.',
  otherUrl: 'These speed tests are of different pages: only tests of one URL compare.',
  /** The source answered and knows too little about the page. */
  notEnoughData: {
    origin: 'The origin does not have enough real user data for this report',
    page: 'This page does not have enough real user data for this report',
  },
  /** The SERP analysis cards' short form of the same answer. */
  notEnoughDataShort: 'Not enough real user data',
  fieldNeedsSource: 'Real-user (field) data is not available on this site.',
  fieldFailed: (reason: string) => `The field data lookup failed: ${reason}`,
  /** A failed sample's label when PageSpeed Insights ran it. */
  psiError: 'PSI Error',
  lighthouseError: 'Lighthouse error',
  runFailed: 'This sample failed.',
  fieldNeedsSample: 'Field data comes with a finished sample, and no sample finished.',
  browserMissing:
    'Chromium is not installed on this server, so local speed tests cannot run. Install it with `apt-get install chromium` (or set CHROME_PATH), or set PSI_API_KEY.',
  shuttingDown:
    'The server is restarting: it finishes the speed tests under way but starts no new one. Please try again in a minute.',
} as const;
