/** Types of postgres.mjs for the TypeScript that starts a throwaway cluster (benchmarks). */
export function startTestPostgres(): Promise<{ url: string; stop(): void } | null>;
