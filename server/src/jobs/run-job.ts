import crypto from 'node:crypto';
import { JOB_CANCELLED_REASON, type EnqueueOptions, type JobEvent, type Jobs } from './port';

/** A job that ended in failure: its reason as the queue recorded it. */
export class JobFailedError extends Error {
  override readonly name = 'JobFailedError';
  constructor(
    readonly state: 'failed' | 'dead-letter',
    reason: string,
  ) {
    super(reason);
  }

  /** Whether it failed because it was cancelled, rather than by its own error. */
  get cancelled(): boolean {
    return this.message === JOB_CANCELLED_REASON;
  }
}

/**
 * Queues one job and waits for its end, wherever a worker runs it: its result, or a
 * JobFailedError. An aborted `signal` cancels the job; one aborted already queues nothing
 * (its 'abort' event is over: a listener would wait forever). Subscribed before it is
 * queued, so that its end cannot pass unheard.
 */
export async function runJob<Data, Result>(
  jobs: Jobs,
  queueName: string,
  data: Data,
  options: EnqueueOptions & { signal?: AbortSignal },
): Promise<Result> {
  const { signal, ...enqueue } = options;
  if (signal?.aborted) throw new JobFailedError('failed', JOB_CANCELLED_REASON);
  const jobId = options.jobId ?? crypto.randomUUID();
  let settle!: (event: JobEvent<Result>) => void;
  const ended = new Promise<JobEvent<Result>>((resolve) => (settle = resolve));
  const unsubscribe = await jobs.subscribe<Result>(queueName, jobId, (event) => {
    if (event.type !== 'progress') settle(event);
  });
  const cancel = () => void jobs.cancel(queueName, jobId);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    await jobs.enqueue(queueName, data, { ...enqueue, jobId });
    const event = await ended;
    if (event.type === 'failed') throw new JobFailedError(event.state, event.reason);
    if (event.type !== 'completed') throw new Error('unreachable');
    return event.result;
  } finally {
    signal?.removeEventListener('abort', cancel);
    unsubscribe();
  }
}
