import type { EnqueueOptions, Jobs } from './port';
import { runOn, type Queue } from './queue';

/** How long a count of a queue's workers is trusted. */
const WORKER_COUNT_MS = 5_000;

/**
 * Work a person waits for, as jobs: run by whichever process serves the queue (this one by
 * default, the workers in scale-out mode). When no worker serves the queue at all, this
 * process does the work itself rather than keep the person waiting.
 */
export class QueueOrHere<Data, Result> {
  private counted: { workers: number; at: number } | null = null;

  constructor(
    private readonly jobs: Jobs,
    private readonly queue: Queue<Data, Result>,
    private readonly here: (data: Data) => Promise<Result>,
    private readonly options: Omit<EnqueueOptions, 'jobId' | 'priority'>,
  ) {}

  private async workers(): Promise<number> {
    const now = Date.now();
    if (!this.counted || now - this.counted.at > WORKER_COUNT_MS)
      this.counted = { workers: await this.jobs.workerCount(this.queue.name), at: now };
    return this.counted.workers;
  }

  async run(data: Data): Promise<Result> {
    if ((await this.workers()) === 0) return this.here(data);
    return runOn(this.jobs, this.queue, data, this.options);
  }
}
