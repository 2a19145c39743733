import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUEUED_RUN, type RunStatus } from '@core/speed';
import { followRunStatus, speedApi } from './speed-runs';

/** An EventSource the test drives: messages, breaks the browser reconnects from, a close. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.OPEN;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  send(progress: object) {
    this.readyState = FakeEventSource.OPEN;
    this.onmessage?.({ data: JSON.stringify(progress) });
  }
  /** The stream broke: the browser reconnects (CONNECTING) or gives up (CLOSED). */
  break(state: number) {
    this.readyState = state;
    this.onerror?.();
  }
  close() {
    this.closed = true;
  }
}

const done: RunStatus = { ...QUEUED_RUN, status: 'done', stage: 'done' };

describe('following a run', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const follow = () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const status = vi.spyOn(speedApi, 'status').mockResolvedValue(done);
    const stages: string[] = [];
    const followed = followRunStatus('run-1', (progress) => stages.push(progress.stage));
    return { source: FakeEventSource.last!, status, stages, followed };
  };

  it('stays on a stream that breaks and reconnects, until the run ends', async () => {
    const { source, status, stages, followed } = follow();
    source.send({ stage: 'loading', status: 'running' });
    // An API instance went away; the browser reconnects to another with Last-Event-ID.
    source.break(FakeEventSource.CONNECTING);
    expect(status).not.toHaveBeenCalled();
    expect(source.closed).toBe(false);
    source.send({ stage: 'auditing', status: 'running' });
    source.send({ stage: 'done', status: 'done' });
    expect(await followed).toEqual(done);
    expect(stages).toEqual(['loading', 'auditing', 'done']);
    expect(status).toHaveBeenCalledTimes(1);
    expect(source.closed).toBe(true);
  });

  it('polls the status instead once the stream keeps breaking or is refused', async () => {
    const flaky = follow();
    for (let i = 0; i < 4; i++) flaky.source.break(FakeEventSource.CONNECTING);
    expect(await flaky.followed).toEqual(done);
    expect(flaky.source.closed).toBe(true);
    vi.restoreAllMocks();
    const refused = follow();
    refused.source.break(FakeEventSource.CLOSED);
    expect(await refused.followed).toEqual(done);
    expect(refused.status).toHaveBeenCalledTimes(1);
  });
});
