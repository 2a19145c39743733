import { z } from 'zod';
import { FLOW_MESSAGES } from '../messages/flows';
import { secretNameSchema } from './secret-name';

/**
 * A user flow: the steps a person takes through a site (open a page, sign in, add to the
 * cart), measured by Lighthouse's user-flow API as navigations, timespans and snapshots.
 * Our own schema, which a Chrome DevTools Recorder file imports into.
 */

export const FLOW_MAX_STEPS = 40;
/** How long an action waits for its element to be there, visible and still. */
export const FLOW_ACTION_TIMEOUT_MS = 10_000;
export const FLOW_DEVICES = ['mobile', 'desktop'] as const;
/** A key a press step names, as the browser gives it: Enter, Tab, Escape, ArrowDown, a. */
export const FLOW_KEY_PATTERN = /^[A-Za-z0-9]{1,20}$/;

const url = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => /^https?:\/\//i.test(text) && URL.canParse(text), FLOW_MESSAGES.invalidUrl);
/** CSS, or one of the Recorder's prefixed kinds: aria/Name, text/Words, xpath//…, pierce/css. */
const selector = z.string().trim().min(1, FLOW_MESSAGES.noSelector).max(500);
/**
 * An ARIA selector that names no role (`aria/Sign in`): the name matches any element that
 * has it, a heading as well as the button, and the first in the page wins.
 */
export const ariaSelectorWithoutRole = (selector: string): boolean =>
  /^aria\//.test(selector.trim()) && !/\[role=/.test(selector);

/** The name a navigation, timespan or snapshot is reported under. */
const stepName = z.string().trim().min(1).max(100);

export const flowStepSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('navigate'), url, name: stepName.optional() }).strict(),
  z
    .object({
      kind: z.literal('click'),
      selector,
      /** The click loads another page: measured as a navigation of its own, not in a timespan. */
      navigates: z.boolean().optional(),
      name: stepName.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('type'),
      selector,
      text: z.string().max(1000).optional(),
      /** A secret of the workspace, by name: its value never leaves the server. */
      secret: secretNameSchema.optional(),
    })
    .strict()
    .refine((step) => (step.text === undefined) !== (step.secret === undefined), {
      message: FLOW_MESSAGES.textOrSecret,
    }),
  z.object({ kind: z.literal('select'), selector, value: z.string().max(500) }).strict(),
  z
    .object({
      kind: z.literal('press'),
      key: z.string().regex(FLOW_KEY_PATTERN),
      navigates: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('waitFor'),
      selector: selector.optional(),
      text: z.string().trim().min(1).max(200).optional(),
    })
    .strict()
    .refine((step) => (step.selector === undefined) !== (step.text === undefined), {
      message: FLOW_MESSAGES.waitForWhat,
    }),
  z
    .object({
      kind: z.literal('scroll'),
      /** Scrolls this element into view; the page, by `y` pixels, without one. */
      selector: selector.optional(),
      y: z.number().int().min(-100_000).max(100_000).optional(),
    })
    .strict(),
  z.object({ kind: z.literal('startTimespan'), name: stepName }).strict(),
  z.object({ kind: z.literal('endTimespan') }).strict(),
  z.object({ kind: z.literal('snapshot'), name: stepName }).strict(),
]);
export type FlowStep = z.infer<typeof flowStepSchema>;
export type FlowStepKind = FlowStep['kind'];

/** Where a step list breaks the rules of a measured flow, by step index; null when it does not. */
export function flowOrderProblem(
  steps: readonly FlowStep[],
): { step: number; message: string } | null {
  if (steps[0]?.kind !== 'navigate') return { step: 0, message: FLOW_MESSAGES.startWithNavigate };
  let open = false;
  for (const [index, step] of steps.entries()) {
    const { kind } = step;
    const navigates =
      kind === 'navigate' || ((kind === 'click' || kind === 'press') && step.navigates === true);
    const problem =
      kind === 'startTimespan' && open
        ? FLOW_MESSAGES.timespanOpen
        : kind === 'endTimespan' && !open
          ? FLOW_MESSAGES.timespanNotOpen
          : navigates && open
            ? FLOW_MESSAGES.navigateInTimespan
            : kind === 'snapshot' && open
              ? FLOW_MESSAGES.snapshotInTimespan
              : null;
    if (problem) return { step: index, message: problem };
    if (kind === 'startTimespan') open = true;
    if (kind === 'endTimespan') open = false;
  }
  return open ? { step: steps.length - 1, message: FLOW_MESSAGES.timespanUnended } : null;
}

export const flowStepsSchema = z
  .array(flowStepSchema)
  .min(1, FLOW_MESSAGES.noSteps)
  .max(FLOW_MAX_STEPS, FLOW_MESSAGES.tooManySteps(FLOW_MAX_STEPS))
  .superRefine((steps, ctx) => {
    const problem = flowOrderProblem(steps);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.step], message: problem.message });
  });

export const flowBodySchema = z
  .object({
    name: z.string().trim().min(1, FLOW_MESSAGES.noName).max(100),
    device: z.enum(FLOW_DEVICES).default('mobile'),
    steps: flowStepsSchema,
  })
  .strict();
export type FlowBody = z.input<typeof flowBodySchema>;

/** The secrets a flow's steps type, by name, each once. */
export const secretNamesOf = (steps: readonly FlowStep[]): string[] => [
  ...new Set(steps.flatMap((step) => (step.kind === 'type' && step.secret ? [step.secret] : []))),
];
