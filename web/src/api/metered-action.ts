import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usageKey, type UsageTool } from './usage';

/** One metered use: the rate check, what a refusal shows, and the use itself. */
export interface MeteredUse<R, T> {
  /** Asks the rate-check endpoint: a refusal, or null to go on. */
  check: () => Promise<R | null>;
  /** Shows the limit state of a refusal (an alert, the free-trial page); without it the
   * caller reads the refusal from the outcome. */
  onRefused?: (refusal: R) => void;
  /** The use the allowance pays for: a search, a lookup, a test. */
  action: () => Promise<T>;
}

export type MeteredOutcome<R, T> = { refused: true; refusal: R } | { refused: false; value: T };

interface MeteredSteps<R, T> extends MeteredUse<R, T> {
  /** Refreshes the usage count the use spent; null when there is none to refresh here. */
  refresh: (() => void) | null;
  /** A refusal refreshes the count too. */
  refreshOnRefusal: boolean;
}

/**
 * The sequence every metered tool follows: ask the rate check; when it refuses, show the
 * limit and stop; else run the use and then refresh the count it spent, failed or not.
 */
export async function runMetered<R, T>(steps: MeteredSteps<R, T>): Promise<MeteredOutcome<R, T>> {
  const refusal = await steps.check();
  if (refusal !== null) {
    if (steps.refreshOnRefusal) steps.refresh?.();
    steps.onRefused?.(refusal);
    return { refused: true, refusal };
  }
  try {
    return { refused: false, value: await steps.action() };
  } finally {
    steps.refresh?.();
  }
}

export interface MeteredOptions {
  /** The user's token; a visitor (null) has no count to refresh. */
  token: string | null;
  /** Whose count the use spends; null when the page refreshes it by itself. */
  usage: UsageTool | null;
  /** A refusal refreshes the count as well (the keyword tool shows what is left after one). */
  refreshOnRefusal?: boolean;
}

/**
 * A tool's metered use (see `runMetered`): the tool says how to ask (a signed-in user's
 * allowance or a visitor's address), what a refusal shows and which count to refresh.
 */
export function useMeteredAction({ token, usage, refreshOnRefusal = false }: MeteredOptions) {
  const client = useQueryClient();
  return useCallback(
    <R, T>(use: MeteredUse<R, T>) =>
      runMetered({
        ...use,
        refresh:
          token && usage
            ? () => void client.invalidateQueries({ queryKey: usageKey(usage, token) })
            : null,
        refreshOnRefusal,
      }),
    [client, token, usage, refreshOnRefusal],
  );
}
