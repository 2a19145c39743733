import { HostPaceClosedError, type HostPace } from './port';

/** Hosts kept before the ones whose booked start has passed are dropped. */
const KEPT_HOSTS = 256;

/** The default: starts booked in this process, on real time. */
export class InProcessHostPace implements HostPace {
  /** Per host, the earliest start the next request may book. */
  private readonly next = new Map<string, number>();
  private closed = false;

  async book(host: string, gapMs: number): Promise<number> {
    if (this.closed) throw new HostPaceClosedError();
    const now = Date.now();
    const start = Math.max(now, this.next.get(host) ?? now);
    if (this.next.size >= KEPT_HOSTS) this.forgetPast(now);
    this.next.set(host, start + gapMs);
    return start - now;
  }

  /** A host whose next start has passed books as if it were new. */
  private forgetPast(now: number): void {
    for (const [host, next] of this.next) if (next <= now) this.next.delete(host);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
