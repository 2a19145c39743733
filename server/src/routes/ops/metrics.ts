import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { QueueStats } from '../../jobs';

/**
 * The figures of `GET /ops/metrics`, in a registry of this app's own (tests run several
 * apps in one process): the queues' counts, set from the jobs port as each scrape comes,
 * and prom-client's process metrics (CPU, memory, event-loop delay, handles).
 */
export class OpsMetrics {
  private readonly registry = new Registry();
  private readonly jobs = new Gauge({
    name: 'speedrank_queue_jobs',
    help: 'Jobs of each queue by state, in every process: waiting (their turn, a backoff or a deferral), active, failed (kept a week at most).',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });
  private readonly workers = new Gauge({
    name: 'speedrank_queue_workers',
    help: 'Workers serving each queue now, in every process; 0 means nothing runs its jobs.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });
  private readonly deadLetters = new Gauge({
    name: 'speedrank_queue_dead_letters',
    help: 'Dead letters among the last 100 failures of each queue (20 at most): jobs that used up their attempts.',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  setQueues(stats: readonly QueueStats[]): void {
    for (const { queueName: queue, waiting, active, failed, workers, deadLetters } of stats) {
      this.jobs.set({ queue, state: 'waiting' }, waiting);
      this.jobs.set({ queue, state: 'active' }, active);
      this.jobs.set({ queue, state: 'failed' }, failed);
      this.workers.set({ queue }, workers);
      this.deadLetters.set({ queue }, deadLetters.length);
    }
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
