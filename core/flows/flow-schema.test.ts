import { describe, expect, it } from 'vitest';
import { FLOW_MESSAGES } from '../messages/flows';
import { SIGN_IN_MESSAGES } from '../messages/sign-in';
import {
  ariaSelectorWithoutRole,
  FLOW_MAX_STEPS,
  flowBodySchema,
  type FlowStep,
} from './flow-schema';

const open: FlowStep = { kind: 'navigate', url: 'https://shop.example/' };
/** The first message a body's validation gives, and where. */
function refusal(body: unknown) {
  const result = flowBodySchema.safeParse(body);
  if (result.success) return null;
  const [issue] = result.error.issues;
  return { path: issue!.path.join('.'), message: issue!.message };
}

describe('a flow body', () => {
  it('takes a sign-in, an interaction in a timespan and a snapshot', () => {
    const body = {
      name: ' Checkout ',
      steps: [
        open,
        { kind: 'type', selector: '#email', text: 'robin@example.com' },
        { kind: 'type', selector: '#password', secret: 'SHOP_PASSWORD' },
        { kind: 'click', selector: 'aria/Sign in', navigates: true },
        { kind: 'startTimespan', name: 'Add to cart' },
        { kind: 'click', selector: 'button.add' },
        { kind: 'waitFor', text: 'Added' },
        { kind: 'endTimespan' },
        { kind: 'snapshot', name: 'Cart' },
      ],
    };
    const parsed = flowBodySchema.parse(body);
    expect(parsed.name).toBe('Checkout');
    expect(parsed.device).toBe('mobile');
  });

  it.each([
    [[{ kind: 'click', selector: 'a' }], '0', FLOW_MESSAGES.startWithNavigate],
    [[open, { kind: 'endTimespan' }], '1', FLOW_MESSAGES.timespanNotOpen],
    [
      [open, { kind: 'startTimespan', name: 'a' }, { kind: 'startTimespan', name: 'b' }],
      '2',
      FLOW_MESSAGES.timespanOpen,
    ],
    [[open, { kind: 'startTimespan', name: 'a' }, open], '2', FLOW_MESSAGES.navigateInTimespan],
    [
      [
        open,
        { kind: 'startTimespan', name: 'a' },
        { kind: 'click', selector: 'a', navigates: true },
      ],
      '2',
      FLOW_MESSAGES.navigateInTimespan,
    ],
    [
      [open, { kind: 'startTimespan', name: 'a' }, { kind: 'snapshot', name: 's' }],
      '2',
      FLOW_MESSAGES.snapshotInTimespan,
    ],
    [[open, { kind: 'startTimespan', name: 'a' }], '1', FLOW_MESSAGES.timespanUnended],
  ])('refuses steps out of order: %j', (steps, step, message) => {
    expect(refusal({ name: 'f', steps })).toEqual({ path: `steps.${step}`, message });
  });

  it('types a text or a secret, never both or neither', () => {
    const typing = (extra: object) => ({
      name: 'f',
      steps: [open, { kind: 'type', selector: '#q', ...extra }],
    });
    expect(refusal(typing({ text: 'a', secret: 'B' }))?.message).toBe(FLOW_MESSAGES.textOrSecret);
    expect(refusal(typing({}))?.message).toBe(FLOW_MESSAGES.textOrSecret);
    expect(refusal(typing({ secret: 'has space' }))?.message).toBe(SIGN_IN_MESSAGES.secretName);
  });

  it('waits for an element or a text', () => {
    const waiting = (extra: object) => ({
      name: 'f',
      steps: [open, { kind: 'waitFor', ...extra }],
    });
    expect(refusal(waiting({ selector: '.done' }))).toBeNull();
    expect(refusal(waiting({}))?.message).toBe(FLOW_MESSAGES.waitForWhat);
  });

  it('opens http and https pages only', () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'shop.example', 'http://'])
      expect(refusal({ name: 'f', steps: [{ kind: 'navigate', url }] })?.message).toBe(
        FLOW_MESSAGES.invalidUrl,
      );
  });

  it('has a name and at most FLOW_MAX_STEPS steps', () => {
    expect(refusal({ name: ' ', steps: [open] })?.message).toBe(FLOW_MESSAGES.noName);
    expect(refusal({ name: 'f', steps: [] })?.message).toBe(FLOW_MESSAGES.noSteps);
    const many = Array.from({ length: FLOW_MAX_STEPS + 1 }, () => open);
    expect(refusal({ name: 'f', steps: many })?.message).toBe(
      FLOW_MESSAGES.tooManySteps(FLOW_MAX_STEPS),
    );
    expect(refusal({ name: 'f', steps: [open], extra: 1 })).not.toBeNull();
  });
});

describe('ariaSelectorWithoutRole', () => {
  it.each([
    ['aria/Sign in', true],
    [' aria/Add to cart ', true],
    ['aria/Sign in[role="button"]', false],
    ['#email', false],
    ['text/Sign in', false],
  ])('%s: %s', (selector, bare) => {
    expect(ariaSelectorWithoutRole(selector)).toBe(bare);
  });
});
