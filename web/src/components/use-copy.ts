import { useCallback, useEffect, useState } from 'react';

/** How long "Copied" shows before the copy button is back. */
const COPIED_MS = 1_500;

/** Copies text to the clipboard; `copied` holds for a moment after it worked. */
export function useCopy(what: string) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(
    (text: string) => {
      navigator.clipboard.writeText(text).then(
        () => setCopied(true),
        (error: unknown) => console.error(`copying the ${what} failed`, error),
      );
    },
    [what],
  );
  return { copied, copy };
}
