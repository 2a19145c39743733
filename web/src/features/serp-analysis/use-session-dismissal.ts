import { useCallback, useState } from 'react';

const keyOf = (name: string) => `speedrank.dismissed.${name}`;

function readDismissed(name: string): boolean {
  try {
    return window.sessionStorage.getItem(keyOf(name)) === '1';
  } catch {
    return false;
  }
}

/**
 * An alert's dismissal is kept in session storage, so a closed banner stays
 * closed for the rest of the browser session, across searches and reloads.
 */
export function useSessionDismissal(name: string) {
  const [dismissed, setDismissed] = useState(() => readDismissed(name));
  const dismiss = useCallback(() => {
    try {
      window.sessionStorage.setItem(keyOf(name), '1');
    } catch {
      // Storage refused (private mode): the banner stays closed until the page reloads.
    }
    setDismissed(true);
  }, [name]);
  return [dismissed, dismiss] as const;
}
