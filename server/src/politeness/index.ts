import { InProcessHostSlots } from './in-process-host-slots';
import type { HostSlots } from './port';
import { RedisHostSlots, type RedisHostSlotsOptions } from './redis-host-slots';

export * from './port';
export { InProcessHostSlots } from './in-process-host-slots';
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
