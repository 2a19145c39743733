import { z } from 'zod';
import type { Config } from '../config';
import type { EnqueueOptions, JobHandler, JobPriority, Jobs, JobWorker } from './port';
import { runJob } from './run-job';

/**
 * One queue of the app: its name, the shape of what its jobs carry and return, how many of
 * its jobs one process runs at once, and their usual priority. In scale-out mode a job
 * crosses Redis between processes that may run different versions, so its data is checked
 * when a worker takes it and its result when the enqueuer reads it.
 */
export interface Queue<Data, Result> {
  readonly name: string;
  readonly data: z.ZodType<Data>;
  readonly result: z.ZodType<Result>;
  /** Jobs run at once by one process serving the queue; 0 leaves it to other processes. */
  concurrency(config: Config): number;
  /** What a job of the queue waits behind when its enqueuer does not say otherwise. */
  readonly priority: JobPriority;
}

/** A job whose data is not its queue's: no attempt would read it better. */
export class MalformedJobError extends Error {
  override readonly name = 'MalformedJobError';
  constructor(queueName: string, error: z.ZodError) {
    super(`Not a job of ${queueName}: ${z.prettifyError(error)}`);
  }
}

/** Runs the queue's jobs here, each job's data checked before the handler sees it. */
export function serveQueue<Data, Result>(
  jobs: Jobs,
  queue: Queue<Data, Result>,
  concurrency: number,
  handler: JobHandler<Data, Result>,
): JobWorker {
  return jobs.process<unknown, Result>(queue.name, concurrency, (job, tools) => {
    const parsed = queue.data.safeParse(job.data);
    if (!parsed.success) throw new MalformedJobError(queue.name, parsed.error);
    return handler({ ...job, data: parsed.data }, tools);
  });
}

/** Queues one job at the queue's priority (unless told), typed by its queue. */
export function enqueueTo<Data>(
  jobs: Jobs,
  queue: Queue<Data, unknown>,
  data: Data,
  options: Omit<EnqueueOptions, 'priority'> & { priority?: JobPriority },
): Promise<string> {
  return jobs.enqueue(queue.name, data, { priority: queue.priority, ...options });
}

/** `runJob` on a queue of the registry: its result is checked as it comes back. */
export async function runOn<Data, Result>(
  jobs: Jobs,
  queue: Queue<Data, Result>,
  data: Data,
  options: Omit<EnqueueOptions, 'priority'> & { priority?: JobPriority; signal?: AbortSignal },
): Promise<Result> {
  const result = await runJob<Data, unknown>(jobs, queue.name, data, {
    priority: queue.priority,
    ...options,
  });
  return queue.result.parse(result);
}
