import type { FlowStep, FlowStepKind } from '../flows/flow-schema';
import { FLOW_BASELINE_RUNS, FLOW_JUDGED_RUNS } from '../flows/flow-judging';
import type { FlowAlertKind } from '../flows/flow-tracking';
import type { RunErrorKind } from '../speed';

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
  nothingToChange: 'Send a name, a device, steps or a schedule to change.',
  usedToSignIn: (urls: readonly string[]) =>
    `Tracked pages sign in with this flow: ${urls.join(', ')}. Measure them signed out or with another flow first.`,
  allowanceUsed:
    'Not run: the scheduled checks of this month are used up. The schedule runs the flow again next month, or after an upgrade.',
  /** A tracked flow's alert in a line: the email's subject, the chat message's heading. */
  alertSubject: (kind: FlowAlertKind, flow: string, step: string | null) =>
    ({
      regression: `Slower: “${step}” of the flow ${flow}`,
      recovery: `Recovered: “${step}” of the flow ${flow}`,
      failing: `The flow ${flow} no longer runs through`,
      fixed: `The flow ${flow} runs through again`,
    })[kind],
  regressionText: (flow: string, step: string, at: string, reasons: readonly string[]) =>
    `The step “${step}” of the flow ${flow} is slower in its last ${FLOW_JUDGED_RUNS} runs (the latest on ${at}):\n\n${reasons.map((r) => `- ${r}`).join('\n')}`,
  recoveryText: (flow: string, step: string, at: string) =>
    `The step “${step}” of the flow ${flow} has recovered: the run on ${at} is no slower than before the regression.`,
  failingText: (flow: string, runs: number, errors: readonly string[]) =>
    `The last ${runs} runs of the flow ${flow} stopped before its end:\n\n${errors.map((e) => `- ${e}`).join('\n')}\n\nA step that fails often means the page changed: check the flow's selectors.`,
  fixedText: (flow: string, at: string) =>
    `The run of the flow ${flow} on ${at} went through every step.`,
  alertOnce:
    'SpeedRank writes once when a step of a tracked flow becomes slower and once when it recovers, and once when the flow stops running through and when it runs again, not on every run.',
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
  usedToSignIn: 'flow_signs_in_pages',
} as const;

