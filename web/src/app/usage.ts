import { useQuery } from '@tanstack/react-query';
import { authApi } from './auth/auth-api';
import { useSession } from './session/session-context';

type UsageTool = 'serp' | 'speed' | 'keywords';

/** One key per tool and token, under ['usage'] so a token check refreshes them all. */
export const usageKey = (tool: UsageTool, token: string) => ['usage', tool, token] as const;

const fetchers = {
  serp: (token: string) => authApi.usage.serp(token).then((u) => u.numOfSerpLeft),
  speed: (token: string) => authApi.usage.speed(token).then((u) => u.numOfwebsiteSearchesLeft),
  keywords: (token: string) => authApi.usage.keywords(token).then((u) => u.kwtSearchesLeft),
};

/**
 * What is left of a tool's monthly allowance for the signed-in user; asked only once the
 * page-load refresh has settled the token.
 */
export function useRemaining(tool: UsageTool) {
  const { session, ready } = useSession();
  const token = session.token;
  return useQuery({
    queryKey: usageKey(tool, token),
    queryFn: () => fetchers[tool](token),
    enabled: ready && Boolean(token),
  });
}
