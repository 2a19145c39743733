import { useQuery } from '@tanstack/react-query';
import {
  usageKeywordResponseSchema,
  usageSerpResponseSchema,
  usageSpeedResponseSchema,
} from '@core/schemas/auth';
import { useSession } from '../app/session/session-context';
import { apiRequest } from './api-client';

export type UsageTool = 'serp' | 'speed' | 'keywords';

/** One key per tool and token, under ['usage'] so a token check refreshes them all. */
export const usageKey = (tool: UsageTool, token: string) => ['usage', tool, token] as const;

/** What is left of each tool's monthly allowance, as a count. */
export const fetchRemaining: Record<UsageTool, (token: string) => Promise<number>> = {
  serp: (token) =>
    apiRequest('/usage/serp-analysis-tool', usageSerpResponseSchema, { token }).then(
      (u) => u.numOfSerpLeft,
    ),
  speed: (token) =>
    apiRequest('/usage/website-speed-tool', usageSpeedResponseSchema, { token }).then(
      (u) => u.numOfwebsiteSearchesLeft,
    ),
  keywords: (token) =>
    apiRequest('/usage/keyword-tool', usageKeywordResponseSchema, { token }).then(
      (u) => u.kwtSearchesLeft,
    ),
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
    queryFn: () => fetchRemaining[tool](token),
    enabled: ready && Boolean(token),
  });
}
