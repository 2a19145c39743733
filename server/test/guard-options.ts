import { parseFetchAllowList } from '../src/http/fetch-allow-list';
import type { SafeFetchOptions } from '../src/http/safe-fetch';

/** The page fetcher's guard with the sandbox off and `allow` as FETCH_ALLOW_HOSTS. */
export function guardOptions(
  allow: string,
  resolve?: SafeFetchOptions['resolve'],
): SafeFetchOptions {
  return {
    sandbox: { enabled: false, appPort: 0 },
    allow: parseFetchAllowList(allow),
    timeoutMs: 2000,
    maxBytes: 1024,
    maxRedirects: 3,
    userAgent: 'test',
    ...(resolve ? { resolve } : {}),
  };
}
