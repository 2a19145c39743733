/** What budgets and CI checks say, on the screen, in the API and on the command line: SpeedRank's own wording. */
export const CHECK_MESSAGES = {
  notFound: 'Check not found.',
  noUrls: 'Name at least one URL to check.',
  tooManyUrls: (max: number) => `A check measures ${max} URLs at most.`,
  repeatedUrl: 'Each URL may be named once.',
  labMissing: 'Not measured in this run.',
  categoryMissing: 'This category was not measured in this run.',
  fieldMissing: 'No field data for this page.',
  resourcesMissing: 'The lab did not report what the page fetched.',
  allSamplesFailed: 'Every sample of this page failed.',
  noTrackedPage: 'No tracked page of this URL and device in the workspace.',
  noHistory: 'The tracked page has no good checks on this device yet.',
  empty:
    'No check yet: run `speedrank check URL` in a pipeline, or POST /checks with an API token.',
  whatItDoes:
    'A check measures the pages of a change before it ships, judges them on a budget and against their tracked history, and passes or fails the pipeline that ran it.',
  signedOut: 'Sign in to see the checks your pipelines ran in your workspaces.',
  otherWorkspace:
    'It may belong to another workspace: choose that workspace in the header and open the link again.',
  noBudget: 'No budget limit applies to this page.',
  pageRunning: 'Measuring this page…',
} as const;

export const CHECK_ERROR_CODES = {
  notFound: 'check_not_found',
} as const;
