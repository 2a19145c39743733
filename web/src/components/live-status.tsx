/**
 * The page's polite live region: screen readers read its text when it changes, after what
 * they are saying. It is always rendered (a region that appears with its text is often not
 * read), visually hidden, and holds one message at a time; '' says nothing.
 */
export function LiveStatus({
  message,
  testId = 'live-status',
}: {
  message: string;
  /** Another name where a page's own region is also on screen. */
  testId?: string;
}) {
  return (
    <div
      className="visually-hidden"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid={testId}
    >
      {message}
    </div>
  );
}
