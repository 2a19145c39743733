import {
  flowBodySchema,
  type FlowBody,
  type FlowStep,
  type FlowStepKind,
} from '@core/flows/flow-schema';
import { FLOW_MESSAGES, FLOW_SCREEN_MESSAGES } from '@core/messages/flows';

/**
 * The editor's copy of a flow: every field a step kind may have, as typed, so that changing
 * a step's kind keeps what was typed into the fields the kinds share (a selector, a name).
 * `stepOf` keeps only the fields of the step's kind, as the schema takes them.
 */
export interface DraftStep {
  /** Stable across moves, for React's keys and the fields' ids. */
  id: string;
  kind: FlowStepKind;
  url: string;
  name: string;
  selector: string;
  navigates: boolean;
  /** A type step types a text, or a secret by its name. */
  types: 'text' | 'secret';
  text: string;
  secret: string;
  value: string;
  key: string;
  /** A waitFor step waits for an element or for a text. */
  waitsFor: 'selector' | 'text';
  /** A scroll step brings an element into view, or scrolls the page by pixels. */
  scrollsTo: 'selector' | 'y';
  y: string;
}

export interface FlowDraft {
  name: string;
  device: 'mobile' | 'desktop';
  steps: DraftStep[];
}

let made = 0;
const newId = () => `step-${++made}`;

export function blankStep(kind: FlowStepKind): DraftStep {
  return {
    id: newId(),
    kind,
    url: '',
    name: '',
    selector: '',
    navigates: false,
    types: 'text',
    text: '',
    secret: '',
    value: '',
    key: '',
    waitsFor: 'selector',
    scrollsTo: 'selector',
    y: '',
  };
}

/** A saved (or imported) step in the editor. */
export function draftOf(step: FlowStep): DraftStep {
  const draft = blankStep(step.kind);
  switch (step.kind) {
    case 'navigate':
      return { ...draft, url: step.url, name: step.name ?? '' };
    case 'click':
      return {
        ...draft,
        selector: step.selector,
        navigates: step.navigates ?? false,
        name: step.name ?? '',
      };
    case 'type':
      return step.secret !== undefined
        ? { ...draft, selector: step.selector, types: 'secret', secret: step.secret }
        : { ...draft, selector: step.selector, text: step.text ?? '' };
    case 'select':
      return { ...draft, selector: step.selector, value: step.value };
    case 'press':
      return { ...draft, key: step.key, navigates: step.navigates ?? false };
    case 'waitFor':
      return step.selector !== undefined
        ? { ...draft, selector: step.selector }
        : { ...draft, waitsFor: 'text', text: step.text ?? '' };
    case 'scroll':
      return step.selector !== undefined
        ? { ...draft, selector: step.selector }
        : { ...draft, scrollsTo: 'y', y: step.y === undefined ? '' : String(step.y) };
    case 'startTimespan':
    case 'snapshot':
      return { ...draft, name: step.name };
    case 'endTimespan':
      return draft;
  }
}

/** An optional field left empty is no field. */
const given = (text: string) => (text.trim() === '' ? undefined : text);

/** A number typed, whole or not; NaN (which the schema refuses) for what is no number. */
const pixels = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The step as the API takes it, from the fields of its kind: what the schema judges. */
export function stepOf(draft: DraftStep): Record<string, unknown> {
  const { kind } = draft;
  const fields: Record<string, unknown> = (() => {
    switch (kind) {
      case 'navigate':
        return { url: draft.url, name: given(draft.name) };
      case 'click':
        return {
          selector: draft.selector,
          navigates: draft.navigates || undefined,
          name: draft.navigates ? given(draft.name) : undefined,
        };
      case 'type':
        // A secret not chosen yet is neither: the schema's "text or secret" says so.
        return draft.types === 'secret'
          ? { selector: draft.selector, secret: given(draft.secret) }
          : { selector: draft.selector, text: draft.text };
      case 'select':
        return { selector: draft.selector, value: draft.value };
      case 'press':
        return { key: draft.key, navigates: draft.navigates || undefined };
      case 'waitFor':
        return draft.waitsFor === 'selector' ? { selector: draft.selector } : { text: draft.text };
      case 'scroll':
        return draft.scrollsTo === 'selector'
          ? { selector: draft.selector }
          : { y: pixels(draft.y) };
      case 'startTimespan':
      case 'snapshot':
        return { name: draft.name };
      case 'endTimespan':
        return {};
    }
  })();
  return Object.fromEntries(
    Object.entries({ kind, ...fields }).filter(([, value]) => value !== undefined),
  );
}

/** The body a save sends, before the schema has judged it. */
export const bodyOf = (draft: FlowDraft) => ({
  name: draft.name,
  device: draft.device,
  steps: draft.steps.map(stepOf),
});

