import { useId, useMemo, useState, type ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';

export interface SelectOption {
  value: string;
  label: string;
  /** Extra text matched by the filter but not shown, e.g. a country code. */
  keywords?: string;
  /** Drawn before the label (a flag); decorative, the label names the option. */
  icon?: ReactNode;
}

interface Props {
  label: string;
  options: readonly SelectOption[];
  value: string;
  onChange(value: string): void;
  /** data-testid root for browser tests. */
  testId?: string;
}

/** A select whose list filters as the user types, for long lists such as countries. */
export function SearchableSelect({ label, options, value, onChange, testId }: Props) {
  const [query, setQuery] = useState('');
  const [show, setShow] = useState(false);
  const labelId = useId();
  const selected = options.find((o) => o.value === value);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    if (!q) return options;
    return options.filter((o) =>
      `${o.label} ${o.value} ${o.keywords ?? ''}`.toLowerCase().includes(q),
    );
  }, [options, query]);

  return (
    <Form.Group className="mb-3" data-testid={testId}>
      <Form.Label id={labelId}>{label}</Form.Label>
      <Dropdown
        show={show}
        onToggle={(next) => {
          setShow(next);
          if (!next) setQuery('');
        }}
      >
        <Dropdown.Toggle
          variant="outline-secondary"
          className="w-100 d-flex justify-content-between align-items-center text-start"
          aria-labelledby={labelId}
        >
          <span className="text-truncate">
            {selected?.icon && <span className="me-2">{selected.icon}</span>}
            {selected?.label ?? value}
          </span>
        </Dropdown.Toggle>
        <Dropdown.Menu className="w-100 p-2">
          <Form.Control
            autoFocus
            size="sm"
            placeholder={`Search ${label.toLowerCase()}`}
            aria-label={`Search ${label.toLowerCase()}`}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="mb-2"
          />
          <div className="sr-select-menu" role="listbox" aria-labelledby={labelId}>
            {filtered.map((o) => (
              <Dropdown.Item
                key={o.value}
                as="button"
                type="button"
                role="option"
                aria-selected={o.value === value}
                active={o.value === value}
                onClick={() => {
                  onChange(o.value);
                  setShow(false);
                  setQuery('');
                }}
              >
                {o.icon && <span className="me-2">{o.icon}</span>}
                {o.label}
              </Dropdown.Item>
            ))}
            {filtered.length === 0 && <div className="text-muted small px-2">No matches</div>}
          </div>
        </Dropdown.Menu>
      </Dropdown>
    </Form.Group>
  );
}
