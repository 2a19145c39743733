import { useCallback, useSyncExternalStore } from 'react';
import {
  categoryChoiceSchema,
  DEFAULT_CATEGORY_CHOICE,
  inReportOrder,
  type CategoryChoice,
  type OptionalCategory,
} from '@core/lighthouse-categories';
import { authApi } from '../../api/auth';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';

const listeners = new Set<() => void>();
let current: CategoryChoice | null = null;

/**
 * The Lighthouse categories a person measures beside performance, per tool: kept in the
 * browser, and in the server's settings when signed in (taken from there at page load).
 */
export const categoryChoiceStore = {
  get(): CategoryChoice {
    current ??= readStored(
      STORAGE_KEYS.lighthouseCategories,
      categoryChoiceSchema,
      DEFAULT_CATEGORY_CHOICE,
    );
    return current;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  take(choice: CategoryChoice): void {
    current = choice;
    writeStored(STORAGE_KEYS.lighthouseCategories, choice);
    for (const listener of listeners) listener();
  },
};

/** One tool's choice and its setter, which saves it to the server too when signed in. */
export function useCategoryChoice(
  tool: keyof CategoryChoice,
  token: string | null,
): [OptionalCategory[], (next: readonly OptionalCategory[]) => void] {
  const choice = useSyncExternalStore(
    categoryChoiceStore.subscribe,
    categoryChoiceStore.get,
    () => DEFAULT_CATEGORY_CHOICE,
  );
  const set = useCallback(
    (next: readonly OptionalCategory[]) => {
      const ordered = inReportOrder(next);
      categoryChoiceStore.take({ ...categoryChoiceStore.get(), [tool]: ordered });
      if (token)
        authApi
          .saveSettings(token, { lighthouseCategories: { [tool]: ordered } })
          .catch((error: unknown) => console.error('saving the categories failed', error));
    },
    [tool, token],
  );
  return [choice[tool], set];
}
