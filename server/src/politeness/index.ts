import { InProcessHostPace } from './in-process-host-pace';
import { InProcessHostSlots } from './in-process-host-slots';
import type { HostPace, HostSlots } from './port';
import { RedisHostPace, type RedisHostPaceOptions } from './redis-host-pace';
import { RedisHostSlots, type RedisHostSlotsOptions } from './redis-host-slots';

export * from './port';
export { InProcessHostPace } from './in-process-host-pace';
export { InProcessHostSlots } from './in-process-host-slots';
export { RedisHostPace, type RedisHostPaceOptions } from './redis-host-pace';
export { RedisHostSlots, type RedisHostSlotsOptions } from './redis-host-slots';

/**
 * The host-slots adapter the configuration asks for: on Redis when `REDIS_URL` is set
 * (scale-out mode: the limit holds across every worker process), otherwise counted in this
 * process. `options` tune the Redis adapter only.
 */
export function createHostSlots(
  config: { redisUrl?: string; limit: number },
  options: Pick<RedisHostSlotsOptions, 'leaseMs' | 'keyPrefix' | 'onError'> = {},
): HostSlots {
  if (config.redisUrl) {
    return new RedisHostSlots({ ...options, redisUrl: config.redisUrl, limit: config.limit });
  }
  return new InProcessHostSlots({ limit: config.limit });
}

/**
 * The host-pace adapter the configuration asks for: on Redis when `REDIS_URL` is set (the
 * pace holds across every process that crawls), otherwise kept in this process. Both keep
 * real time, never the app's injected clock: a pace is waited for with real timers.
 */
export function createHostPace(
  config: { redisUrl?: string },
  options: Pick<RedisHostPaceOptions, 'keyPrefix' | 'onError'> = {},
): HostPace {
  if (config.redisUrl) return new RedisHostPace({ ...options, redisUrl: config.redisUrl });
  return new InProcessHostPace();
}
