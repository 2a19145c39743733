import { Redis } from 'ioredis';
import { HostPaceClosedError, type HostPace } from './port';

export interface RedisHostPaceOptions {
  /** redis://… (REDIS_URL): a connection of its own, closed by close(). */
  redisUrl: string;
  /** Put before the host in its key; 'speedrank:host-pace:' unless given. */
  keyPrefix?: string;
  /** Connection errors; logged by the caller. */
  onError?: (error: Error) => void;
}

/**
 * KEYS: the host's key; ARGV: gapMs. Books on Redis's clock, so that every process agrees,
 * and answers the wait in ms. The key holds the next free start and expires a second after
 * it. Numbers are written with %d: Lua would print a large one in exponent form.
 */
const BOOK = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local start = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
local next = start + tonumber(ARGV[1])
redis.call('SET', KEYS[1], string.format('%d', next), 'PX', string.format('%d', next - now + 1000))
return start - now`;

/** Starts booked on Redis (scale-out mode), shared by every process that crawls. */
export class RedisHostPace implements HostPace {
  private readonly connection: Redis;
  private readonly keyPrefix: string;
  private closed = false;

  constructor(options: RedisHostPaceOptions) {
    this.keyPrefix = options.keyPrefix ?? 'speedrank:host-pace:';
    this.connection = new Redis(options.redisUrl);
    const onError = options.onError ?? (() => undefined);
    this.connection.on('error', (error: Error) => onError(error));
  }

  async book(host: string, gapMs: number): Promise<number> {
    if (this.closed) throw new HostPaceClosedError();
    return Number(await this.connection.eval(BOOK, 1, this.keyPrefix + host, gapMs));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connection.disconnect();
  }
}
