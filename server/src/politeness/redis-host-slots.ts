import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { checkLimit, HostSlotsClosedError, type HostSlots } from './port';

export type RedisHostSlotsOptions = (
  | {
      /** redis://… (REDIS_URL): a connection of its own, closed by close(). */
      redisUrl: string;
    }
  | {
      /** A connection shared with the caller, who closes it: close() leaves it open. */
      connection: Redis;
    }
) & {
  /** Samples of one host at once, across every process; all of them should agree on it. */
  limit: number;
  /**
   * How long a slot stays held without renewal (renewed every third of it): what a
   * crashed holder costs its host's waiters. 30 s unless given.
   */
  leaseMs?: number;
  /** Put before the host in its key; 'speedrank:host-slots:' unless given. */
  keyPrefix?: string;
  /** Failed renewals and releases, and lost leases; logged by the caller. */
  onError?: (error: Error) => void;
};

/** Redis's clock in ms: every process's leases are measured against the same one. */
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[2])
`;
/** The key lives as long as its longest lease, whatever lease each process uses. */
const KEEP = `
if redis.call('PTTL', KEYS[1]) < lease then redis.call('PEXPIRE', KEYS[1], lease) end
`;
/** KEYS: the host's sorted set; ARGV: token, leaseMs, limit. 1 when the slot is taken. */
const ACQUIRE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + lease, ARGV[1])
${KEEP}
return 1`;
/** KEYS: the host's sorted set; ARGV: token, leaseMs. 0 when the slot was lost meanwhile. */
const RENEW = `${NOW}
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], 'XX', now + lease, ARGV[1])
${KEEP}
return 1`;

interface Held {
  key: string;
  token: string;
  renewal: NodeJS.Timeout;
}

/**
 * Slots on Redis (scale-out mode), shared by every worker process. Per host, a sorted set
 * of holders' random tokens scored by lease expiry on Redis's clock: a crashed holder's
 * slot frees itself when its lease runs out. A holder whose renewals
 * fail for a whole lease (Redis unreachable) loses its slot without being stopped: the
 * limit may then be exceeded for the rest of that sample.
 */
export class RedisHostSlots implements HostSlots {
  readonly kind = 'redis';
  private readonly connection: Redis;
  private readonly ownsConnection: boolean;
  private readonly limit: number;
  private readonly leaseMs: number;
  private readonly keyPrefix: string;
  private readonly onError: (error: Error) => void;
  private readonly held = new Set<Held>();
  private closed = false;

  constructor(options: RedisHostSlotsOptions) {
    this.limit = checkLimit(options.limit);
    this.leaseMs = options.leaseMs ?? 30_000;
    this.keyPrefix = options.keyPrefix ?? 'speedrank:host-slots:';
    this.onError = options.onError ?? (() => undefined);
    if ('connection' in options) {
      this.connection = options.connection;
      this.ownsConnection = false;
    } else {
      this.connection = new Redis(options.redisUrl);
      this.connection.on('error', (error: Error) => this.onError(error));
      this.ownsConnection = true;
    }
  }

  async tryAcquire(host: string): Promise<(() => Promise<void>) | null> {
    if (this.closed) throw new HostSlotsClosedError();
    const key = this.keyPrefix + host;
    const token = crypto.randomUUID();
    return (await this.take(key, token)) ? this.hold(key, token) : null;
  }

  private async take(key: string, token: string): Promise<boolean> {
    return (await this.connection.eval(ACQUIRE, 1, key, token, this.leaseMs, this.limit)) === 1;
  }

  private hold(key: string, token: string): () => Promise<void> {
    const held: Held = {
      key,
      token,
      renewal: setInterval(() => void this.renew(held), this.leaseMs / 3),
    };
    // A forgotten release does not keep the process up; its lease runs out.
    held.renewal.unref();
    this.held.add(held);
    let released: Promise<void> | null = null;
    return () => (released ??= this.release(held));
  }

  private async renew(held: Held): Promise<void> {
    try {
      const renewed = await this.connection.eval(RENEW, 1, held.key, held.token, this.leaseMs);
      // 0 after a release is no news: the release came first.
      if (renewed === 0 && this.forget(held)) {
        this.onError(new Error(`The slot on ${held.key} was lost: its lease ran out.`));
      }
    } catch (error) {
      this.onError(error as Error);
    }
  }

  /** Stops renewing; false when it was released or forgotten already. */
  private forget(held: Held): boolean {
    clearInterval(held.renewal);
    return this.held.delete(held);
  }

  /** Best effort: a slot whose ZREM fails frees itself when its lease runs out. */
  private async release(held: Held): Promise<void> {
    if (!this.forget(held)) return;
    try {
      await this.connection.zrem(held.key, held.token);
    } catch (error) {
      this.onError(error as Error);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.held].map((held) => this.release(held)));
    if (this.ownsConnection) this.connection.disconnect();
  }
}
