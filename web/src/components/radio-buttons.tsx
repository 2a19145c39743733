import type { ReactNode } from 'react';
import ToggleButton, { type ToggleButtonProps } from 'react-bootstrap/ToggleButton';
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup';

export interface RadioOption<T extends string> {
  value: T;
  label: ReactNode;
}

/**
 * A group of toggle buttons of which one is on, labelled `ariaLabel` for assistive tech. Each
 * button's input has the id `${name}-${value}`, so a label can be found by its `for`.
 */
export function RadioButtons<T extends string>({
  name,
  ariaLabel,
  options,
  value,
  onChange,
  size,
  variant = 'outline-primary',
  className,
}: {
  name: string;
  ariaLabel: string;
  options: readonly RadioOption<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'sm' | 'lg';
  variant?: ToggleButtonProps['variant'];
  className?: string;
}) {
  return (
    <ToggleButtonGroup
      type="radio"
      name={name}
      size={size}
      value={value}
      onChange={(next: T) => onChange(next)}
      aria-label={ariaLabel}
      className={className}
    >
      {options.map((option) => (
        <ToggleButton
          key={option.value}
          id={`${name}-${option.value}`}
          value={option.value}
          variant={variant}
        >
          {option.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
