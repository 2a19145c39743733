import ToggleButton from 'react-bootstrap/ToggleButton';

interface Props<K extends string> {
  label: string;
  /** Unique per card: the chips' input ids. */
  idPrefix: string;
  keys: readonly K[];
  value: string;
  onChange(key: K): void;
}

/**
 * Radio chips choosing which metric the cards show: native radios of one
 * group drawn as chips, so Tab reaches the chosen one and the arrow keys choose.
 */
export function MetricChips<K extends string>({
  label,
  idPrefix,
  keys,
  value,
  onChange,
}: Props<K>) {
  return (
    <div className="d-flex flex-wrap gap-1 mt-2" role="radiogroup" aria-label={label}>
      {keys.map((key) => (
        <ToggleButton
          key={key}
          id={`${idPrefix}-${key}`}
          name={idPrefix}
          type="radio"
          size="sm"
          variant="outline-secondary"
          value={key}
          checked={value === key}
          onChange={() => onChange(key)}
        >
          {key}
        </ToggleButton>
      ))}
    </div>
  );
}
