import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  /** Shows '8 - 16 characters' under the field. */
  showHint?: boolean;
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with a show/hide toggle. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  error,
  showHint,
  autoComplete,
}: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <InputGroup hasValidation>
        <Form.Control
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          isInvalid={Boolean(error)}
          autoComplete={autoComplete}
        />
        <Button
          variant="outline-secondary"
          type="button"
          onClick={() => setVisible(!visible)}
          aria-label={visible ? 'Hide password' : 'Show password'}
        >
          {visible ? 'hide' : 'show'}
        </Button>
        <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
      </InputGroup>
      {showHint && <Form.Text muted>8 - 16 characters</Form.Text>}
    </Form.Group>
  );
}
