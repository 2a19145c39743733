import { ADMIN_HINTS } from '@core/messages';

/** The administrator's part of an absence, folded away under the visitor's message. */
export function AdminHint({ hint }: { hint: keyof Omit<typeof ADMIN_HINTS, 'summary'> }) {
  return (
    <details className="small text-body-secondary" data-testid={`admin-hint-${hint}`}>
      <summary>{ADMIN_HINTS.summary}</summary>
      {ADMIN_HINTS[hint]}
    </details>
  );
}
