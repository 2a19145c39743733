/** What user flows say, on the screen and in the API: SpeedRank's own wording. */
export const FLOW_MESSAGES = {
  noName: 'Name the flow.',
  noSteps: 'Add at least one step.',
  tooManySteps: (max: number) => `A flow has ${max} steps at most.`,
  startWithNavigate: 'A flow starts by opening a page: its first step is "navigate".',
  invalidUrl: 'Enter a full http:// or https:// address.',
  noSelector:
    'Name the element: a CSS selector, or aria/, text/, xpath/ or pierce/ followed by it.',
  textOrSecret: 'Type either a text or a secret, by its name.',
  waitForWhat: 'Wait for an element (a selector) or for a text.',
  secretName: 'A secret name is 1 to 64 letters, digits, _ or -.',
  timespanOpen: 'A timespan is open already: end it before starting another.',
  timespanNotOpen: 'No timespan is open to end.',
  timespanUnended: 'End the timespan that is still open.',
  navigateInTimespan: 'Opening a page measures a navigation of its own: end the timespan first.',
  snapshotInTimespan: 'A snapshot measures the page at rest: end the timespan first.',
  recorderInvalid: (why: string) => `Not a Chrome DevTools Recorder file: ${why}`,
  recorderSkipped: (type: string) =>
    `The Recorder's "${type}" step has no counterpart here and was left out.`,
  recorderPassword: (step: number) =>
    `Step ${step} types into a password field: keep the password as a secret and type it by name.`,
  notRunAfter: (step: number) => `Not run: the flow stopped at step ${step}.`,
  stepRefused: (step: number, why: string) => `Step ${step} was refused: ${why}`,
  notMeasured: 'Lighthouse reported nothing for this step.',
  pageStatus: (status: number) => `The page answered HTTP ${status}.`,
  noSecret: (name: string) => `No secret named ${name} in this workspace.`,
  stepTimeout: (seconds: number) => `The step took longer than ${seconds} s.`,
  notFound: 'No such flow in this workspace.',
  runNotFound: 'No such flow run in this workspace.',
  overLimit: (limit: number) =>
    `Your plan keeps ${limit} user flow${limit === 1 ? '' : 's'} per workspace: upgrade for more, or delete one.`,
  nothingToChange: 'Send a name, a device or steps to change.',
  missingSecrets: (names: readonly string[]) =>
    `The flow types secrets this workspace does not have: ${names.join(', ')}. Add them first.`,
  noLab:
    'User flows need Lighthouse in a local Chromium, which this install does not have: install Chromium (apt-get install chromium) or set CHROME_PATH.',
  secretNotFound: 'No secret of that name in this workspace.',
  secretValue: 'A secret is 1 to 4,000 characters.',
  tooManySecrets: (max: number) => `A workspace keeps ${max} secrets at most.`,
} as const;

/** The `code` of flow refusals, so clients need not read the message. */
export const FLOW_ERROR_CODES = {
  notFound: 'flow_not_found',
  runNotFound: 'flow_run_not_found',
  overLimit: 'flow_limit',
  missingSecrets: 'missing_secrets',
  secretNotFound: 'secret_not_found',
  tooManySecrets: 'secret_limit',
} as const;