/** What the user-flows screens say: SpeedRank's own wording. */
export const FLOW_SCREEN_MESSAGES = {
  whatItDoes:
    'A user flow measures the way a person goes through your site: a page behind a sign-in, a search, a cart. Lighthouse’s user flows measure each page load as a navigation, the clicks and typing between two marks as a timespan, and a page at rest as a snapshot.',
  signedOut:
    'User flows keep their steps, secrets and runs in a workspace. Sign in to measure one.',
  emptyTitle: 'No user flow yet',
  emptyPoints: [
    'Open a page, sign in (the password typed from a secret, by its name), add to the cart: each page a step loads is measured as a speed test measures it.',
    'The clicks and typing between “start timespan” and “end timespan” are measured together: Total Blocking Time, layout shifts and Interaction to Next Paint.',
    'A snapshot looks at the page as it is, loading nothing: its insights, no timings.',
    'Record the way in Chrome DevTools’ Recorder, export it as JSON and import the file here.',
  ],
  flowCount: (count: number, limit: number, plan: string) =>
    `${count} of ${limit} ${limit === 1 ? 'flow' : 'flows'} on the ${plan} plan`,
  readOnlySees: 'the flows, their steps and their runs',
  notFound: 'No such flow in this workspace.',
  runNotFound: 'No such flow run in this workspace.',
  otherWorkspace:
    'It may belong to another workspace: choose that workspace in the header and open the link again.',
  secretsIntro:
    'What flows type without anyone seeing it: the password of a test account, a card number. A step types a secret by its name; its value is sealed on the server, never shown again, and blotted out of errors.',
  secretsAdminOnly: 'Only an admin of the workspace adds, replaces or deletes secrets.',
  secretsEmpty: 'No secret yet.',
  secretSaved: (name: string) => `Secret ${name} saved.`,
  secretDeleted: (name: string) => `Secret ${name} deleted.`,
  secretDates: (added: string, changed: string | null) =>
    changed ? `added ${added}, replaced ${changed}` : `added ${added}`,
  noSecretsToType: 'No secret in this workspace yet: an admin adds them under Secrets.',
  runCharge: (steps: number) =>
    `Measures ${steps} ${steps === 1 ? 'step' : 'steps'}: ${steps} ${steps === 1 ? 'speed test' : 'speed tests'} of the month.`,
  runCharged: (tests: number, ended: boolean, givenBack: number) =>
    `${ended ? 'This run took' : 'This run takes'} ${tests} ${tests === 1 ? 'speed test' : 'speed tests'} of the month${givenBack > 0 ? `; ${givenBack} for the ${givenBack === 1 ? 'step' : 'steps'} that did not run ${givenBack === 1 ? 'was' : 'were'} given back.` : '.'}`,
  runQueued: 'Queued: the run starts when a browser is free.',
  runRunning: 'Running: Lighthouse goes through the steps in a browser…',
  runPending: 'Waiting for its turn…',
  runFailedAt: (step: number, kind: string) => `The flow stopped at step ${step} (${kind}).`,
  runError: 'The run could not happen.',
  failureScreenshot: 'The page when the step failed:',
  measuredBy: (lighthouse: string | null, browser: string | null) =>
    `Measured by ${lighthouse ? `Lighthouse ${lighthouse}` : 'Lighthouse'}${browser ? ` in ${browser}` : ''}`,
  snapshotNoMetrics: 'A snapshot measures no timings: see its insights.',
  noRunsYet: 'No run yet: Run now measures the flow once.',
  historyIntro:
    'Each measured step over the flow’s runs, oldest first: a gap is a run in which the step failed or did not run.',
  historyNothing: 'No step was measured in these runs yet.',
  historySnapshots: 'Snapshots measure no timings: their insights are in each run.',
  importIntro:
    'Record the steps in Chrome DevTools (Recorder panel), export the recording as JSON, and import it: it replaces the steps below.',
  importInvalidJson: 'The file is not JSON: export the recording as JSON from the Recorder.',
  importDone: (steps: number) =>
    `Imported ${steps} ${steps === 1 ? 'step' : 'steps'}: check them, then save.`,
  problems: (count: number) =>
    `${count === 1 ? 'One problem needs' : `${count} problems need`} fixing before the flow can be saved: see the ${count === 1 ? 'message' : 'messages'} above.`,
  savedRunRefused: (why: string) => `The flow was saved, but the run did not start: ${why}`,
  stepNameNeeded: 'Give it a name of up to 100 characters.',
  keyNeeded: 'Name a key as the browser does: Enter, Tab, Escape, ArrowDown, a.',
  pixelsNeeded: 'A whole number of pixels, up to 100,000 either way.',
  tooLong: 'This is too long.',
  notMeasuredRun: 'Nothing was measured: the run ended before its first step.',
  selectorHelp:
    'CSS (#email, button.add), or aria/Name, text/Words, xpath//… or pierce/… as the Recorder writes them.',
  ariaNeedsRole:
    'An ARIA name matches every element that has it, a heading as well as a button: add the role, as in aria/Sign in[role="button"].',
  trackingLabel: 'Run on a schedule',
  trackingOff: 'Not tracked',
  trackingDaily: 'Daily',
  trackingHourly: 'Hourly',
  hourlyNeedsUpgrade: 'Hourly runs need a plan with hourly tracking.',
  trackingIntro: `A tracked flow runs on its schedule, one scheduled check of the month per measured step. A step is a regression when its last ${FLOW_JUDGED_RUNS} runs are slower than the ${FLOW_BASELINE_RUNS} good runs before them (the statistics of tracked pages); the workspace owner gets an email and the webhooks an event when it is, and when it recovers.`,
  nextRun: (at: string) => `Next run ${at}.`,
  trackingSaved: (schedule: string | null) =>
    schedule ? `Tracked: the flow runs ${schedule}.` : 'No longer tracked.',
  stepRegression: 'Regression',
  flowFailing: 'Failing: the last runs stopped before the end.',
  alertsTitle: 'Alerts',
  alertsEmpty:
    'No alert yet. A tracked flow alerts when a step becomes slower or the flow stops running through.',
  alertHeadline: (kind: 'regression' | 'recovery' | 'failing' | 'fixed', step: string | null) =>
    ({
      regression: `“${step}” became slower`,
      recovery: `“${step}” recovered`,
      failing: 'The flow stopped running through',
      fixed: 'The flow runs through again',
    })[kind],
  triggerSchedule: 'scheduled',
  triggerManual: 'run now',
} as const;

