import { checkLimit, HostSlotsClosedError, type HostSlots } from './port';

/**
 * The default: slots counted in this process. A host's count is dropped once nothing
 * holds it, so the map stays as small as the work under way.
 */
export class InProcessHostSlots implements HostSlots {
  readonly kind = 'in-process';
  private readonly limit: number;
  private readonly held = new Map<string, number>();
  private closed = false;

  constructor(options: { limit: number }) {
    this.limit = checkLimit(options.limit);
  }

  async tryAcquire(host: string): Promise<(() => Promise<void>) | null> {
    if (this.closed) throw new HostSlotsClosedError();
    const held = this.held.get(host) ?? 0;
    if (held >= this.limit) return null;
    this.held.set(host, held + 1);
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      const left = this.held.get(host)! - 1;
      if (left === 0) this.held.delete(host);
      else this.held.set(host, left);
    };
  }

  /** Held slots stay held until released: their samples are running. */
  async close(): Promise<void> {
    this.closed = true;
  }
}
