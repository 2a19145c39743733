import { queryOptions } from '@tanstack/react-query';
import { USAGE_ENDPOINTS as USAGE } from '@core/endpoints/usage';
import { callEndpoint } from './api-client';
import { useSignedInQuery } from './signed-in-token';

export type UsageTool = 'serp' | 'speed' | 'keywords';

/** One key per tool and token, under ['usage'] so a token check refreshes them all. */
export const usageKey = (tool: UsageTool, token: string) => ['usage', tool, token] as const;

/** What is left of each tool's monthly allowance, as a count; a null count is none left. */
const fetchRemaining: Record<UsageTool, (token: string) => Promise<number>> = {
  serp: (token) => callEndpoint(USAGE.serpUsage, { token }).then((u) => u.numOfSerpLeft ?? 0),
  speed: (token) =>
    callEndpoint(USAGE.speedUsage, { token }).then((u) => u.numOfwebsiteSearchesLeft ?? 0),
  keywords: (token) =>
    callEndpoint(USAGE.keywordUsage, { token }).then((u) => u.kwtSearchesLeft ?? 0),
};

/** What is left of a tool's monthly allowance for the user holding `token`. */
export const remainingQuery = (tool: UsageTool, token: string) =>
  queryOptions({
    queryKey: usageKey(tool, token),
    queryFn: () => fetchRemaining[tool](token),
  });

/** What is left of a tool's monthly allowance for the signed-in user. */
export const useRemaining = (tool: UsageTool) =>
  useSignedInQuery((token) => remainingQuery(tool, token));
