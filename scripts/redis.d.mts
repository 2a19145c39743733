/** Types of redis.mjs for the TypeScript that starts or checks a throwaway Redis. */
export function pingRedis(port: number): Promise<void>;
export function startTestRedis(): Promise<{ url: string; stop(): void } | null>;
