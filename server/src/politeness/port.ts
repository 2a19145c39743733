/**
 * The host-slots port: politeness limits for speed samples. At most `limit` samples of one
 * host run at once, in this process (the default) or across every worker process sharing
 * Redis (scale-out mode), so that a site is not hammered by several Lighthouse runs at a
 * time. A sample that finds its host full does not wait here: its job goes back to the
 * queue for a while and the worker measures something else meanwhile.
 */
export interface HostSlots {
  /** 'in-process' or 'redis', for health and the logs. */
  readonly kind: 'in-process' | 'redis';

  /**
   * Takes a slot of `host` when one is free: resolves with its release, or null when the
   * host has its limit of samples already. The release is idempotent: a second call frees
   * nothing more.
   */
  tryAcquire(host: string): Promise<(() => Promise<void>) | null>;

  /** Frees the slots held here and closes connections; later calls reject. */
  close(): Promise<void>;
}

/** The host a URL's samples are counted against; an unparsable URL counts as itself. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return url;
  }
}

/** A slot limit both adapters accept alike: a whole number, at least 1. */
export function checkLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`A host slot limit must be a whole number of at least 1, not ${limit}.`);
  }
  return limit;
}

/** What a call rejects with once the slots are closed. */
export class HostSlotsClosedError extends Error {
  override readonly name = 'HostSlotsClosedError';
  constructor() {
    super('The host slots are closed.');
  }
}

/**
 * The host-pace port: the least time between the starts of two requests to one host, kept
 * by every crawl of this process (the default) or of every worker sharing Redis (scale-out
 * mode), so that several MixLab pages scraped at once still reach a shop at one pace.
 */
export interface HostPace {
  /**
   * Books the next start of a request to `host`, at least `gapMs` after the start booked
   * before it; resolves with how long to wait for it in ms (0: at once).
   */
  book(host: string, gapMs: number): Promise<number>;

  /** Closes connections; later calls reject. */
  close(): Promise<void>;
}

/** What a call rejects with once the pace is closed. */
export class HostPaceClosedError extends Error {
  override readonly name = 'HostPaceClosedError';
  constructor() {
    super('The host pace is closed.');
  }
}
