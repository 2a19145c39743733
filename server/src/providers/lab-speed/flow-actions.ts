import { selectorToPElementSelector } from '@puppeteer/replay';
import type { KeyInput, Page } from 'puppeteer-core';
import type { FlowStep } from '@core/flows/flow-schema';
import { FLOW_MESSAGES } from '@core/messages';

/** The steps a person takes, as against those Lighthouse measures (pages, timespans, snapshots). */
export type FlowAction = Extract<
  FlowStep,
  { kind: 'click' | 'type' | 'select' | 'press' | 'waitFor' | 'scroll' }
>;

export const isAction = (step: FlowStep): step is FlowAction =>
  !['navigate', 'startTimespan', 'endTimespan', 'snapshot'].includes(step.kind);

export interface ActionContext {
  page: Page;
  /** How long an element may take to appear and become actionable. */
  timeoutMs: number;
  /** A workspace secret's value, by name. */
  secret(name: string): string;
}

/** Reads a secret's value by name for the steps that type it; a name not given is an error. */
export const secretReader =
  (secrets: Readonly<Record<string, string>>) =>
  (name: string): string => {
    const value = secrets[name];
    if (value === undefined) throw new Error(FLOW_MESSAGES.noSecret(name));
    return value;
  };

/**
 * Takes one action in the page with puppeteer's locators, which wait for the element to be
 * there, visible, still and enabled, and scroll it into view. Selectors are CSS or the
 * Recorder's prefixed kinds (aria/, text/, xpath/, pierce/), which @puppeteer/replay turns
 * into puppeteer's own.
 */
export async function performAction(step: FlowAction, context: ActionContext): Promise<void> {
  const { page, timeoutMs } = context;
  const at = (selector: string) =>
    page.locator(selectorToPElementSelector(selector)).setTimeout(timeoutMs);
  switch (step.kind) {
    case 'click':
      return at(step.selector).click();
    case 'type':
      return at(step.selector).fill(
        step.secret === undefined ? (step.text ?? '') : context.secret(step.secret),
      );
    case 'select':
      return at(step.selector).fill(step.value);
    case 'press':
      return page.keyboard.press(step.key as KeyInput);
    case 'waitFor':
      return void (await at(step.selector ?? `text/${step.text}`).wait());
    case 'scroll':
      if (step.selector) {
        const element = await at(step.selector).waitHandle();
        await element.scrollIntoView();
        return element.dispose();
      }
      return page.evaluate((y) => window.scrollBy(0, y), step.y ?? 0);
  }
}
