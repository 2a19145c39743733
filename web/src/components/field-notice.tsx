import { SPEED_MESSAGES } from '@core/messages';
import type { FieldResult } from '@core/speed';
import { AdminHint } from './admin-hint';

/**
 * Why a field set is absent, from its source: no source configured, a failed lookup (with
 * its reason), or the source's own 'not enough real user data'. Null when the set is there.
 */
export function fieldAbsence(field: FieldResult, scope: 'page' | 'origin', short = false) {
  if (field.error)
    return { kind: 'failed' as const, text: SPEED_MESSAGES.fieldFailed(field.error) };
  if (field.source === 'none')
    return { kind: 'unconfigured' as const, text: SPEED_MESSAGES.fieldNeedsSource };
  if (field[scope]) return null;
  return {
    kind: 'not-enough' as const,
    text: short ? SPEED_MESSAGES.notEnoughDataShort : SPEED_MESSAGES.notEnoughData[scope],
  };
}

/** The notice for an absent field set, styled by its kind; nothing when data is there. */
export function FieldNotice({
  field,
  scope,
  short = false,
}: {
  field: FieldResult;
  scope: 'page' | 'origin';
  short?: boolean;
}) {
  const absence = fieldAbsence(field, scope, short);
  if (!absence) return null;
  const tone = absence.kind === 'failed' ? 'text-danger' : 'text-muted';
  return (
    <div className={`small mb-0 ${tone}`} data-testid={`field-${absence.kind}`}>
      {absence.text}
      {absence.kind === 'unconfigured' && <AdminHint hint="fieldData" />}
    </div>
  );
}

/** A failed sample's label: 'PSI Error' for PageSpeed Insights, else Lighthouse's. */
export function sampleErrorLabel(source: 'local-lighthouse' | 'psi' | null) {
  return source === 'psi' ? SPEED_MESSAGES.psiError : SPEED_MESSAGES.lighthouseError;
}
