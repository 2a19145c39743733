import type { RunPriority } from './port';

/**
 * At most `size` holders at once. A freed slot goes straight to the next waiter:
 * interactive runs first, then background ones (tracked pages' scheduled checks), each
 * in the order they came, so a queue of scheduled checks never delays a person's test by
 * more than the runs already under way.
 */
export class PrioritySlots {
  private busy = 0;
  private readonly waiting: Record<RunPriority, (() => void)[]> = {
    interactive: [],
    background: [],
  };

  constructor(readonly size: number) {}

  async acquire(priority: RunPriority): Promise<void> {
    if (this.busy < this.size) {
      this.busy++;
      return;
    }
    // release() hands its slot over: `busy` already counts this holder.
    await new Promise<void>((resolve) => this.waiting[priority].push(resolve));
  }

  /** Takes a slot only if one is free now, never queueing (for work that may be skipped). */
  tryAcquire(): boolean {
    if (this.busy >= this.size) return false;
    this.busy++;
    return true;
  }

  release(): void {
    const next = this.waiting.interactive.shift() ?? this.waiting.background.shift();
    if (next) next();
    else this.busy--;
  }

  /** Waiters per priority, for tests and the benchmark. */
  get queued(): Record<RunPriority, number> {
    return {
      interactive: this.waiting.interactive.length,
      background: this.waiting.background.length,
    };
  }
}
