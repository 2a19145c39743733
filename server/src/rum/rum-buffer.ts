import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../shared/clock';
import type { RumCounts } from './rum-counts';
import { RumTally, type RumValue } from './rum-tally';

export interface RumBufferOptions {
  /** How often the counts held are written. */
  flushMs?: number;
  /** Distinct rows held before a write starts early; twice as many make beacons wait for it. */
  maxRows?: number;
}

/**
 * Beacons' counts held in memory and written together: one transaction of multi-row
 * upserts a second instead of a statement per row of every beacon (and beacons of a busy
 * page add to rows already held), and the increments in place keep instances sharing a
 * database from losing each other's counts. A failed write is logged and its counts tried
 * once more with the next one; nothing is thrown at the requests.
 */
export class RumBuffer {
  private tally = new RumTally();
  /** The counts of the last failed write, tried once more by the next. */
  private retry: RumTally | null = null;
  /** Writes run one after another. */
  private writing: Promise<void> = Promise.resolve();
  /** A write queued that has not taken the counts yet: a flush asked meanwhile is the same. */
  private queued: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly flushMs: number;
  private readonly maxRows: number;

  constructor(
    private readonly counts: Pick<RumCounts, 'write'>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    { flushMs = 1000, maxRows = 20_000 }: RumBufferOptions = {},
  ) {
    this.flushMs = flushMs;
    this.maxRows = maxRows;
  }

  /** Distinct rows held now. */
  get size(): number {
    return this.tally.size;
  }

  /**
   * Holds a beacon's values until the next write; past `maxRows` rows the write starts at
   * once, and past twice that the beacon waits for it, so memory stays bounded however
   * slow the database is.
   */
  async add(siteId: string, values: readonly RumValue[], dropped: readonly RumValue[] = []) {
    this.tally.add(siteId, this.clock.now().toISOString().slice(0, 10), values, dropped);
    if (this.tally.size < this.maxRows) return;
    const written = this.flush();
    if (this.tally.size >= 2 * this.maxRows) await written;
  }

  /** Writes everything added so far; resolves once written, or once its failure is logged. */
  flush(): Promise<void> {
    if (!this.queued) {
      this.queued = this.writing.then(() => {
        this.queued = null;
        return this.write();
      });
      this.writing = this.queued;
    }
    return this.queued;
  }

  /** Writes every `flushMs` until stopped; the timer never keeps the process alive. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is held: call it before the database closes. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async write(): Promise<void> {
    const fresh = this.tally;
    const retry = this.retry;
    this.tally = new RumTally();
    this.retry = null;
    let batch = fresh;
    if (retry) {
      batch = new RumTally();
      batch.merge(retry);
      batch.merge(fresh);
    }
    try {
      await this.counts.write(batch);
    } catch (error) {
      if (retry)
        this.log.error({ err: error, values: retry.values }, 'RUM counts lost: their retry failed');
      if (fresh.size === 0) return;
      this.log.error(
        { err: error, values: fresh.values },
        'RUM counts not written: tried again with the next write',
      );
      this.retry = fresh;
    }
  }
}
