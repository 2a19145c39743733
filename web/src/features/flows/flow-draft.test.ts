import { describe, expect, it } from 'vitest';
import type { FlowStep } from '@core/flows/flow-schema';
import { FLOW_MESSAGES, FLOW_SCREEN_MESSAGES } from '@core/messages/flows';
import {
  blankStep,
  draftOf,
  draftProblems,
  insideTimespan,
  moveStep,
  parsedBody,
  problemsOf,
  serverIssues,
  stepOf,
  type DraftStep,
  type FlowDraft,
} from './flow-draft';

const SIGN_IN_AND_BUY: FlowStep[] = [
  { kind: 'navigate', url: 'https://shop.example/sign-in', name: 'Sign-in page' },
  { kind: 'type', selector: '#email', text: 'robin@example.com' },
  { kind: 'type', selector: '#password', secret: 'SHOP_PASSWORD' },
  { kind: 'click', selector: 'aria/Sign in', navigates: true, name: 'Account' },
  { kind: 'startTimespan', name: 'Add to cart' },
  { kind: 'select', selector: '#size', value: 'L' },
  { kind: 'click', selector: 'button.add' },
  { kind: 'press', key: 'Enter' },
  { kind: 'waitFor', text: 'Added' },
  { kind: 'scroll', y: 600 },
  { kind: 'scroll', selector: '#reviews' },
  { kind: 'waitFor', selector: '.cart-count' },
  { kind: 'endTimespan' },
  { kind: 'snapshot', name: 'Cart' },
];

const draft = (steps: DraftStep[], name = 'Buy'): FlowDraft => ({ name, device: 'mobile', steps });
const step = (kind: DraftStep['kind'], fields: Partial<DraftStep> = {}): DraftStep => ({
  ...blankStep(kind),
  ...fields,
});

describe('the editor’s draft of a flow', () => {
  it('gives back every kind of step as it was saved', () => {
    expect(SIGN_IN_AND_BUY.map((s) => stepOf(draftOf(s)))).toEqual(SIGN_IN_AND_BUY);
    expect(parsedBody(draft(SIGN_IN_AND_BUY.map(draftOf)))?.steps).toEqual(SIGN_IN_AND_BUY);
  });

  it('sends only the fields of the step’s kind, and none left empty that may be', () => {
    const typed = step('click', { selector: '#go', name: 'Typed while a navigate', url: 'x' });
    expect(stepOf(typed)).toEqual({ kind: 'click', selector: '#go' });
    expect(stepOf({ ...typed, kind: 'navigate', url: 'https://a.example/', name: ' ' })).toEqual({
      kind: 'navigate',
      url: 'https://a.example/',
    });
    expect(stepOf(step('type', { selector: '#p', types: 'secret', text: 'kept aside' }))).toEqual({
      kind: 'type',
      selector: '#p',
    });
    expect(stepOf(step('scroll', { scrollsTo: 'y', y: '' }))).toEqual({ kind: 'scroll' });
  });

  it('moves a step up and down, and leaves the ends as they are', () => {
    expect(moveStep(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveStep(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveStep(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveStep(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the schema’s problems, where the editor shows them', () => {
  it('passes a good flow', () => {
    expect(draftProblems(draft(SIGN_IN_AND_BUY.map(draftOf)))).toBeNull();
  });

  it('puts each message beside the step and field it names', () => {
    const problems = draftProblems(
      draft(
        [
          step('navigate', { url: 'shop.example' }),
          step('click', { selector: '  ' }),
          step('type', { selector: '#p', types: 'secret' }),
          step('press', { key: 'Enter key' }),
          step('scroll', { scrollsTo: 'y', y: '12.5' }),
          step('startTimespan', { name: '' }),
          step('endTimespan'),
        ],
        '',
      ),
    )!;
    expect(problems.name).toEqual([FLOW_MESSAGES.noName]);
    expect(problems.byStep.get(0)).toEqual([{ field: 'url', message: FLOW_MESSAGES.invalidUrl }]);
    expect(problems.byStep.get(1)).toEqual([
      { field: 'selector', message: FLOW_MESSAGES.noSelector },
    ]);
    expect(problems.byStep.get(2)).toEqual([{ field: null, message: FLOW_MESSAGES.textOrSecret }]);
    // zod's own words give way to the editor's.
    expect(problems.byStep.get(3)).toEqual([
      { field: 'key', message: FLOW_SCREEN_MESSAGES.keyNeeded },
    ]);
    expect(problems.byStep.get(4)).toEqual([
      { field: 'y', message: FLOW_SCREEN_MESSAGES.pixelsNeeded },
    ]);
    expect(problems.byStep.get(5)).toEqual([
      { field: 'name', message: FLOW_SCREEN_MESSAGES.stepNameNeeded },
    ]);
    expect(problems.count).toBe(7);
  });

  it('names the step that breaks the order of a measured flow', () => {
    const problems = draftProblems(
      draft([
        step('navigate', { url: 'https://shop.example/' }),
        step('startTimespan', { name: 'Search' }),
        step('navigate', { url: 'https://shop.example/cart' }),
        step('endTimespan'),
      ]),
    )!;
    expect([...problems.byStep]).toEqual([
      [2, [{ field: null, message: FLOW_MESSAGES.navigateInTimespan }]],
    ]);
    expect(draftProblems(draft([step('click', { selector: '#a' })]))!.byStep.get(0)).toEqual([
      { field: null, message: FLOW_MESSAGES.startWithNavigate },
    ]);
  });

  it('says so of an empty flow', () => {
    expect(draftProblems(draft([]))!.steps).toEqual([FLOW_MESSAGES.noSteps]);
  });

  it('reads the same problems from the server’s 400', () => {
    const issues = serverIssues(
      `Invalid request. steps.2.url: ${FLOW_MESSAGES.invalidUrl}; steps.0: ${FLOW_MESSAGES.startWithNavigate}; name: ${FLOW_MESSAGES.noName}; body: Unrecognized key: "extra"`,
    )!;
    expect(issues).toEqual([
      { path: ['steps', 2, 'url'], message: FLOW_MESSAGES.invalidUrl },
      { path: ['steps', 0], message: FLOW_MESSAGES.startWithNavigate },
      { path: ['name'], message: FLOW_MESSAGES.noName },
      { path: [], message: 'Unrecognized key: "extra"' },
    ]);
    const problems = problemsOf(issues);
    expect(problems.byStep.get(2)).toEqual([{ field: 'url', message: FLOW_MESSAGES.invalidUrl }]);
    expect(problems.other).toEqual(['Unrecognized key: "extra"']);
    expect(problems.count).toBe(4);
    expect(serverIssues(FLOW_MESSAGES.overLimit(1))).toBeNull();
  });
});

describe('the steps a timespan measures', () => {
  it('are those between its start and its end', () => {
    expect(
      insideTimespan(['navigate', 'startTimespan', 'click', 'type', 'endTimespan', 'snapshot']),
    ).toEqual([false, false, true, true, false, false]);
    expect(insideTimespan(['navigate', 'startTimespan', 'click'])).toEqual([false, false, true]);
  });
});