/** `steps` with the step at `index` moved `by` places (-1 up, 1 down); unchanged at an end. */
export function moveStep<T>(steps: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= steps.length) return [...steps];
  const moved = [...steps];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

/** A problem the schema (or the server, in the same words) found, where it found it. */
export interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

export interface StepProblem {
  /** The field of the step it names (url, selector …); none for the step as a whole. */
  field: string | null;
  message: string;
}

/** Problems of a draft, placed where the editor shows them. */
export interface FlowProblems {
  name: string[];
  /** Of the step list as a whole (none, too many). */
  steps: string[];
  /** By step index. */
  byStep: Map<number, StepProblem[]>;
  /** Anything else (a field the editor has no place for). */
  other: string[];
  count: number;
}

/** The schema's own messages, which say it well; others are zod's generic words. */
const OWN_MESSAGES = new Set<string>(
  (Object.values(FLOW_MESSAGES) as unknown[]).filter(
    (value): value is string => typeof value === 'string',
  ),
);

/** A field's problem in the editor's words, where the schema has only zod's. */
const FIELD_WORDS: Partial<Record<string, string>> = {
  name: FLOW_SCREEN_MESSAGES.stepNameNeeded,
  key: FLOW_SCREEN_MESSAGES.keyNeeded,
  y: FLOW_SCREEN_MESSAGES.pixelsNeeded,
  text: FLOW_SCREEN_MESSAGES.tooLong,
  value: FLOW_SCREEN_MESSAGES.tooLong,
  url: FLOW_MESSAGES.invalidUrl,
};

const issueText = (message: string, field: string | null) =>
  OWN_MESSAGES.has(message) ? message : ((field && FIELD_WORDS[field]) ?? message);

/**
 * The issues of a flow's body, by where the editor shows them: the flow's name, the step
 * list, each step (and its field). A step's message is the schema's where it has its own
 * (a selector missing, the order of timespans), the editor's for zod's generic ones.
 */
export function problemsOf(issues: readonly Issue[]): FlowProblems {
  const problems: FlowProblems = { name: [], steps: [], byStep: new Map(), other: [], count: 0 };
  const add = (list: string[], message: string) => {
    if (!list.includes(message)) list.push(message);
  };
  for (const { path, message } of issues) {
    const [top, index, field] = path;
    if (top === 'name' && path.length === 1) {
      add(problems.name, OWN_MESSAGES.has(message) ? message : FLOW_SCREEN_MESSAGES.stepNameNeeded);
    } else if (top === 'steps' && typeof index === 'number') {
      const at = typeof field === 'string' ? field : null;
      const text = issueText(message, at);
      const list = problems.byStep.get(index) ?? [];
      if (!list.some((p) => p.field === at && p.message === text))
        list.push({ field: at, message: text });
      problems.byStep.set(index, list);
    } else if (top === 'steps' && path.length === 1) {
      add(problems.steps, message);
    } else {
      add(problems.other, message);
    }
  }
  problems.count =
    problems.name.length +
    problems.steps.length +
    problems.other.length +
    [...problems.byStep.values()].reduce((sum, list) => sum + list.length, 0);
  return problems;
}

/** The draft judged by the schema the server judges it with; null when it passes. */
export function draftProblems(draft: FlowDraft): FlowProblems | null {
  const parsed = flowBodySchema.safeParse(bodyOf(draft));
  return parsed.success ? null : problemsOf(parsed.error.issues);
}

/** The body the schema made of the draft (trimmed, defaults filled), when it passes. */
export function parsedBody(draft: FlowDraft): FlowBody | null {
  const parsed = flowBodySchema.safeParse(bodyOf(draft));
  return parsed.success ? parsed.data : null;
}

/**
 * The issues of a 400 the server answered, from its message: 'Invalid request. steps.2.url:
 * Enter a full …; name: Name the flow.' (see the API's error handler). Null for a refusal
 * of another kind, whose message is shown as it is.
 */
export function serverIssues(message: string): Issue[] | null {
  const match = /^Invalid request\. (.+)$/s.exec(message);
  if (!match) return null;
  return match[1]!.split('; ').map((part) => {
    const colon = part.indexOf(': ');
    if (colon < 0) return { path: [], message: part };
    const where = part.slice(0, colon);
    const path = where === 'body' ? [] : where.split('.').map((p) => (/^\d+$/.test(p) ? +p : p));
    return { path, message: part.slice(colon + 2) };
  });
}

/** Which steps stand between a "start timespan" and its end: the actions it measures. */
export function insideTimespan(kinds: readonly FlowStepKind[]): boolean[] {
  let open = false;
  return kinds.map((kind) => {
    if (kind === 'startTimespan') {
      open = true;
      return false;
    }
    if (kind === 'endTimespan') {
      open = false;
      return false;
    }
    return open;
  });
}
