import crypto from 'node:crypto';
import {
  JOB_CANCELLED_REASON,
  JobCancelledError,
  type EnqueueOptions,
  type JobEvent,
  type Jobs,
} from './port';

/** A job that ended in failure: its reason as the queue recorded it. */
export class JobFailedError extends Error {
  override readonly name = 'JobFailedError';
  constructor(
    readonly state: 'failed' | 'dead-letter',
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * Queues one job and waits for its end, wherever a worker runs it: its result, a
 * JobCancelledError when it was cancelled (here or from anywhere else: the cancel reaches
 * its subscribers as the cancel's reason), or a JobFailedError for a failure of its own.
 * An aborted `signal` cancels the job; one aborted already queues nothing
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
  if (signal?.aborted) throw new JobCancelledError();
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
    if (event.type === 'failed') {
      if (event.reason === JOB_CANCELLED_REASON) throw new JobCancelledError();
      throw new JobFailedError(event.state, event.reason);
    }
    if (event.type !== 'completed') throw new Error('unreachable');
    return event.result;
  } finally {
    signal?.removeEventListener('abort', cancel);
    unsubscribe();
  }
}
