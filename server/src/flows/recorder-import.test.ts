import { describe, expect, it } from 'vitest';
import { flowBodySchema } from '@core/flows/flow-schema';
import { FLOW_MESSAGES } from '@core/messages';
import recording from './fixtures/recorder-petshop.json';
import { importRecorder } from './recorder-import';

describe('importing a Chrome DevTools Recorder file', () => {
  it('turns its steps into ours, each run of actions between page loads a timespan', () => {
    const { flow, notes } = importRecorder(recording);
    expect(flow.name).toBe('Pet shop: search and add to cart');
    expect(flow.device).toBe('mobile');
    expect(flow.steps).toEqual([
      { kind: 'navigate', url: 'http://petshop.sandbox.localhost:8080/' },
      { kind: 'startTimespan', name: 'click aria/Search' },
      { kind: 'click', selector: 'aria/Search' },
      { kind: 'type', selector: 'aria/Search', text: 'dog food' },
      { kind: 'endTimespan' },
      // Enter submitted the search: a page load, measured as a navigation.
      { kind: 'press', key: 'Enter', navigates: true },
      { kind: 'waitFor', selector: '.results' },
      { kind: 'startTimespan', name: 'click aria/Add to cart' },
      // The shadow-root chain is passed over for the first plain alternative.
      { kind: 'click', selector: 'aria/Add to cart' },
      { kind: 'scroll', y: 640 },
      { kind: 'type', selector: '#login-password', text: 'hunter2' },
      { kind: 'endTimespan' },
    ]);
    expect(notes).toEqual([
      FLOW_MESSAGES.recorderSkipped('hover'),
      FLOW_MESSAGES.recorderPassword(11),
    ]);
    // What it imports is a flow our API takes as it is.
    expect(flowBodySchema.safeParse(flow).success).toBe(true);
  });

  it('takes a desktop viewport as the desktop device', () => {
    const desktop = {
      ...recording,
      steps: recording.steps.map((step) =>
        step.type === 'setViewport' ? { ...step, isMobile: false, width: 1350 } : step,
      ),
    };
    expect(importRecorder(desktop).flow.device).toBe('desktop');
  });

  it('refuses what is not a Recorder file, saying why', () => {
    expect(() => importRecorder({ title: 'x', steps: [{ type: 'teleport' }] })).toThrow(
      /^Not a Chrome DevTools Recorder file: .*teleport/,
    );
    expect(() => importRecorder([1, 2])).toThrow(/^Not a Chrome DevTools Recorder file/);
  });
});
