import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import {
  CATEGORY_TITLES,
  OPTIONAL_CATEGORIES,
  SOURCE_CATEGORIES,
  type OptionalCategory,
} from '@core/lighthouse-categories';
import type { RunResult } from '@core/speed';

/** Why a category cannot be chosen on this install's lab source. */
const UNAVAILABLE_WHY = 'PageSpeed Insights runs a Lighthouse without this category.';

/**
 * The Lighthouse categories to measure beside performance (always measured), as
 * checkboxes; a category the lab source lacks is shown disabled, with why.
 */
export function CategoryChoiceField({
  value,
  onChange,
  source,
  label = 'Also check',
}: {
  value: readonly OptionalCategory[];
  onChange(next: OptionalCategory[]): void;
  /** The lab source runs go to; unknown while it loads (every category offered). */
  source: RunResult['source'] | null;
  label?: string;
}) {
  const available = source ? SOURCE_CATEGORIES[source] : OPTIONAL_CATEGORIES;
  const base = useId();
  return (
    <div
      role="group"
      aria-labelledby={`${base}-label`}
      className="d-flex flex-wrap align-items-center column-gap-3 row-gap-1 small mb-1"
    >
      <span id={`${base}-label`}>{label}</span>
      {OPTIONAL_CATEGORIES.map((id) => {
        const offered = available.includes(id);
        return (
          <Form.Check
            key={id}
            inline
            className="me-0"
            type="checkbox"
            id={`${base}-${id}`}
            label={CATEGORY_TITLES[id]}
            title={offered ? undefined : UNAVAILABLE_WHY}
            disabled={!offered}
            checked={offered && value.includes(id)}
            onChange={(event) =>
              onChange(
                event.target.checked ? [...value, id] : value.filter((chosen) => chosen !== id),
              )
            }
          />
        );
      })}
    </div>
  );
}
