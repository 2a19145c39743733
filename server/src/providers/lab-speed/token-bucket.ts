/**
 * A token bucket: `perMinute` tokens a minute, at most `burst` saved up. Callers take one
 * token each, in the order they came, waiting while none is left; a caller whose signal
 * aborts leaves the line without its token.
 */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  /** The callers waiting, in order: each takes its token once the one before has. */
  private line: Promise<void> = Promise.resolve();

  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void> = sleepFor,
  ) {
    this.tokens = burst;
    this.updatedAt = now();
  }

  private refill(): void {
    const at = this.now();
    this.tokens = Math.min(
      this.burst,
      this.tokens + ((at - this.updatedAt) * this.perMinute) / 60_000,
    );
    this.updatedAt = at;
  }

  take(signal?: AbortSignal): Promise<void> {
    const turn = this.line.then(async () => {
      for (;;) {
        signal?.throwIfAborted();
        this.refill();
        if (this.tokens >= 1) {
          this.tokens -= 1;
          return;
        }
        await this.sleep(Math.ceil(((1 - this.tokens) * 60_000) / this.perMinute), signal);
      }
    });
    // The next caller waits for this one's turn, whatever became of it.
    this.line = turn.catch(() => undefined);
    return turn;
  }
}

function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
