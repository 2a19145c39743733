const KEY = 'speedrank.confirmation';

const listeners = new Set<(message: string) => void>();

/** Says `message` in the confirmation toast of this page. */
export function confirmToUser(message: string): void {
  for (const listener of listeners) listener(message);
}

/**
 * Says `message` in the confirmation toast of the next page this tab loads, for a journey
 * that ends with a reload: the tab's session storage keeps it until then.
 */
export function confirmOnNextPage(message: string): void {
  window.sessionStorage.setItem(KEY, message);
}

/** The confirmation kept for this page, removed as it is read; null when there is none. */
export function takeConfirmation(): string | null {
  const message = window.sessionStorage.getItem(KEY);
  window.sessionStorage.removeItem(KEY);
  return message;
}

/** Calls `listener` with each confirmation asked for on this page; returns the unsubscribe. */
export function onConfirmation(listener: (message: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
