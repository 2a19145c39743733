import { parse, type Selector, type Step, type UserFlow } from '@puppeteer/replay';
import { loadsPage } from '@core/flows/flow-result';
import { FLOW_KEY_PATTERN, flowBodySchema, type FlowStep } from '@core/flows/flow-schema';
import { FLOW_MESSAGES } from '@core/messages';
import { Invalid } from '../domain/errors';
import type { z } from 'zod';

/** A Recorder file as a flow of ours, and what did not carry over or needs the user's eye. */
export interface RecorderImport {
  flow: z.output<typeof flowBodySchema>;
  notes: string[];
}

/**
 * The alternative the Recorder lists first that needs no frame or shadow-root chain: its
 * own order is its preference (ARIA, then CSS, XPath, pierce, text).
 */
function selectorOf(selectors: readonly Selector[]): string | null {
  for (const alternative of selectors) {
    if (typeof alternative === 'string') return alternative;
    if (alternative.length === 1) return alternative[0]!;
  }
  return null;
}

const navigates = (step: Step) =>
  'assertedEvents' in step && (step.assertedEvents ?? []).some((e) => e.type === 'navigation');

/** What one Recorder step becomes: a step, nothing (a key's release, closing the tab), or a note. */
function stepOf(step: Step, notes: string[]): FlowStep | null {
  const skip = () => void notes.push(FLOW_MESSAGES.recorderSkipped(step.type));
  const target = 'selectors' in step ? selectorOf(step.selectors) : null;
  switch (step.type) {
    case 'navigate':
      return { kind: 'navigate', url: step.url };
    case 'click':
    case 'doubleClick':
      if (!target) return (skip(), null);
      return { kind: 'click', selector: target, ...(navigates(step) && { navigates: true }) };
    case 'change':
      if (!target) return (skip(), null);
      return { kind: 'type', selector: target, text: step.value };
    case 'keyDown':
      if (!FLOW_KEY_PATTERN.test(step.key)) return (skip(), null);
      return { kind: 'press', key: step.key, ...(navigates(step) && { navigates: true }) };
    case 'scroll':
      return target ? { kind: 'scroll', selector: target } : { kind: 'scroll', y: step.y ?? 0 };
    case 'waitForElement':
      if (!target) return (skip(), null);
      return { kind: 'waitFor', selector: target };
    case 'keyUp':
    case 'setViewport':
    case 'close':
      return null;
    default:
      return (skip(), null);
  }
}

const describe = (step: FlowStep) =>
  `${step.kind} ${'selector' in step && step.selector ? step.selector : 'key' in step ? step.key : ''}`
    .trim()
    .slice(0, 100);

/**
 * A Chrome DevTools Recorder export (JSON) as a flow: its title, its device (the viewport's
 * `isMobile`), its steps. As DevTools' own Lighthouse replay does, each run of actions
 * between two page loads is measured as a timespan, named after its first action.
 */
export function importRecorder(json: unknown): RecorderImport {
  let recording: UserFlow | null = null;
  let why = '';
  try {
    recording = parse(json);
  } catch (error) {
    why = error instanceof Error ? error.message : String(error);
  }
  // A refusal of the user's file (400), not a failure of ours: the parser's words say why.
  if (!recording) throw new Invalid(FLOW_MESSAGES.recorderInvalid(why));
  const notes: string[] = [];
  const viewport = recording.steps.find((step) => step.type === 'setViewport');
  const steps: FlowStep[] = [];
  let open = false;
  for (const step of recording.steps) {
    const ours = stepOf(step, notes);
    if (!ours) continue;
    const waits = ours.kind === 'waitFor';
    if (loadsPage(ours) && open) {
      steps.push({ kind: 'endTimespan' });
      open = false;
    } else if (!loadsPage(ours) && !waits && !open && steps.length > 0) {
      steps.push({ kind: 'startTimespan', name: describe(ours) });
      open = true;
    }
    steps.push(ours);
    // Numbered as the editor shows the imported steps, not as the Recorder file has them.
    if (ours.kind === 'type' && /password/i.test(ours.selector))
      notes.push(FLOW_MESSAGES.recorderPassword(steps.length));
  }
  if (open) steps.push({ kind: 'endTimespan' });
  const flow = flowBodySchema.safeParse({
    name: recording.title.trim().slice(0, 100) || 'Imported flow',
    device: viewport && !viewport.isMobile ? 'desktop' : 'mobile',
    steps,
  });
  if (!flow.success) {
    const [issue] = flow.error.issues;
    const where = issue?.path[0] === 'steps' ? ` (step ${Number(issue.path[1]) + 1})` : '';
    throw new Invalid(FLOW_MESSAGES.recorderInvalid(`${issue?.message ?? ''}${where}`));
  }
  return { flow: flow.data, notes };
}