/** Each kind of a tracked flow's alert, as its badge names it. */
export const FLOW_ALERT_KIND_NAMES = {
  regression: 'Regression',
  recovery: 'Recovered',
  failing: 'Failing',
  fixed: 'Fixed',
} as const;

/** Each step kind as the editor's choice names it. */
export const FLOW_STEP_KIND_NAMES: Record<FlowStepKind, string> = {
  navigate: 'Open a page',
  click: 'Click',
  type: 'Type',
  select: 'Choose an option',
  press: 'Press a key',
  waitFor: 'Wait for',
  scroll: 'Scroll',
  startTimespan: 'Start a timespan',
  endTimespan: 'End the timespan',
  snapshot: 'Snapshot',
};

/** What Lighthouse measured a step as. */
export const FLOW_MEASURED_KIND_NAMES = {
  navigation: 'Navigation',
  timespan: 'Timespan',
  snapshot: 'Snapshot',
} as const;

export const FLOW_RUN_STATUS_NAMES = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  error: 'Could not run',
} as const;

export const FLOW_STEP_STATUS_NAMES = {
  done: 'Measured',
  failed: 'Failed',
  not_run: 'Not run',
} as const;

/** Why a run could not happen, in a word or two (its message says the rest). */
export const FLOW_RUN_ERROR_KIND_NAMES: Record<RunErrorKind, string> = {
  timeout: 'timed out',
  http_status: 'HTTP error',
  crashed: 'browser crashed',
  blocked_address: 'address refused',
  unreachable: 'unreachable',
  browser_missing: 'no browser',
  provider: 'provider failed',
  cancelled: 'cancelled',
  other: 'other error',
};

/** A step in words, as a list of the flow's steps reads it. */
export function flowStepText(step: FlowStep): string {
  switch (step.kind) {
    case 'navigate':
      return `Open ${step.url}${step.name ? ` (“${step.name}”)` : ''}`;
    case 'click':
      return `Click ${step.selector}${step.navigates ? `, which loads a page${step.name ? ` (“${step.name}”)` : ''}` : ''}`;
    case 'type':
      return step.secret !== undefined
        ? `Type the secret ${step.secret} into ${step.selector}`
        : `Type “${step.text ?? ''}” into ${step.selector}`;
    case 'select':
      return `Choose “${step.value}” in ${step.selector}`;
    case 'press':
      return `Press ${step.key}${step.navigates ? ', which loads a page' : ''}`;
    case 'waitFor':
      return step.selector !== undefined
        ? `Wait for ${step.selector}`
        : `Wait for the text “${step.text ?? ''}”`;
    case 'scroll':
      return step.selector !== undefined
        ? `Scroll ${step.selector} into view`
        : `Scroll the page by ${step.y ?? 0} px`;
    case 'startTimespan':
      return `Start the timespan “${step.name}”`;
    case 'endTimespan':
      return 'End the timespan';
    case 'snapshot':
      return `Take a snapshot “${step.name}”`;
  }
}
